"""The lobby socket through the whole ASGI stack: origin check, session auth, channel layer."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from config.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def _talk(origin: bytes, frames: list[str], cookie: bytes = b"") -> list:
    async def run():
        headers = [(b"origin", origin), (b"host", b"localhost")]
        if cookie:
            headers.append((b"cookie", cookie))
        communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
        connected, _ = await communicator.connect(timeout=10)
        if not connected:
            return [False]
        received = [await communicator.receive_from(timeout=5)]
        tables = await communicator.receive_from(timeout=5)
        assert 'id="lobby-tables"' in tables  # the live table list follows the connection
        for frame in frames:
            await communicator.send_to(text_data=frame)
            received.append(await communicator.receive_from(timeout=5))
        await communicator.disconnect()
        return received

    return async_to_sync(run)()


def test_it_accepts_our_own_origin_and_answers_a_ping_through_redis():
    connection, pong = _talk(b"http://localhost", [json.dumps({"action": "ping"})])
    assert 'id="lobby-connection"' in connection and 'hx-swap-oob="true"' in connection
    assert 'id="lobby-pong"' in pong


def test_it_rejects_a_foreign_origin():
    assert _talk(b"https://evil.example", []) == [False]


def test_a_malformed_frame_gets_a_clear_error_and_the_socket_stays_usable():
    _, error, pong = _talk(b"http://localhost", ["{not json", json.dumps({"action": "ping"})])
    assert 'id="lobby-error"' in error and "did not understand" in error
    assert 'id="lobby-pong"' in pong


def test_it_speaks_the_players_language(client, alice):
    alice.language = "de"
    alice.save()
    client.force_login(alice)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    connection, _ = _talk(b"http://localhost", [json.dumps({"action": "ping"})], cookie=cookie)
    assert "Live: mit der Lobby verbunden." in connection
