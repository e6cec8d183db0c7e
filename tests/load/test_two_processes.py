"""One Tichu table served by two daphne processes: South and North on one, East, West and a
spectator on the other, all on real websockets with the session cookies of a real login. The
four seats play a whole hand with the frames the page sends, and after every action all five
pages show the same public state, each seat its own hand and no card it may not see.

Nothing of the game may live in one process's memory: a move made on one process reaches the
other only through the database and the Redis channel layer. The scripted players choose from
the engine's legal actions read from the database (the test's oracle); every action still goes
through a socket. The bomb window is closed the way beat closes it, from this third process.
"""

import asyncio
import json
import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection
from websockets.asyncio.client import connect

from tichu.deck import TICHU_CARDS
from games import registry, services, timekeeping
from games.models import Table
from tests.conftest import PASSWORD

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))

from fragments import error_text, parse_hand, version_of  # noqa: E402
from run import http_login  # noqa: E402

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.live]
engine = registry.get("tichu").engine

SEATS = ("S", "E", "N", "W")
# A deal whose hand, played as the players below play, is short (46 actions) and has a Dragon
# gift in it.
SEED = 2097
BOMB_WINDOW = 1
# Generous: a 2-core machine shared with other work can stall a render for seconds.
WAIT = 60
FRAGMENTS = ("t-status", "t-seats", "t-board", "t-rack")
SEAT_DIV = re.compile(r'<div class="seat ([^"]*)" data-position="([^"]+)">(.*?)</div>', re.S)
COUNT = re.compile(r'class="count">\s*(\d+)')
# The trick's top play names how many plays the trick holds (the earlier ones are folded).
TRICK_TOP = re.compile(r'class="play-top[^"]*" data-play="(\d+)-')


@dataclass(frozen=True)
class Public:
    """What every viewer of the table must see alike."""

    turn: str | None
    counts: tuple   # per seat: cards in hand, or "out"
    passed: frozenset
    done: frozenset  # decided on Grand Tichu, or chose the exchange cards, in those phases
    trick: int       # plays on the table


def expected_public(view: dict) -> Public:
    done = {"grand": view["grand_decided"], "exchange": view["exchange_chosen"]}.get(view["phase"], {})
    return Public(
        turn=view["turn"],
        counts=tuple("out" if s in view["out"] else view["hand_counts"][s] for s in SEATS),
        passed=frozenset(view["passed"]),
        done=frozenset(s for s, d in done.items() if d),
        trick=len(view["trick"]),
    )


def shown_public(page: str) -> Public | None:
    seats = {position: (classes, body) for classes, position, body in SEAT_DIV.findall(page)}
    if set(seats) != set(SEATS) or "t-board" not in page:
        return None
    counts = []
    for s in SEATS:
        body = seats[s][1]
        count = COUNT.search(body)
        counts.append("out" if 'class="out"' in body else int(count.group(1)) if count else None)
    return Public(
        turn=next((s for s in SEATS if "seat--turn" in seats[s][0]), None),
        counts=tuple(counts),
        passed=frozenset(s for s in SEATS if 'class="passed"' in seats[s][1]),
        done=frozenset(s for s in SEATS if 'class="done"' in seats[s][1]),
        trick=int(top.group(1)) if (top := TRICK_TOP.search(page)) else 0,
    )


def shows_card(page: str, card: str) -> bool:
    return f'value="{card}"' in page or f"/{card}." in page


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


def _close_bomb_window(table_id: int):
    # What beat does once the window's time is up: the clock says so, the engine collects.
    timekeeping.run_deadline(table_id=table_id, now=time.time() + BOMB_WINDOW + 0.5, from_beat=True)


def choose(view: dict) -> dict:
    """North and South shed their largest combination; East and West pass whenever they may.
    Neither wishes nor calls."""
    legal = view["legal_actions"]
    if view["phase"] == "grand":
        return next(a for a in legal if a["type"] == "grand" and not a["call"])
    if view["phase"] == "exchange":
        template = next(a for a in legal if a["type"] == "exchange")
        return {"type": "exchange", "give": dict(zip(template["to"], template["hand"][-3:]))}
    gifts = [a for a in legal if a["type"] == "gift"]
    if gifts:
        return gifts[0]
    plays = [a for a in legal if a["type"] == "play" and not a.get("wish")]
    passes = [a for a in legal if a["type"] == "pass"]
    if view["seat"] in "EW":
        return passes[0] if passes else min(plays, key=lambda a: len(a["cards"]))
    return max(plays, key=lambda a: len(a["cards"])) if plays else passes[0]


async def act(page: Page, view: dict, action: dict):
    """The frames a person's clicks send for that action."""
    kind = action["type"]
    version = page.version if kind in ("play", "pass", "gift") else None
    if kind == "grand":
        await page.command(cmd="grand", call="0")
    elif kind == "exchange":  # the page places the cards in their slots, then sends them at once
        await page.command(cmd="exchange_confirm", **{f"give_{to}": card for to, card in action["give"].items()})
    elif kind == "play":  # choosing the cards sends nothing: the play names them
        extra = {"phoenix": action["phoenix"]} if action.get("phoenix") else {}
        await page.command(cmd="play", cards=action["cards"], version=str(version), **extra)
    elif kind == "pass":
        await page.command(cmd="pass", version=str(version))
    else:
        await page.command(cmd="gift", to=action["to"], version=str(version))


def differences(pages: dict, version: int, views: dict) -> list[str]:
    """What each page shows that differs from the table at this version; empty when all agree."""
    wrong = []
    public = expected_public(views[None])
    played = {card for cards in views[None]["played"].values() for card in cards}
    for name, page in pages.items():
        html = page.html
        shown = shown_public(html)
        if shown != public:
            wrong.append(f"{name} shows {shown}, the table is at {public}")
        seat = name if name in SEATS else None
        own = set(views[seat]["hand"]) if seat else set()
        hand = parse_hand(html)
        if seat and (hand is None or sorted(hand.cards) != sorted(own)):
            wrong.append(f"{name} holds {hand and hand.cards}, the table says {sorted(own)}")
        if seat and page.version != version:
            wrong.append(f"{name} acts on version {page.version}, the table is at {version}")
        seen = sorted(c for c in set(TICHU_CARDS) - own - played if shows_card(html, c))
        if seen:
            wrong.append(f"{name} sees cards it may not see: {seen}")
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


async def play_a_hand(pages: dict, table_id: int) -> int:
    version, views = await all_agree(pages, table_id)
    actions = 0
    while not views[None]["results"]:
        public = views[None]
        if public["phase"] == "grand":
            seat = next(s for s in SEATS if not public["grand_decided"][s])
        elif public["phase"] == "exchange":
            seat = next(s for s in SEATS if not public["exchange_chosen"][s])
        else:
            seat = public["gift_by"] or public["turn"]
        if seat is None:
            assert public["bomb_window"], public
            await _in_thread(lambda: _close_bomb_window(table_id))
        else:
            await act(pages[seat], views[seat], choose(views[seat]))
        actions += 1
        new_version, views = await all_agree(pages, table_id)
        assert new_version > version
        version = new_version
    return actions


def test_one_table_on_two_processes_every_page_sees_the_same_game(daphne_servers, django_user_model, monkeypatch):
    servers = [daphne_servers.start(), daphne_servers.start()]
    # S, N on the first process and E, W on the second: every action reaches the two other
    # players of the table from the other process.
    home = {seat: servers[i % 2] for i, seat in enumerate(SEATS)}
    players = {seat: django_user_model.objects.create_user(f"p{seat.lower()}", password=PASSWORD) for seat in SEATS}
    table = services.create_table(game="tichu", user=players["S"], options={"rated": False, "bomb_window": BOMB_WINDOW})
    for seat in SEATS[1:]:
        services.sit(table_id=table.pk, user=players[seat], position=seat)
    monkeypatch.setattr(services, "_system_random", random.Random(SEED))
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
            return await play_a_hand(pages, table.pk)
        finally:
            await asyncio.gather(*(page.close() for page in pages.values()))

    actions = asyncio.run(run())

    state = engine.from_json(Table.objects.get(pk=table.pk).snapshot)
    assert len(state.results) == 1 and engine.view(state, None)["phase"] == "grand"
    assert actions > 20
