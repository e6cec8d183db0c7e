"""A Daifugo table through the socket with real sessions: after a first hand, the exchange and
a dozen plays are made with the frames a browser sends, and no frame to a seat or a spectator
ever shows a card of another seat's hand (only the two of an exchange see its cards)."""

import asyncio
import random
import re

import pytest
from channels.db import database_sync_to_async

from games import registry, services
from daifugo.bots import choose_action
from games.models import Table
from tests.conftest import PASSWORD
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)
game = registry.get("daifugo")
engine = game.engine
CARD_IN_HTML = re.compile(r"cards/standard/((?:club|diamond|heart|spade)-(?:10|[2-9JQKA]))\.svg")
SEATS = ("1", "2", "3", "4")


def _forbidden(state, seat: str | None) -> set[str]:
    """Every other seat's hand, less the cards of this seat's own exchange."""
    hands = dict(zip(SEATS, engine.to_json(state)["hands"]))
    forbidden = set().union(*(set(cards) for other, cards in hands.items() if other != seat))
    if seat is not None:
        own = engine.view(state, seat)["my_exchange"] or {}
        forbidden -= set(own.get("gave") or ()) | set(own.get("got") or ())
    return forbidden


def test_no_daifugo_frame_shows_a_viewer_a_card_it_must_not_see(django_user_model):
    users = [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("ann", "ben", "cat", "dan")]
    watcher = django_user_model.objects.create_user("vic", password=PASSWORD)
    table = services.create_table(user=users[0], game="daifugo", options={})
    for user, seat in zip(users[1:], SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    by_seat = dict(zip(SEATS, users))
    rng = random.Random(6)
    while not (state := engine.from_json(Table.objects.get(pk=table.pk).snapshot)).results:
        seat = engine.view(state, None)["turn"]
        services.submit(table_id=table.pk, user=by_seat[seat], action=choose_action(engine.view(state, seat), "normal", rng))
    assert state.phase == "exchange"
    table.refresh_from_db()
    seen = {"frames": 0, "own_exchange_cards": 0}

    def current():
        return engine.from_json(Table.objects.get(pk=table.pk).snapshot)

    def check(who, frame):
        seen["frames"] += 1
        shown = set(CARD_IN_HTML.findall(frame))
        leaked = shown & _forbidden(current(), None if who == "spectator" else who)
        assert not leaked, f"{who} was sent {sorted(leaked)}"
        if who != "spectator":
            own = engine.view(current(), who)["my_exchange"] or {}
            seen["own_exchange_cards"] += bool(shown & set(own.get("got") or ()))

    async def scenario():
        room = Table_(table, users)
        for seat, user in by_seat.items():
            await room.open(seat, await _async_cookie(user))
        await room.open("spectator", await _async_cookie(watcher))
        await room.drain(check)

        async def act(seat, **frame):
            """Send a game frame, wait until the table applied it, then read every page."""
            version = (await _table(table.pk)).version
            await room.send(seat, **frame)
            for _ in range(200):
                if (await _table(table.pk)).version > version:
                    break
                await asyncio.sleep(0.025)
            else:
                raise AssertionError(f"{seat} {frame} was not applied")
            await room.drain(check)

        for seat in SEATS:  # the President and the Vice-President give back, as a browser does
            view = await _view(table.pk, seat)
            give = next((a for a in view["legal_actions"] if a["type"] == "give"), None)
            if give is None:
                continue
            await act(seat, cmd="give", to=give["to"], cards=rng.sample(give["hand"], give["count"]))
        for _ in range(12):
            s = await _state(table.pk)
            seat = engine.view(s, None)["turn"]
            action = rng.choice(engine.view(s, seat)["legal_actions"])
            version = (await _table(table.pk)).version
            cards = {"cards": action["cards"]} if action["type"] == "play" else {}
            await act(seat, cmd=action["type"], version=str(version), **cards)
        for page in room.pages.values():
            await page.disconnect()

    _run(scenario)
    final = current()
    assert final.phase == "play" and final.hand_no == 1 and len(final.played) >= 3
    assert seen["frames"] > 40 and seen["own_exchange_cards"] > 0


@database_sync_to_async
def _table(table_id):
    return Table.objects.get(pk=table_id)


@database_sync_to_async
def _state(table_id):
    return engine.from_json(Table.objects.get(pk=table_id).snapshot)


@database_sync_to_async
def _view(table_id, seat):
    return engine.view(engine.from_json(Table.objects.get(pk=table_id).snapshot), seat)
