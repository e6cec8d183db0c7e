"""One table served by two daphne processes: seats A and C on one, B, D and a spectator on
the other, all on real websockets with the session cookies of a real login. The four seats
play a whole game of the dummy game (tests/dummygame) with the frames the page sends, and
after every action all five pages show the same public state, each seat its own choices and
no pick it may not see.

Nothing of the game may live in one process's memory: a move made on one process reaches the
other only through the database and the Redis channel layer. That is the platform's, so the
table plays the dummy game: a hidden simultaneous decision (every seat picks a number) and a
timed window (a seat may raise its pick), which the server closes. The window is closed the
way beat closes it, from this third process. The scripted players' choices come from the
script below; whether each was legal and what the table holds is read from the database (the
test's oracle); every action still goes through a socket."""

import asyncio
import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection
from websockets.asyncio.client import connect

from games import registry, services, timekeeping
from games.models import Table
from tests.conftest import PASSWORD

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))

from fragments import error_text, version_of  # noqa: E402
from run import http_login  # noqa: E402

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.live]
engine = registry.get("dummy").engine

SEATS = ("A", "B", "C", "D")
WINDOW_SECONDS = 2  # the dummy game's raise window (tests/dummygame/game.py)
# Each round: the four picks, then who raises in the window (from either process). B's raise
# wins round one (9 against D's 8); C's raise changes nothing in round two, which B wins
# again: two points, the target, and the game is over.
ROUNDS = (({"A": 5, "B": 8, "C": 3, "D": 8}, "B"),
          ({"A": 2, "B": 9, "C": 4, "D": 6}, "C"))
# Generous: a 2-core machine shared with other work can stall a render for seconds.
WAIT = 60
FRAGMENTS = ("t-status", "t-seats", "t-board", "t-rack")
SEAT_DIV = re.compile(r'<div class="seat ([^"]*)" data-position="([^"]+)">(.*?)</div>', re.S)
PHASE = re.compile(r'<p class="phase">(\w+)')
SCORE = re.compile(r'<span class="score">(\w):(\d+)</span>')
PICK = re.compile(r'<span class="pick" data-seat="(\w)">(\d)</span>')
LEGAL = re.compile(r'<span class="legal">(\w+?)(\d?)</span>')


@dataclass(frozen=True)
class Public:
    """What every viewer of the table must see alike."""

    phase: str
    scores: tuple
    picked: frozenset


def expected_public(view: dict) -> Public:
    return Public(phase=view["phase"], scores=tuple(view["scores"][s] for s in SEATS),
                  picked=frozenset(s for s, done in view["picked"].items() if done))


def _section(html: str, key: str) -> str:
    match = re.search(rf'<section id="{key}".*?</section>', html, re.S)
    return match.group(0) if match else ""


def shown_public(html: str) -> Public | None:
    seats = {position: body for _, position, body in SEAT_DIV.findall(html)}
    phase = PHASE.search(_section(html, "t-status"))
    if set(seats) != set(SEATS) or phase is None:
        return None
    scores = dict(SCORE.findall(_section(html, "t-status")))
    return Public(phase=phase.group(1), scores=tuple(int(scores[s]) if s in scores else None for s in SEATS),
                  picked=frozenset(s for s in SEATS if 'class="done"' in seats[s]))


def shown_picks(html: str) -> dict:
    return {seat: int(n) for seat, n in PICK.findall(_section(html, "t-board"))}


def shown_legal(html: str) -> list[dict]:
    return [{"type": kind, "n": int(n)} if n else {"type": kind} for kind, n in LEGAL.findall(_section(html, "t-rack"))]


class Page:
    """One open table page: the fragments it shows now, swapped in by id as htmx does, and
    the answers to the frames it sent."""

    def __init__(self, name: str, base: str, path: str, session: str | None):
        self.name, self.base, self.path, self.session = name, base, path, session
        self.fragments: dict[str, str] = {}
        self.version: int | None = None  # #t-version, which the game forms send along
        self.replies: list[str] = []

    async def open(self):
        host = urlsplit(self.base).netloc
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        self.ws = await connect(f"ws://{host}{self.path}", origin=self.base, additional_headers=headers,
                                open_timeout=WAIT, max_size=2**22, ping_interval=None)
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self):
        async for frame in self.ws:
            for key in FRAGMENTS:
                match = re.search(rf'<section id="{key}".*?</section>', frame, re.S)
                if match:
                    self.fragments[key] = match.group(0)
            if (version := version_of(frame)) is not None:
                self.version = version
            reply = error_text(frame)
            if reply is not None:
                self.replies.append(reply)

    @property
    def html(self) -> str:
        return "".join(self.fragments.values())

    async def send(self, **fields):
        await self.ws.send(json.dumps(fields))

    async def command(self, **fields):
        """A game command, answered by the page's error line: empty when accepted."""
        before = len(self.replies)
        await self.send(**fields)
        deadline = time.monotonic() + WAIT
        while len(self.replies) == before:
            assert time.monotonic() < deadline, f"{self.name}: no answer to {fields}"
            assert not self.reader.done(), f"{self.name}: socket closed"
            await asyncio.sleep(0.02)
        assert self.replies[before] == "", f"{self.name}: {fields} refused: {self.replies[before]}"

    async def close(self):
        await self.ws.close()
        await asyncio.gather(self.reader, return_exceptions=True)


# --- the oracle: the table as the database has it, read off the event loop ----------------

def _in_thread(work):
    """Services broadcast with async_to_sync, which must not run on the event loop's thread;
    the worker thread's own database connection is closed when it is done."""
    def run():
        try:
            return work()
        finally:
            connection.close()

    return asyncio.to_thread(run)


def _table_now(table_id: int):
    table = Table.objects.get(pk=table_id)
    state = engine.from_json(table.snapshot)
    return table.version, {seat: engine.view(state, seat) for seat in (None, *SEATS)}


def _close_window(table_id: int):
    # What beat does once the window's time is up: the clock says so, the server closes it.
    timekeeping.run_deadline(table_id=table_id, now=time.time() + WINDOW_SECONDS + 0.5, from_beat=True)


def differences(pages: dict, version: int, views: dict) -> list[str]:
    """What each page shows that differs from the table at this version; empty when all agree."""
    wrong = []
    public = expected_public(views[None])
    for name, page in pages.items():
        html = page.html
        shown = shown_public(html)
        if shown != public:
            wrong.append(f"{name} shows {shown}, the table is at {public}")
        seat = name if name in SEATS else None
        view = views[seat]
        # The board shows the picks this viewer may see: in the window all of them, before
        # it only a seat's own (every other pick is hidden until all have picked).
        if shown_picks(html) != view["picks"]:
            wrong.append(f"{name} shows the picks {shown_picks(html)}, it may see {view['picks']}")
        if shown_legal(html) != view["legal_actions"]:
            wrong.append(f"{name} offers {shown_legal(html)}, the table allows {view['legal_actions']}")
        if seat and page.version != version:
            wrong.append(f"{name} acts on version {page.version}, the table is at {version}")
    return wrong


async def all_agree(pages: dict, table_id: int) -> tuple[int, dict]:
    """Wait until every page shows the table as the database has it now."""
    version, views = await _in_thread(lambda: _table_now(table_id))
    deadline = time.monotonic() + WAIT
    while wrong := differences(pages, version, views):
        if time.monotonic() > deadline:
            raise AssertionError(f"at version {version} after {WAIT} s:\n" + "\n".join(wrong))
        for page in pages.values():
            assert not page.reader.done(), f"{page.name}: socket closed"
        await asyncio.sleep(0.05)
    return version, views


async def play_the_game(pages: dict, table_id: int) -> int:
    version, views = await all_agree(pages, table_id)
    actions = 0

    async def step(act):
        nonlocal version, views, actions
        await act()
        actions += 1
        new_version, views = await all_agree(pages, table_id)
        assert new_version > version
        version = new_version

    for picks, raiser in ROUNDS:
        for seat, n in picks.items():
            assert {"type": "pick", "n": n} in views[seat]["legal_actions"], (seat, views[seat])
            await step(lambda: pages[seat].command(cmd="pick", n=str(n)))
        assert views[None]["window"], views[None]
        await step(lambda: pages[raiser].command(cmd="raise", version=str(pages[raiser].version)))
        await step(lambda: _in_thread(lambda: _close_window(table_id)))
    return actions


def test_one_table_on_two_processes_every_page_sees_the_same_game(daphne_servers, django_user_model):
    servers = [daphne_servers.start(), daphne_servers.start()]
    # A, C on the first process and B, D on the second: every action reaches two other players
    # of the table from the other process.
    home = {seat: servers[i % 2] for i, seat in enumerate(SEATS)}
    players = {seat: django_user_model.objects.create_user(f"p{seat.lower()}", password=PASSWORD) for seat in SEATS}
    table = services.create_table(game="dummy", user=players["A"], options={"players": 4, "target": 2})
    for seat in SEATS[1:]:
        services.sit(table_id=table.pk, user=players[seat], position=seat)
    for user in players.values():
        services.set_ready(table_id=table.pk, user=user, ready=True)
    for seat in SEATS:  # the pages open in a moment; beat must not count the seats away meanwhile
        timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    sessions = {}
    for seat, user in players.items():
        url = urlsplit(home[seat])
        sessions[seat] = http_login(url.hostname, url.port, user.username, PASSWORD)
    path = f"/ws/table/{table.pk}/{table.invite_code}/"
    pages = {seat: Page(seat, home[seat], path, sessions[seat]) for seat in SEATS}
    pages["spectator"] = Page("spectator", servers[1], path, None)

    async def run():
        await asyncio.gather(*(page.open() for page in pages.values()))
        try:
            return await play_the_game(pages, table.pk)
        finally:
            await asyncio.gather(*(page.close() for page in pages.values()))

    actions = asyncio.run(run())

    table.refresh_from_db()
    view = engine.view(engine.from_json(table.snapshot), None)
    assert table.status == Table.Status.FINISHED
    assert view["phase"] == "game_over" and view["scores"] == {"A": 0, "B": 2, "C": 0, "D": 0}
    assert view["winner"] == ["B"]
    assert actions == 12
