"""Where the site listens, and what that asks of its settings. A site reachable from other
machines signs sessions with the operator's key, never with one generated into the checkout.

`python3 config/serving.py` is the same check for `make run`, before anything is installed
(so no Django here at import time, and run as a file: the config package imports Celery),
ending with the message instead of a traceback."""

import os
import sys

LOOPBACK = {"localhost", "::1", "[::1]"}


def is_loopback(host: str) -> bool:
    host = host.strip()
    return host in LOOPBACK or host.startswith("127.")


def refusal(host: str, secret_key: str) -> str | None:
    if not host or is_loopback(host) or secret_key:
        return None
    return (f"Stich refuses to listen on {host} without SECRET_KEY: the key generated into the data "
            "folder is for a site only this machine can reach. Set SECRET_KEY (e.g. "
            "`python3 -c 'import secrets; print(secrets.token_urlsafe(64))'`) or bind to 127.0.0.1.")


def require_secret_key_beyond_loopback(host: str, secret_key: str) -> None:
    if message := refusal(host, secret_key):
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(message)


if __name__ == "__main__":
    sys.exit(refusal(os.environ.get("STICH_HOST", ""), os.environ.get("SECRET_KEY", "")))
