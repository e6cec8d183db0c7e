"""The websockets' Origin check. A socket carries our player's session cookie, so it may only
be opened by a page of this very site: the Origin must name the scheme, host and port the
request came to, or be listed in CSRF_TRUSTED_ORIGINS — what Django's CSRF check asks of a
form. channels' AllowedHostsOriginValidator compares host names only, which let a page on
another port of the same host, or on plain HTTP beside our HTTPS, talk as our players."""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def same_origin(scope) -> bool:
    origin = _parse(_header(scope, b"origin"))
    if origin is None:
        return False
    allowed = [_parse(url) for url in [_own_origin(scope), *settings.CSRF_TRUSTED_ORIGINS]]
    return origin in allowed


def _own_origin(scope) -> str | None:
    """The origin this request came to, as Django's request.scheme and get_host() give it."""
    host = _header(scope, b"host")
    if host is None:
        return None
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    return f"{'https' if _secure(scope) else 'http'}://{host}"


def _secure(scope) -> bool:
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        name, secure_value = proxy
        forwarded = _header(scope, name.removeprefix("HTTP_").replace("_", "-").lower().encode())
        if forwarded is not None:
            return forwarded.split(",", 1)[0].strip() == secure_value
    return scope.get("scheme") == "wss"


def _parse(url: str | None) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) origin; None for anything else ("null", garbage)."""
    if not url:
        return None
    try:
        parts = urlsplit(url.strip().lower())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None
