"""A banned player's session cookie opens no socket (it is closed with 4003 as it opens, a code
the page does not retry), and a socket that was open when the ban
landed writes nothing more (the `user.moderated` event that closes it can be missed: a
Redis restart, a process that subscribed late)."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from config.asgi import application
from games.models import ChatMessage
from tests.games.conftest import view_of

pytestmark = pytest.mark.django_db(transaction=True)
HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


def cookie_of(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def ban_unannounced(user, moderator) -> None:
    """A ban in force that no open socket heard about."""
    from moderation.models import Ban

    Ban.objects.create(user=user, created_by=moderator, reason="cheating", created_at=timezone.now())


def socket(path: str, cookie: bytes) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, path, headers=[*HEADERS, (b"cookie", cookie)])


async def opening(page: WebsocketCommunicator):
    """4003 for a socket closed as it opened (accepted first, so the browser sees the code and
    does not retry), "open" for one that drew its page."""
    assert (await page.connect(timeout=10))[0]
    output = await page.receive_output(timeout=10)
    if output["type"] == "websocket.close":
        return output.get("code")
    await page.disconnect()
    return "open"


async def closed_code(page: WebsocketCommunicator):
    """The close code once the socket closes, skipping the fragments sent before."""
    while (output := await page.receive_output(timeout=5))["type"] != "websocket.close":
        pass
    return output.get("code")


def test_a_banned_players_cookie_opens_neither_the_lobby_nor_a_table_socket(alice, moderator, team_table):
    cookie = cookie_of(alice)
    ban_unannounced(alice, moderator)

    async def scenario():
        lobby = socket("/ws/lobby/", cookie)
        table = socket(f"/ws/table/{team_table.pk}/{team_table.invite_code}/", cookie)
        return await opening(lobby), await opening(table)

    assert async_to_sync(scenario)() == (4003, 4003)


def test_an_open_lobby_socket_of_a_banned_player_writes_no_chat(alice, moderator):
    cookie = cookie_of(alice)

    async def scenario():
        lobby = socket("/ws/lobby/", cookie)
        assert (await lobby.connect(timeout=10))[0]
        await database_sync_to_async(ban_unannounced)(alice, moderator)
        await lobby.send_to(text_data=json.dumps({"action": "chat", "text": "still here"}))
        return await closed_code(lobby)

    assert async_to_sync(scenario)() == 4003
    assert not ChatMessage.objects.exists()


def test_an_open_table_socket_of_a_banned_player_neither_plays_nor_chats(team_table, four_players, moderator):
    sam = four_players[0]
    cookie = cookie_of(sam)

    async def scenario():
        table = socket(f"/ws/table/{team_table.pk}/{team_table.invite_code}/", cookie)
        assert (await table.connect(timeout=10))[0]
        await database_sync_to_async(ban_unannounced)(sam, moderator)
        await table.send_to(text_data=json.dumps({"cmd": "pick", "n": "5"}))
        first = await closed_code(table)
        table = socket(f"/ws/table/{team_table.pk}/{team_table.invite_code}/", cookie)
        return first, await opening(table)

    assert async_to_sync(scenario)() == (4003, 4003)
    assert view_of(team_table)["picked"]["A"] is False
    assert not ChatMessage.objects.exists()


def test_a_ban_lifted_through_the_admin_opens_the_table_socket_again_at_once(team_table, four_players, moderator):
    """The sockets read a cached copy of the player's bans: lifting one must drop it, or the
    player would stay locked out while the copy lives."""
    from django.urls import reverse

    from moderation import services

    sam = four_players[0]
    cookie = cookie_of(sam)
    path = f"/ws/table/{team_table.pk}/{team_table.invite_code}/"
    ban = services.ban(user=sam, by=moderator, reason="cheating")

    async def connects():
        return await opening(socket(path, cookie))

    assert async_to_sync(connects)() == 4003
    admin = Client()
    admin.force_login(moderator)
    response = admin.post(reverse("admin:moderation_ban_decide", args=[ban.pk, "lift"]), {"why": "appeal upheld"})
    assert response.status_code == 302
    assert async_to_sync(connects)() == "open"
