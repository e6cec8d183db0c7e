"""Waiting tables whose seated players have all been gone for STALE_TABLE_SECONDS are closed
by beat (lobby.tasks.close_stale_tables); a player with the table open keeps it. Presence is
the real one: table pages opened and closed through the socket."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import services
from games.models import Table
from lobby import tasks

pytestmark = pytest.mark.django_db(transaction=True)


def _page(user, table):
    browser = Client()
    browser.force_login(user)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()
    return WebsocketCommunicator(application, f"/ws/table/{table.pk}/{table.invite_code}/", headers=[
        (b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)])


async def _open(page):
    assert (await page.connect(timeout=10))[0]
    while not await page.receive_nothing(timeout=0.3):
        await page.receive_from()


def test_a_table_is_closed_once_its_players_have_all_left_and_not_while_one_is_there(alice, bob, settings):
    settings.STALE_TABLE_SECONDS = 0
    table = services.create_table(game="dummy", user=alice, options={})
    services.sit(table_id=table.pk, user=bob, position="B")

    alices, bobs = _page(alice, table), _page(bob, table)

    async def scenario():
        await _open(alices)
        await _open(bobs)
        await alices.disconnect()
        kept = await _run()  # bob's page is still open
        await bobs.disconnect()
        return kept, await _run()

    async def _run():
        from channels.db import database_sync_to_async

        return await database_sync_to_async(tasks.close_stale_tables)()

    kept, closed = async_to_sync(scenario)()
    assert (kept, closed) == (0, 1)
    assert not Table.objects.filter(pk=table.pk).exists()
    # Both may sit down elsewhere now.
    services.create_table(game="dummy", user=alice, options={})


def test_a_new_table_gets_the_few_minutes_before_it_counts_as_left(alice, settings):
    settings.STALE_TABLE_SECONDS = 180
    table = services.create_table(game="dummy", user=alice, options={})
    assert tasks.close_stale_tables() == 0
    assert Table.objects.filter(pk=table.pk).exists()


def test_a_table_that_started_is_never_closed_as_stale(alice, bob, settings):
    settings.STALE_TABLE_SECONDS = 0
    table = services.start_practice(user=alice, game="dummy", options={"private": True, "rated": False},
                                    strength="beginner")
    assert tasks.close_stale_tables() == 0
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
