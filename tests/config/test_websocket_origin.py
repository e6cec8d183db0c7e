"""A socket opens only from a page of this very site: the Origin must name the scheme, host and
port the request came to (or be listed in CSRF_TRUSTED_ORIGINS), as Django's CSRF check asks
of a form. A page on another port of the same host is another site."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def opens(host: str, origin: str | None, *extra: tuple[bytes, bytes]) -> bool:
    headers = [(b"host", host.encode()), *extra]
    if origin is not None:
        headers.append((b"origin", origin.encode()))

    async def run():
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
        connected, _ = await communicator.connect(timeout=10)
        if connected:
            await communicator.disconnect()
        return connected

    return async_to_sync(run)()


@pytest.mark.parametrize(
    ("origin", "opened"),
    [
        ("http://127.0.0.1:8300", True),
        ("http://localhost:9999", False),
        ("https://127.0.0.1:8300", False),
        ("http://127.0.0.1:8301", False),
        ("http://127.0.0.1", False),
        ("null", False),
        (None, False),
    ],
)
def test_only_the_sites_own_scheme_host_and_port_open_a_socket(origin, opened):
    assert opens("127.0.0.1:8300", origin) is opened


def test_a_host_the_site_does_not_serve_is_no_origin_of_its_own():
    assert opens("evil.example", "http://evil.example") is False


def test_behind_a_tls_proxy_the_trusted_https_origin_opens_a_socket(settings):
    settings.ALLOWED_HOSTS = ["stich.example"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://stich.example"]
    assert opens("stich.example", "https://stich.example") is True
    assert opens("stich.example", "http://stich.example:8000") is False


def test_the_proxys_forwarded_scheme_counts_as_djangos_does(settings):
    settings.ALLOWED_HOSTS = ["stich.example"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    forwarded = (b"x-forwarded-proto", b"https")
    assert opens("stich.example", "https://stich.example", forwarded) is True
    assert opens("stich.example", "http://stich.example", forwarded) is False
    assert opens("stich.example", "https://stich.example") is False
