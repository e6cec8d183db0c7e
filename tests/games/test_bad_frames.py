"""Frames that once crashed a socket (closing it with 1011) and left its page counted as
present for ever: each gets a clear answer, the socket stays usable, and a page that closes
is no longer counted."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.presence import Presence

pytestmark = pytest.mark.django_db(transaction=True)

BAD_FRAMES = {
    "lone surrogate": json.dumps({"cmd": "chat", "action": "chat", "text": "\ud800"}),
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "surrogate key": '{"cmd": "chat", "\\udfff": 1}',
}
HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _open(path, cookie):
    page = WebsocketCommunicator(application, path, headers=[*HEADERS, (b"cookie", cookie)])
    connected, _ = await page.connect(timeout=10)
    assert connected
    while not await page.receive_nothing(timeout=0.2):
        await page.receive_from()
    return page


async def _answer(page, marker: str) -> str:
    while marker not in (frame := await page.receive_from(timeout=5)):
        pass
    return frame


@pytest.mark.parametrize("name", BAD_FRAMES)
def test_a_bad_frame_on_the_table_socket_is_answered_and_the_page_is_released(name, team_table, alice):
    cookie = _cookie(alice)
    path = f"/ws/table/{team_table.pk}/{team_table.invite_code}/"

    async def scenario():
        for _ in range(3):
            page = await _open(path, cookie)
            await page.send_to(text_data=BAD_FRAMES[name])
            answer = await _answer(page, 'id="t-error"')
            await page.send_to(text_data=json.dumps({"cmd": "chat", "text": "still here"}))
            await _answer(page, 'id="t-chat"')
            await page.disconnect()
        return answer, await Presence().spectators(team_table.pk)

    answer, spectators = async_to_sync(scenario)()
    assert "The server did not understand that message." in answer
    assert spectators == 0


@pytest.mark.parametrize("name", BAD_FRAMES)
def test_a_bad_frame_on_the_lobby_socket_is_answered_and_the_socket_stays_usable(name, alice):
    cookie = _cookie(alice)

    async def scenario():
        page = await _open("/ws/lobby/", cookie)
        await page.send_to(text_data=BAD_FRAMES[name])
        answer = await _answer(page, 'id="lobby-error"')
        await page.send_to(text_data=json.dumps({"action": "ping"}))
        pong = await _answer(page, 'id="lobby-pong"')
        await page.disconnect()
        return answer, pong

    answer, pong = async_to_sync(scenario)()
    assert "lobby-error" in answer and "lobby-pong" in pong


def test_a_socket_address_that_is_no_table_is_refused(team_table):
    async def scenario():
        page = WebsocketCommunicator(application, f"/ws/table/abc/{team_table.invite_code}/", headers=HEADERS)
        connected, _ = await page.connect(timeout=10)
        return connected, (await page.receive_output(timeout=10)).get("code")

    assert async_to_sync(scenario)() == (True, 4404)


def test_a_table_socket_with_a_wrong_invite_is_closed_with_a_code_the_page_does_not_retry(team_table):
    """Accepted, then closed with 4404: a socket refused at the handshake reaches the browser
    as 1006, which htmx retries for ever while the page says it is trying again."""
    async def scenario():
        page = WebsocketCommunicator(application, f"/ws/table/{team_table.pk}/wrong/", headers=HEADERS)
        connected, _ = await page.connect(timeout=10)
        return connected, (await page.receive_output(timeout=10)).get("code")

    assert async_to_sync(scenario)() == (True, 4404)
