"""Beat, the Celery worker and daphne killed during a round of a Riichi arena, while one game
plays and four more players wait to be paired: when they are back, the waiting four are paired
exactly once and nobody twice; the game in play lost no action and struck nobody. That game is
then voided as staff void a game the fault spoiled, and counts for nobody; the other is
played to its end over the players' sockets and counts. Nobody was charged for the fault
(rating, rank, cooldown, withdrawal), and the standings recomputed from the tables equal the
stored ones."""

import asyncio
import json
import random
import subprocess
import sys
import time
from urllib.parse import urlsplit

import pytest

from games import registry
from riichi.bots import choose_action
from tests.faults.players import Page
from tests.faults.stack import ROOT, Stack

pytestmark = [pytest.mark.faults, pytest.mark.slow]

PASSWORD = "correct horse battery staple"
OUTAGE = 14  # as in test_faults: longer than a decision and an offline strike (stack.CLOCKS)
WAIT = 60
PING_SECONDS = 2
THINK_A = 1.0
game = registry.get("riichi")
engine = game.engine
CHARGES = ("strike", "expel", "reserve_out", "kick")
# The cards the tables are dealt (tests/faults/dealt.py): replayed with the engine and the
# players below, the game of the second table (B, the one played to its end) ends after two
# hands and 103 moves, where seeds 5-29 took 171 to over 200 moves and four hands or more;
# the first table's (A, voided in play) would last 406 moves over seven hands.
DEAL_SEED = 30


def operator(stack: Stack, *args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "tests.faults.seed_tournament", *args], cwd=ROOT, env=stack.env,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


async def until(what, why: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while not (value := await asyncio.to_thread(what)):
        assert time.monotonic() < deadline, f"not within {timeout} s: {why}"
        await asyncio.sleep(0.1)
    return value


class Player:
    """A signed-in player: their tournament page (pinging, as the page's form does), and once
    paired their table's page too — the tournament page stays open in its own tab, so that
    beat sees them on it while they play."""

    def __init__(self, stack: Stack, name: str, tournament: int):
        from run import http_login  # bench/load, on the path through players

        url = urlsplit(stack.base)
        self.stack, self.name = stack, name
        self.session = http_login(url.hostname, url.port, name, PASSWORD)
        self.lobby = Page(name, stack.base, f"/ws/tournament/{tournament}/", self.session)
        self.table: Page | None = None

    def open_tournament_page(self) -> None:
        self.lobby.start()
        self.pinging = asyncio.ensure_future(self._ping())

    async def _ping(self) -> None:
        while True:
            await self.lobby.connected.wait()
            try:
                await self.lobby.send(action="ping")
            except Exception:  # noqa: BLE001 — a dropped socket: the page reconnects and pings again
                pass
            await asyncio.sleep(PING_SECONDS)

    async def go_to_table(self, table_id: int, invite: str) -> None:
        self.table = Page(self.name, self.stack.base, f"/ws/table/{table_id}/{invite}/", self.session)
        self.table.start()
        await asyncio.wait_for(self.table.connected.wait(), WAIT)

    async def close_tournament_page(self) -> None:
        self.pinging.cancel()
        await self.lobby.stop()

    async def close(self) -> None:
        if self.table is not None:
            await self.table.stop()


def pairings(stack: Stack, tournament: int) -> list[tuple]:
    return stack.query("select p.table_id, p.counted, p.voided, t.invite_code from tournaments_pairing p "
                       "join games_table t on t.id = p.table_id where p.tournament_id = ? order by p.id", tournament)


def on_the_page(stack: Stack, tournament: int) -> int:
    return stack.query("select count(*) from tournaments_entry where tournament_id = ? and seen_at is not null",
                       tournament)[0][0]


def seated(stack: Stack, table_id: int) -> dict[str, str]:
    rows = stack.query("select s.position, u.username from games_seat s join accounts_user u on u.id = s.user_id "
                       "where s.table_id = ?", table_id)
    return dict(rows)


def frame_for(action: dict, version: int) -> dict:
    """The frame a click on the Riichi table page sends for this action."""
    kind = action["type"]
    if kind == "discard":
        return {"cmd": "riichi" if action.get("riichi") else "discard", "tile": action["tile"], "version": str(version)}
    if kind == "kan":
        return {"cmd": "kan", "kind": action["kind"], "tiles": " ".join(action["tiles"]), "version": str(version)}
    if kind in ("chi", "pon"):
        return {"cmd": "call", "kind": kind, "tiles": " ".join(action["tiles"])}
    return {"cmd": kind, "version": str(version)}


async def _said(page: Page, **frame) -> bool:
    """Sends a click's frame; whether the server took it (a page whose daphne is down, or that
    was a moment behind, tries again)."""
    before = len(page.replies)
    try:
        await page.send(**frame)
    except Exception:  # noqa: BLE001 — the socket is down: the page reconnects
        return False
    deadline = time.monotonic() + 5
    while len(page.replies) == before and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    return len(page.replies) > before and page.replies[before] == ""


def _ties(state) -> random.Random:
    """The bot's tie-break for this decision, the same however often it is chosen: a frame the
    server refused (the page a moment behind, daphne down) is chosen again, and one generator
    for the game would then choose the rest of it differently."""
    return random.Random(f"{len(state.game.log)}-{len(state.game.actions)}")


async def play(stack: Stack, table_id: int, pages: dict[str, Page], think: float = 0) -> None:
    """Every seat plays as a normal bot would, from its own socket, with its toggles on (wins
    taken, no chi or pon), `think` seconds after each of its moves; under a hand's result all
    four say "go on". Until the game ends; through a fault the pages keep trying, as people
    keep clicking."""
    toggled = set()
    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        table = await asyncio.to_thread(stack.table, table_id)
        if table["status"] == "finished":
            return
        for seat, page in pages.items():
            if seat not in toggled and page.connected.is_set():
                if (await _said(page, cmd="riichi_toggle", toggle="auto_win", on="1")
                        and await _said(page, cmd="riichi_toggle", toggle="skip_calls", on="1")):
                    toggled.add(seat)
        state = engine.from_json(table["snapshot"])
        pending = game.pending_decisions(engine.view(state, None))
        if state.phase == "round_over":
            for page in pages.values():
                await _said(page, cmd="go_on")
        elif pending:
            seat = next(iter(pending))
            page = pages[seat]
            if page.version == table["version"]:
                if await _said(page, **frame_for(choose_action(engine.view(state, seat), "normal", _ties(state)),
                                                 table["version"])):
                    await asyncio.sleep(think)
        await asyncio.sleep(0.05)


def test_beat_worker_and_daphne_killed_during_an_arena_round(stack):
    seeded = operator(stack, "arena", "t", PASSWORD, "8")
    tournament, names = seeded["tournament"], seeded["players"]
    first, second = names[:4], names[4:]
    before = operator(stack, "charges", *names)

    async def scenario():
        players = {name: Player(stack, name, tournament) for name in names}
        await asyncio.to_thread(operator, stack, "join", str(tournament), *first)
        for name in first:
            players[name].open_tournament_page()
        ((table_a, _, _, invite_a),) = await until(lambda: pairings(stack, tournament), "the first four are paired")
        for name in first:
            await players[name].go_to_table(table_a, invite_a)
        # Its players take a second over each move, well within a decision's time: its game
        # (406 moves on DEAL_SEED) cannot end before staff void it, however fast the machine
        # plays (at full speed it was in its fifth hand of seven by then, on a loaded one).
        playing_a = asyncio.ensure_future(play(stack, table_a, {seat: players[name].table for seat, name
                                                                 in seated(stack, table_a).items()}, THINK_A))
        await until(lambda: len(stack.actions(table_a)) > 12, "the first game is under way")
        # A round in play: beat and the worker go down (a pairing task queued or under way is
        # lost with them), the second four join and wait, then daphne goes down too.
        stack.kill("beat")
        stack.kill("worker")
        await asyncio.to_thread(operator, stack, "join", str(tournament), *second)
        for name in second:
            players[name].open_tournament_page()
        await until(lambda: all(players[n].lobby.connected.is_set() for n in second), "their pages are open")
        stack.kill("daphne")
        await asyncio.sleep(OUTAGE)
        assert len(pairings(stack, tournament)) == 1, "paired while beat was down, or a player paired twice"
        for name in ("daphne", "worker", "beat"):
            stack.start(name)

        def both_paired():
            rows = pairings(stack, tournament)
            return rows if len(rows) == 2 else None

        rows = await until(both_paired, "the waiting four are paired when beat is back")
        (table_b, _, _, invite_b) = rows[1]
        assert sorted(seated(stack, table_a).values()) == sorted(first)
        assert sorted(seated(stack, table_b).values()) == sorted(second)
        for name in second:
            await players[name].go_to_table(table_b, invite_b)
        # Its players close their tournament tab before they play: their game (two hands) may
        # end before the checks below, and players back on the page would be paired again.
        for name in second:
            await players[name].close_tournament_page()
        await until(lambda: on_the_page(stack, tournament) == len(first), "the second four left the page")
        playing_b = asyncio.ensure_future(play(stack, table_b, {seat: players[name].table for seat, name
                                                                 in seated(stack, table_b).items()}))
        # The game in play goes on.
        moves = len(stack.actions(table_a))
        await until(lambda: len(stack.actions(table_a)) > moves + 4, "the first game goes on")
        # Beat keeps pairing, the first four's tournament pages are open: nobody is paired a
        # second time while their game plays.
        since = stack.last_tick()
        await until(lambda: stack.last_tick() > since + 6, "beat ticks on")
        assert len(pairings(stack, tournament)) == 2, "a player was paired twice"

        # The first four's tournament tabs are closed too (so that nobody waits for another
        # game), and staff void the game the fault spoiled while its players play on.
        for name in first:
            await players[name].close_tournament_page()
        await until(lambda: not on_the_page(stack, tournament), "the tournament pages are closed")
        await asyncio.to_thread(operator, stack, "void", str(table_a))
        await playing_a
        await playing_b
        for player in players.values():
            await player.close()
        return table_a, table_b

    table_a, table_b = asyncio.run(scenario())

    rows = pairings(stack, tournament)
    assert [(t, bool(counted), bool(voided)) for t, counted, voided, _ in rows] == [
        (table_a, True, True), (table_b, True, False)]
    for table_id in (table_a, table_b):
        assert not [a for a in stack.actions(table_id) if a["type"] in CHARGES], f"someone was struck at {table_id}"
        assert stack.incidents(table_id) == 0, "a cooldown was given"
    after = operator(stack, "charges", *names)
    first_four = set(names[:4])
    # The voided game moved nobody's rating or rank; the finished one moved its players'.
    assert [r for r in after["ratings"] if r[0] in first_four] == [r for r in before["ratings"] if r[0] in first_four]
    assert [r for r in after["ranks"] if r[0] in first_four] == [r for r in before["ranks"] if r[0] in first_four]
    assert {r[0] for r in after["ratings"]} >= set(names[4:]), "the finished rated game was not rated"
    assert after["incidents"] == before["incidents"] == [] and after["withdrawn"] == []
    lines = operator(stack, "standings", str(tournament))
    assert lines["recomputed"] == lines["stored"]
    stored = lines["stored"]
    assert sorted(line["score"] for line in stored.values()) == [0, 0, 0, 0, 0, 1, 2, 4]
    assert sum(line["games"] for line in stored.values()) == 4, "the voided game counted for someone"
