"""A cooldown that begins after a player sat down at a public table still keeps them out of
its game: pressing Ready unseats them with the cooldown's explanation, and a game about to
start leaves them out (it waits for the seat to fill again)."""

import json

import pytest
from asgiref.sync import async_to_sync

from games import services as games
from games.models import Table
from moderation import services
from tests.games.pages import cookie_of, open_page, reply

pytestmark = pytest.mark.django_db(transaction=True)


def press_ready(table: Table, cookie: bytes) -> str:
    """The ready frame from the player's real table socket; its error line (empty when none)."""

    async def run():
        page = await open_page(table, cookie)
        await page.send_to(text_data=json.dumps({"cmd": "ready", "ready": "1"}))
        answer = await reply(page)
        await page.disconnect()
        return answer

    return async_to_sync(run)()


def seated(table: Table) -> dict:
    return dict(table.seats.filter(user__isnull=False).values_list("position", "user__username"))


def test_ready_unseats_a_player_whose_cooldown_began_after_they_sat(waiting_table, four_players):
    sam, *others = four_players
    for user in others:
        games.set_ready(table_id=waiting_table.pk, user=user, ready=True)
    services.record_expulsion(user=sam, table_id=None)
    reply = press_ready(waiting_table, cookie_of(sam))
    assert "You have a participation cooldown" in reply
    table = Table.objects.get(pk=waiting_table.pk)
    assert table.status == Table.Status.WAITING
    assert "sam" not in seated(table).values()


def test_a_game_does_not_start_with_a_player_whose_cooldown_began_after_they_were_ready(
    waiting_table, four_players
):
    sam, eve, nia, wes = four_players
    for user in (sam, eve, nia):
        games.set_ready(table_id=waiting_table.pk, user=user, ready=True)
    services.record_expulsion(user=sam, table_id=None)
    reply = press_ready(waiting_table, cookie_of(wes))
    assert "cooldown" not in reply
    table = Table.objects.get(pk=waiting_table.pk)
    assert table.status == Table.Status.WAITING
    assert set(seated(table).values()) == {"eve", "nia", "wes"}


def test_at_a_private_table_a_cooldown_changes_nothing(four_players):
    sam, eve, nia, wes = four_players
    table = games.create_table(game="dummy", user=sam, options={"players": 4, "private": True})
    for user, seat in zip((eve, nia, wes), ("B", "C", "D")):
        games.sit(table_id=table.pk, user=user, position=seat)
    for user in (eve, nia, wes):
        games.set_ready(table_id=table.pk, user=user, ready=True)
    services.record_expulsion(user=sam, table_id=None)
    press_ready(table, cookie_of(sam))
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING
