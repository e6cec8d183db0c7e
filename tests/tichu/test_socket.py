"""The table socket through the whole ASGI stack with real sessions: four seats and a
spectator play through the frames a browser sends, and every frame is checked for cards the
viewer must not see."""

import asyncio
import json
import random
import re

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games import registry, timekeeping
from games.models import Table
from tests.games.conftest import SEATS
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)
engine = registry.get("tichu").engine
CARD_IN_HTML = re.compile(r"tichu/cards/([a-z]+(?:-(?:10|[2-9JQKA]))?)\.svg")


def _forbidden(state, seat: str | None) -> set[str]:
    """Cards this viewer must not see now: every other hand (less what the viewer itself gave
    that seat in the exchange) and, before the deal completes, the viewer's own last six."""
    index = None if seat is None else SEATS.index(seat)
    data = engine.to_json(state)
    forbidden = set()
    for other in range(4):
        if other == index:
            continue
        hand = set(data["hands"][other])
        given = data["exchange"][index] if index is not None and data["exchange"][index] else None
        if given:
            hand.discard(given[other])
        forbidden |= hand
    if state.phase == "grand":
        for other in range(4):
            forbidden |= set(data["deal"][other][8:])
        if index is not None:
            forbidden -= set(data["deal"][index][:8]) - set(data["deal"][index][8:])
    return forbidden


def test_no_frame_ever_shows_a_viewer_a_card_it_must_not_see(started_table, four_players, alice):
    table_id = started_table.pk
    rng = random.Random(7)
    seen = {"frames": 0}

    def state():
        return engine.from_json(Table.objects.get(pk=table_id).snapshot)

    def check(who, frame):
        seen["frames"] += 1
        leaked = set(CARD_IN_HTML.findall(frame)) & _forbidden(state(), None if who == "spectator" else who)
        assert not leaked, f"{who} was sent {sorted(leaked)}"

    async def scenario():
        room = Table_(started_table, four_players)
        for seat, user in zip(SEATS, four_players):
            await room.open(seat, await _async_cookie(user))
        await room.open("spectator", await _async_cookie(alice))
        await room.drain(check)
        async def act(seat, **frame):
            """Send a game frame, wait until the table applied it, then read every page."""
            version = (await _async_table(table_id)).version
            await room.send(seat, **frame)
            for _ in range(200):
                if (await _async_table(table_id)).version > version:
                    break
                await asyncio.sleep(0.025)
            else:
                raise AssertionError(f"{seat} {frame} was not applied")
            await room.drain(check)

        for seat in SEATS:  # Grand Tichu decisions
            await act(seat, cmd="grand", call="0")
        for seat in SEATS:  # the exchange: the page places the cards, then sends them at once
            hand = (await _async_view(table_id, seat))["hand"]
            gives = {f"give_{to}": card for to, card in zip([s for s in SEATS if s != seat], rng.sample(hand, 3))}
            await act(seat, cmd="exchange_confirm", **gives)
        for _ in range(12):  # a dozen plays or passes
            s = await _async_state(table_id)
            if s.window:
                await _async_collect(table_id)
                await room.drain(check)
                continue
            if s.gift_by is not None:  # a Dragon trick goes to the first opponent offered
                seat = SEATS[s.gift_by]
                to = (await _async_view(table_id, seat))["legal_actions"][0]["to"]
                await act(seat, cmd="gift", to=to, version=str((await _async_table(table_id)).version))
                continue
            seat = SEATS[s.turn]
            view = await _async_view(table_id, seat)
            choice = rng.choice([a for a in view["legal_actions"] if a["type"] in ("play", "pass")])
            version = (await _async_table(table_id)).version
            if choice["type"] == "pass":
                await act(seat, cmd="pass", version=str(version))
            else:
                extra = {"phoenix": choice["phoenix"]} if "phoenix" in choice else {}
                await act(seat, cmd="play", cards=choice["cards"], version=str(version), **extra)
        for page in room.pages.values():
            await page.disconnect()

    _run(scenario)
    final = engine.from_json(Table.objects.get(pk=table_id).snapshot)
    assert final.phase == "play" and sum(m.bit_count() for m in final.hands) < 56  # cards were played
    assert seen["frames"] > 40


def test_garbage_frames_get_an_error_and_change_nothing(started_table, four_players):
    before = Table.objects.get(pk=started_table.pk).version

    async def scenario():
        room = Table_(started_table, four_players)
        await room.open("S", await _async_cookie(four_players[0]))
        await room.drain(lambda *_: None)
        replies = []
        for frame in ["{not json", "[]", json.dumps({"cmd": "explode"}), json.dumps({"cmd": "play", "version": "x"}),
                      json.dumps({"cmd": "select", "cards": ["jade-2"]}), json.dumps({"cmd": "sort"}),
                      json.dumps({"cmd": "play", "cards": {"a": 1}}), json.dumps({"cmd": "gift", "to": 5}),
                      json.dumps({"cmd": "exchange_confirm", "give_E": ["jade-2"]})]:
            await room.pages["S"].send_to(text_data=frame)
            replies.append(await room.reply("S"))
        await room.pages["S"].disconnect()
        return replies

    replies = _run(scenario)
    assert all('id="t-error"' in r and "did not understand" in r for r in replies)
    assert Table.objects.get(pk=started_table.pk).version == before


def test_an_illegal_play_is_answered_in_the_players_language_with_a_faq_link(started_table, four_players):
    four_players[0].language = "de"
    four_players[0].save()

    async def scenario():
        room = Table_(started_table, four_players)
        await room.open("S", await _async_cookie(four_players[0]))
        await room.drain(lambda *_: None)
        await room.send("S", cmd="pass", version=str(started_table.version))
        reply = await room.reply("S")
        await room.pages["S"].disconnect()
        return reply

    reply = _run(scenario)
    assert "Diese Aktion ist in dieser Phase des Spiels nicht möglich." in reply or "nicht möglich" in reply


def test_a_spectator_cannot_act(started_table, four_players, alice):
    async def scenario():
        room = Table_(started_table, four_players)
        await room.open("spectator", await _async_cookie(alice))
        await room.drain(lambda *_: None)
        await room.send("spectator", cmd="grand", call="1")
        reply = await room.reply("spectator")
        await room.pages["spectator"].disconnect()
        return reply

    assert "not seated" in _run(scenario)
    assert engine.from_json(Table.objects.get(pk=started_table.pk).snapshot).grand == (None,) * 4


def test_a_flooding_socket_is_closed_and_the_others_carry_on(started_table, four_players):
    async def scenario():
        room = Table_(started_table, four_players)
        await room.open("S", await _async_cookie(four_players[0]))
        await room.open("E", await _async_cookie(four_players[1]))
        await room.drain(lambda *_: None)
        for _ in range(150):
            await room.send("S", cmd="explode")
        closed = False
        for _ in range(400):
            output = await room.pages["S"].receive_output(timeout=5)
            if output["type"] == "websocket.close":
                closed = output.get("code")
                break
        await room.send("E", cmd="grand", call="0")
        reply = await room.pages["E"].receive_from(timeout=5)
        await room.pages["E"].disconnect()
        return closed, reply

    closed, reply = _run(scenario)
    assert closed == 4008
    assert 'id="t-status"' in reply or 'id="t-error"' in reply
    assert engine.from_json(Table.objects.get(pk=started_table.pk).snapshot).grand == (None, False, None, None)


def test_a_wrong_invite_code_cannot_open_the_socket(started_table):
    async def scenario():
        page = WebsocketCommunicator(
            application, f"/ws/table/{started_table.pk}/wrong/", headers=[(b"origin", b"http://localhost")]
        )
        connected, _ = await page.connect(timeout=10)
        return connected

    assert _run(scenario) is False


# --- sync helpers, reached from the async scenario -----------------------------------------

from channels.db import database_sync_to_async  # noqa: E402


@database_sync_to_async
def _async_table(table_id):
    return Table.objects.get(pk=table_id)


@database_sync_to_async
def _async_state(table_id):
    return engine.from_json(Table.objects.get(pk=table_id).snapshot)


@database_sync_to_async
def _async_view(table_id, seat):
    return engine.view(engine.from_json(Table.objects.get(pk=table_id).snapshot), seat)


@database_sync_to_async
def _async_collect(table_id):
    table = Table.objects.get(pk=table_id)
    timekeeping.run_deadline(table_id=table_id, now=table.clock["window"]["at"], from_beat=True)
