"""A Riichi table through the socket with real sessions: four seats and a spectator; the
seats play with the frames a browser sends — discards, a call, passes (only seats that may
call are asked) — and no frame ever shows a viewer a tile only another hand holds."""

import asyncio
import random
import re

import pytest
from channels.db import database_sync_to_async

from games import registry, services
from games.models import Table
from riichi.bots import choose_action
from tests.conftest import PASSWORD
from tests.riichi.conftest import SEATS
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)
game = registry.get("riichi")
engine = game.engine
TILE_IN_HTML = re.compile(r"riichi/tiles/([0-9][mpsz])(?:\.[0-9a-f]+)?\.svg")


def _visible(state, who) -> set[str]:
    """Every tile code this viewer may see now: its own hand and all that lies open."""
    view = engine.view(state, None if who == "spectator" else who)
    codes = set(view.get("hand") or ()) | set(view["dora_indicators"])
    for river in view["rivers"]:
        codes |= {entry["tile"] for entry in river}
    for melds in view["melds"]:
        for meld in melds:
            codes |= set(meld["tiles"])
    shown = view["shown"] or {}
    codes |= set(shown.get("dora_indicators", ())) | set(shown.get("ura_indicators", ()))
    for tiles in (shown.get("hands") or {}).values():
        codes |= set(tiles)
    return codes


def _frame_for(view: dict, action: dict, version: int) -> list[dict]:
    """The frames a browser sends for this action (arming riichi happens in the page alone)."""
    kind = action["type"]
    if kind == "discard":
        return [{"cmd": "riichi" if action.get("riichi") else "discard", "tile": action["tile"],
                 "version": str(version)}]
    if kind in ("chi", "pon") or kind == "kan" and action.get("kind") == "open":
        return [{"cmd": "call", "kind": kind, "tiles": " ".join(action["tiles"])}]
    if kind == "kan":
        return [{"cmd": "kan", "kind": action["kind"], "tiles": " ".join(action["tiles"]), "version": str(version)}]
    return [{"cmd": kind, "version": str(version)}]


def test_riichi_frames_play_and_never_show_a_hidden_tile(django_user_model, monkeypatch):
    monkeypatch.setattr(services, "_system_random", random.Random(11))
    users = [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("ana", "ben", "cho", "dev")]
    watcher = django_user_model.objects.create_user("vic", password=PASSWORD)
    table = services.create_table(user=users[0], game="riichi", options={})
    for user, seat in zip(users[1:], SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    by_seat = dict(zip(SEATS, users))
    rng = random.Random(4)
    seen = {"frames": 0, "tiles": 0, "calls": 0, "passes": 0, "discards": 0, "hand_tiles_to_spectator": 0}

    def current():
        return engine.from_json(Table.objects.get(pk=table.pk).snapshot)

    def check(who, frame):
        seen["frames"] += 1
        shown = set(TILE_IN_HTML.findall(frame))
        seen["tiles"] += len(shown)
        leaked = shown - _visible(current(), who)
        assert not leaked, f"{who} was sent {sorted(leaked)}"
        if who == "spectator":
            seen["hand_tiles_to_spectator"] += "mj-tile-button" in frame

    async def scenario():
        room = Table_(table, users)
        for seat, user in by_seat.items():
            await room.open(seat, await _async_cookie(user))
        await room.open("spectator", await _async_cookie(watcher))
        await room.drain(check)

        async def act(seat, frames):
            version = (await _table(table.pk)).version
            for frame in frames:
                await room.send(seat, **frame)
            for _ in range(200):
                if (await _table(table.pk)).version > version:
                    break
                await asyncio.sleep(0.025)
            else:
                raise AssertionError(f"{seat} {frames} was not applied")
            await room.drain(check)

        for _ in range(300):
            state, row = await _state(table.pk), await _table(table.pk)
            view = engine.view(state, None)
            if state.phase != "play" or seen["calls"] and seen["discards"] >= 12:
                break
            pending = game.pending_decisions(view)
            seat = next(iter(pending))
            mine = engine.view(state, seat)
            if pending[seat] == "call":
                call = next((a for a in mine["legal_actions"] if a["type"] in ("chi", "pon")), None)
                if call is not None and seen["passes"]:  # the first offer is passed, the rest taken
                    seen["calls"] += 1
                    await act(seat, _frame_for(mine, call, row.version))
                    continue
                assert [a["type"] for a in mine["legal_actions"]] != ["pass"], "a seat with nothing to call is asked"
                seen["passes"] += 1
                await act(seat, [{"cmd": "pass"}])
                continue
            action = choose_action(mine, "normal", rng)
            seen["discards"] += action["type"] == "discard"
            await act(seat, _frame_for(mine, action, row.version))
        for page in room.pages.values():
            await page.disconnect()

    _run(scenario)
    assert seen["calls"] >= 1 and seen["passes"] >= 1 and seen["discards"] >= 12
    assert seen["frames"] > 100 and seen["tiles"] > 200
    assert seen["hand_tiles_to_spectator"] == 0


@database_sync_to_async
def _table(table_id):
    return Table.objects.get(pk=table_id)


@database_sync_to_async
def _state(table_id):
    return engine.from_json(Table.objects.get(pk=table_id).snapshot)
