"""Where the site listens, and what that asks of its settings. A site reachable from other
machines signs sessions with the operator's key, never with one generated into the checkout."""

from django.core.exceptions import ImproperlyConfigured

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def is_loopback(host: str) -> bool:
    return host.strip() in LOOPBACK or host.strip().startswith("127.")


def require_secret_key_beyond_loopback(host: str, secret_key: str) -> None:
    if host and not is_loopback(host) and not secret_key:
        raise ImproperlyConfigured(
            f"Stich refuses to listen on {host} without SECRET_KEY: the key generated into the "
            "data folder is for a site only this machine can reach. Set SECRET_KEY (e.g. "
            "`python -c 'import secrets; print(secrets.token_urlsafe(64))'`) or bind to 127.0.0.1."
        )
