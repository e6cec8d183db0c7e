"""The bomb window ends early once everyone who could still bomb said "go on" (the frame a
page's button and its G key send, through the real consumer), a bomb sent before that still
lands, a person who says nothing gets the window's whole length, and bots say it at once."""

import random

import pytest
from channels.db import database_sync_to_async

from games import bots, registry, services, timekeeping
from games.models import Table
from tests.games.conftest import SEATS, state_of
from tests.tichu.test_bomb_race import SUITS, _started
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)
engine = registry.get("tichu").engine


def _window_open(four_players, monkeypatch):
    """North led the Mahjong; West, South and East pass: the bomb window is open, and South
    (four 2s) and East (four 3s) could still bomb."""
    table, by_seat = _started(four_players, monkeypatch)
    for seat in ("W", "S", "E"):
        services.submit(table_id=table.pk, user=by_seat[seat], action={"type": "pass"})
    table.refresh_from_db()
    assert table.clock["window"]["kind"] == "bomb"
    return table, by_seat


async def _say(room, table_id, seat, **frame):
    """Send a frame from a seat's page and wait for the page's answer to it."""
    await room.send(seat, **frame)
    reply = await room.reply(seat)
    await room.drain(lambda *_: None)
    return reply


@database_sync_to_async
def _table(table_id):
    return Table.objects.get(pk=table_id)


def test_the_window_closes_as_soon_as_all_others_said_go_on(four_players, monkeypatch):
    table, by_seat = _window_open(four_players, monkeypatch)

    async def scenario():
        room = Table_(table, four_players)
        for seat in SEATS:
            await room.open(seat, await _async_cookie(by_seat[seat]))
        await room.drain(lambda *_: None)
        shown = []
        for seat in ("S", "E"):
            await _say(room, table.pk, seat, cmd="go_on")
            row = await _table(table.pk)
            shown.append((row.clock["window"] or {}).get("waived"))
        # North played the top card: its "go on" is not waited for and changes nothing.
        reply = await _say(room, table.pk, "N", cmd="go_on")
        still_open = (await _table(table.pk)).clock["window"]
        await room.send("W", cmd="go_on")
        await room.reply("W")
        for page in room.pages.values():
            await page.disconnect()
        return shown, still_open, reply

    shown, still_open, reply = _run(scenario)
    assert shown == [["S"], ["E", "S"]]
    assert still_open is not None and still_open["kind"] == "bomb" and "N" not in still_open["waived"]
    assert "did not understand" not in reply
    state = state_of(table)
    assert not state.window and state.trick == () and SEATS[state.turn] == "N"  # North took it
    assert table.clock["window"] is None


def test_a_bomb_sent_before_the_last_go_on_still_lands(four_players, monkeypatch):
    table, by_seat = _window_open(four_players, monkeypatch)

    async def scenario():
        room = Table_(table, four_players)
        for seat in ("S", "E", "W"):
            await room.open(seat, await _async_cookie(by_seat[seat]))
        await room.drain(lambda *_: None)
        version = (await _table(table.pk)).version
        await _say(room, table.pk, "S", cmd="go_on", version=str(version))
        await _say(room, table.pk, "W", cmd="go_on", version=str(version))
        # East's page still shows the version it drew: the two "go on"s did not move it on.
        reply = await _say(room, table.pk, "E", cmd="play", cards=[f"{s}-3" for s in SUITS], version=str(version))
        for page in room.pages.values():
            await page.disconnect()
        return reply

    reply = _run(scenario)
    assert "moved on" not in reply
    state = state_of(table)
    top = engine.view(state, None)["trick"][-1]
    assert top["seat"] == "E" and sorted(top["cards"]) == sorted(f"{s}-3" for s in SUITS)
    assert not state.window and table.clock["window"] is None  # play goes on after the bomb


def test_a_player_who_says_nothing_gets_the_whole_window(four_players, monkeypatch):
    table, by_seat = _window_open(four_players, monkeypatch)

    async def scenario():
        room = Table_(table, four_players)
        for seat in ("E", "W"):
            await room.open(seat, await _async_cookie(by_seat[seat]))
        await room.drain(lambda *_: None)
        for seat in ("E", "W"):
            await _say(room, table.pk, seat, cmd="go_on")
        for page in room.pages.values():
            await page.disconnect()

    _run(scenario)
    table.refresh_from_db()
    closes = table.clock["window"]["at"]
    assert table.clock["window"]["waived"] == ["E", "W"]
    assert timekeeping.run_deadline(table_id=table.pk, now=closes - 0.05, from_beat=True) == 0
    assert state_of(table).window  # South may still bomb
    assert timekeeping.run_deadline(table_id=table.pk, now=closes, from_beat=True) == 1
    assert not state_of(table).window


def test_go_on_outside_a_window_or_from_a_spectator_changes_nothing(four_players, monkeypatch, django_user_model):
    table, by_seat = _started(four_players, monkeypatch)  # East's turn: no window
    watcher = django_user_model.objects.create_user("watcher", password="x")

    async def scenario():
        room = Table_(table, four_players)
        await room.open("E", await _async_cookie(by_seat["E"]))
        await room.open("spectator", await _async_cookie(watcher))
        await room.drain(lambda *_: None)
        replies = [await _say(room, table.pk, "E", cmd="go_on"), await _say(room, table.pk, "spectator", cmd="go_on")]
        for page in room.pages.values():
            await page.disconnect()
        return replies

    before = Table.objects.get(pk=table.pk).version
    replies = _run(scenario)
    assert "Nothing is waiting for you" in replies[0]
    assert "not seated" in replies[1]
    assert Table.objects.get(pk=table.pk).version == before


def test_bots_that_do_not_bomb_say_go_on_at_once(django_user_model, monkeypatch):
    """One person and three bots, and no clock ever runs: whenever the person sees a window
    open, every bot it waits on has already said "go on" (the bots answer eagerly here, as
    their task does after its short delay), and no window waits on bots alone."""
    monkeypatch.setattr(services, "_system_random", random.Random(5))
    player = django_user_model.objects.create_user("solo", password="x")
    table = services.start_practice(user=player, game="tichu", options={"private": True, "rated": False},
                                    strength="normal")
    game = registry.get("tichu")
    windows = 0
    for _ in range(200):
        state = state_of(table)
        if state.phase == "game_over" or windows >= 5:
            break
        view = engine.view(state, "S")
        if state.window:
            waiting = game.window_waivers(view)
            assert "S" in waiting, "a window only bots could bomb stayed open"
            assert sorted(waiting - {"S"}) == table.clock["window"]["waived"]
            assert services.go_on(table_id=table.pk, user=player)  # the person's closes it
            windows += 1
            continue
        mine = [a for a in view["legal_actions"] if a["type"] in ("grand", "exchange", "gift", "pass")
                or a["type"] == "play" and state.turn == SEATS.index("S")]
        if not mine:
            assert bots.act_once(table.pk, random.Random(1)), "nobody can act"
            continue
        action = mine[0]
        if action["type"] == "exchange":
            action = {"type": "exchange", "give": dict(zip(action["to"], action["hand"][:3]))}
        elif action["type"] == "grand":
            action = {"type": "grand", "call": False}
        services.submit(table_id=table.pk, user=player, action=action)
    assert windows >= 5
