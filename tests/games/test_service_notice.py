"""An open table page while beat is silent: it says "paused — server problem" with the time
the server's clocks stopped, and is drawn afresh when beat is back (before, it counted down
to a zero the server never reached)."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import beat_watch

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _next_with(page, text: str) -> str:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        frame = await page.receive_from(timeout=5)
        if text in frame:
            return frame
    raise AssertionError(f"no frame with {text!r}")


def test_a_page_says_paused_while_beat_is_silent_and_is_redrawn_when_it_is_back(team_table, four_players,
                                                                                 monkeypatch):
    monkeypatch.setattr(beat_watch, "CHECK_SECONDS", 0.05)
    path = f"/ws/table/{team_table.pk}/{team_table.invite_code}/"

    async def scenario():
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"),
                   (b"cookie", await _cookie(four_players[0]))]
        page = WebsocketCommunicator(application, path, headers=headers)
        assert (await page.connect(timeout=10))[0]
        await _next_with(page, 'id="t-seats"')
        silent_since = time.time() - 30
        await asyncio.to_thread(beat_watch.record, silent_since)
        notice = await _next_with(page, "paused--server")
        frozen_for = float(notice.split('data-frozen-for="')[1].split('"')[0])
        assert frozen_for == pytest.approx(30 - 1, abs=1)  # from beat's last tick and its period
        await asyncio.to_thread(beat_watch.record, time.time())
        redraw = await _next_with(page, 'id="t-seats"')
        assert 'id="t-service" hx-swap-oob="true" hidden' in redraw
        await page.disconnect()

    asyncio.run(scenario())
