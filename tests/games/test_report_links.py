"""The "Report a player" links follow who is seated: a player who sits down after the page
was drawn appears in the links the socket sends, one who stands up leaves them."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import services

pytestmark = pytest.mark.django_db(transaction=True)


def _cookie(user) -> bytes:
    browser = Client()
    browser.force_login(user)
    return f"sessionid={browser.cookies['sessionid'].value}".encode()


def _links(frame: str) -> str:
    start = frame.index('id="t-report-links"')
    return frame[start:frame.index("</p>", start)]


async def _open_pages(path: str, *cookies: bytes) -> list[WebsocketCommunicator]:
    """One connected table socket per cookie, as the browser opens them."""
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    pages = [WebsocketCommunicator(application, path, headers=[*headers, (b"cookie", cookie)]) for cookie in cookies]
    for page in pages:
        assert (await page.connect(timeout=10))[0]
    return pages


def test_report_links_follow_who_sits_down_and_stands_up(client, alice, bob):
    table = services.create_table(game="dummy", user=alice, options={"rated": False})
    client.force_login(alice)
    assert "/moderation/report/" not in _links(client.get(table.get_absolute_url()).content.decode())
    path = f"/ws/table/{table.pk}/{table.invite_code}/"
    alices, bobs = _cookie(alice), _cookie(bob)

    async def scenario():
        page, guest = await _open_pages(path, alices, bobs)
        while not await page.receive_nothing(timeout=0.3):
            await page.receive_from()
        frames = []
        for cmd in ({"cmd": "sit", "position": "B"}, {"cmd": "stand"}):
            await guest.send_to(text_data=json.dumps(cmd))
            while 'id="t-report-links"' not in (frame := await page.receive_from(timeout=5)):
                pass
            frames.append(frame)
        await page.disconnect()
        await guest.disconnect()
        return frames

    seated, stood = async_to_sync(scenario)()
    assert f'/moderation/report/bob/?table={table.pk}' in _links(seated)
    assert "/moderation/report/alice/" not in _links(seated)  # never oneself
    assert "/moderation/report/bob/" not in _links(stood)
