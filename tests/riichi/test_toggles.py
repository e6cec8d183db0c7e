"""The table toggles, through the socket's real frames and the table page: each does what it
says for the seat (the server acts at once), and each is kept with the account, so the next
table starts with it."""

import time

import pytest

from games import clocks, registry, services
from riichi.models import Toggles
from tests.conftest import PASSWORD
from tests.riichi.conftest import SEATS, state_of
from tests.riichi.engine.helpers import deal
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)
game = registry.get("riichi")
engine = game.engine
# Seat 2 holds a pair of the red dragon the dealer draws first (and could pon it).
HANDS = {0: "19m19p19s123456z8m", 1: "238m28p28s123456z", 2: "357m37p37s1234z77z", 3: "46m46p469s123456z"}
# Seat 2 waits on the red dragon or the 5p, with the dragon as its yaku.
RON_HANDS = HANDS | {2: "123m456m789m55p77z"}
# Seat 1 is tenpai (5s-8s) and draws the 9s to throw with riichi.
RIICHI_HANDS = HANDS | {1: "123m456m789m55p67s"}


@pytest.fixture
def users(django_user_model):
    return [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("ana", "ben", "cho", "dev")]


def start(monkeypatch, users, hands, draws):
    monkeypatch.setattr(game, "shuffle", lambda rng, options: deal(hands=hands, draws=draws))
    table = services.create_table(user=users[0], game="riichi", options={})
    for user, seat in zip(users[1:], SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    return table


def switch(table, users, seat, toggle, on="1"):
    """The seat's page presses a toggle; returns every frame each page got afterwards."""
    table.refresh_from_db()
    async def scenario():
        room = Table_(table, users)
        for position, user in zip(SEATS, users):
            await room.open(position, await _async_cookie(user))
        await room.drain(lambda who, frame: None)
        await room.send(seat, cmd="riichi_toggle", toggle=toggle, on=on)
        # a toggle at a running game is the seat's action: every page gets its drawing
        return await room.drain(lambda who, frame: None, after=table.version)
    return {who: "".join(got) for who, got in _run(scenario).items()}


def pressed(html, toggle) -> bool:
    return f'aria-pressed="true" data-toggle="{toggle}"' in html


def test_skip_calls_leaves_the_seat_out_of_the_call_window_and_is_kept_for_the_account(
        users, monkeypatch, client):
    table = start(monkeypatch, users, HANDS, "7z9m")
    clock = table.clock["decisions"]["0"]
    frames = switch(table, users, "2", "skip_calls")
    assert pressed(frames["2"], "skip_calls") and not pressed(frames["2"], "auto_win")
    # a toggle restarts nobody's clock
    table.refresh_from_db()
    assert table.clock["decisions"] == {"0": clock}
    assert Toggles.objects.get(user=users[2]).skip_calls
    services.submit(table_id=table.pk, user=users[0], action={"type": "discard", "tile": "7z"})
    view = engine.view(state_of(table), None)
    # seat 2 could pon the red dragon, but is not asked: seat 1 draws at once
    assert not view["calling"] and view["turn"] == "1"
    assert engine.view(state_of(table), "1")["drawn"] == "9m"
    # the table page shows the toggle as the account keeps it
    client.force_login(users[2])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert pressed(page, "skip_calls") and not pressed(page, "auto_discard")
    # switched off again, from the page
    switch(table, users, "2", "skip_calls", on="0")
    assert not Toggles.objects.get(user=users[2]).skip_calls


def test_a_toggle_pressed_while_the_game_is_paused_is_taken_and_the_game_stays_paused(users, monkeypatch):
    table = start(monkeypatch, users, HANDS, "7z9m")
    table.clock = clocks.pause(clocks.disconnected(table.clock, "3", time.time()), services.timing_for(table))
    table.save(update_fields=["clock"])
    since = table.clock["paused"]["since"]
    frames = switch(table, users, "2", "skip_calls")
    assert pressed(frames["2"], "skip_calls")
    assert Toggles.objects.get(user=users[2]).skip_calls and state_of(table).toggles
    table.refresh_from_db()
    assert table.clock["paused"]["since"] == since


def test_skip_calls_still_asks_for_a_ron_and_auto_win_declares_it_at_once(users, monkeypatch):
    table = start(monkeypatch, users, RON_HANDS, "7z")
    switch(table, users, "2", "skip_calls")
    services.submit(table_id=table.pk, user=users[0], action={"type": "discard", "tile": "7z"})
    asked = engine.view(state_of(table), "2")
    assert [a["type"] for a in asked["legal_actions"]] == ["ron", "pass"]
    # pressing auto-win now answers the window for the seat
    switch(table, users, "2", "auto_win")
    state = state_of(table)
    assert state.game.last_result["result"] == "ron" and state.game.last_result["details"][0]["seat"] == 2


def test_auto_win_is_kept_for_the_account_and_declares_a_win_when_the_next_table_starts(users, monkeypatch):
    Toggles.objects.create(user=users[0], auto_win=True)
    table = start(monkeypatch, users, HANDS | {0: "123m456m789m123p4p"}, "4p")
    state = state_of(table)
    assert state.game.last_result["result"] == "tsumo" and state.game.last_result["details"][0]["seat"] == 0


def test_auto_discard_throws_the_drawn_tile_of_a_hand_in_riichi(users, monkeypatch):
    table = start(monkeypatch, users, RIICHI_HANDS, "7z9s2z3z4z1p")
    switch(table, users, "1", "auto_discard")
    services.submit(table_id=table.pk, user=users[0], action={"type": "discard", "tile": "7z"})
    services.submit(table_id=table.pk, user=users[2], action={"type": "pass"})
    # before riichi the hand can change: the seat chooses
    assert engine.view(state_of(table), None)["turn"] == "1"
    services.submit(table_id=table.pk, user=users[1], action={"type": "discard", "tile": "9s", "riichi": True})
    for seat, tile in (("2", "2z"), ("3", "3z"), ("0", "4z")):
        services.submit(table_id=table.pk, user=users[int(seat)], action={"type": "discard", "tile": tile})
    view = engine.view(state_of(table), None)
    # seat 1 drew the 1p and the server threw it: seat 2 is on turn
    assert [e["tile"] for e in view["rivers"][1]] == ["9s", "1p"] and view["turn"] == "2"


def test_a_toggle_frame_that_names_no_toggle_is_refused_and_changes_nothing(users, monkeypatch):
    table = start(monkeypatch, users, HANDS, "7z")

    async def scenario():
        room = Table_(table, users)
        await room.open("0", await _async_cookie(users[0]))
        await room.drain(lambda who, frame: None)
        await room.send("0", cmd="riichi_toggle", toggle="auto_everything", on="1")
        return await room.reply("0")

    assert "The server did not understand that message." in _run(scenario)
    assert not Toggles.objects.filter(user=users[0]).exists()
    assert state_of(table).toggles == {}
