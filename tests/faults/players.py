"""Scripted players on real websockets, as the table page's htmx glue behaves: a page whose
socket drops tries again every RETRY seconds (static/js/table.js sets htmx's reconnect delay
alike) and is drawn afresh by the server when it is back. The players choose from the legal
actions the database holds; every action goes through a socket."""

import asyncio
import json
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from websockets.asyncio.client import connect

from games import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))

from fragments import error_text, version_of  # noqa: E402

engine = registry.get("tichu").engine
SEATS = ("S", "E", "N", "W")
RETRY = 0.5
WAIT = 60
_SEATS_FRAGMENT = re.compile(r'<section id="t-seats".*?</section>', re.S)
_STATUS_FRAGMENT = re.compile(r'<section id="t-status".*?</section>', re.S)


class Page:
    def __init__(self, seat: str, base: str, path: str, session: str):
        self.seat, self.base, self.path, self.session = seat, base, path, session
        self.version: int | None = None
        self.replies: list[str] = []
        self.frames: list[tuple[float, str]] = []  # (when received, frame)
        self.connected = asyncio.Event()
        self.connections = 0
        self.closed_at: float | None = None

    def start(self) -> None:
        self.runner = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        host = urlsplit(self.base).netloc
        while True:
            try:
                async with connect(f"ws://{host}{self.path}", origin=self.base, max_size=2**22,
                                   additional_headers={"Cookie": f"sessionid={self.session}"},
                                   open_timeout=WAIT, ping_interval=None) as ws:
                    self.ws = ws
                    self.connections += 1
                    self.connected.set()
                    async for frame in ws:
                        self._read(frame)
            except (OSError, asyncio.TimeoutError, Exception) as error:  # noqa: BLE001 — any drop: retry
                if isinstance(error, asyncio.CancelledError):
                    raise
            self.connected.clear()
            self.closed_at = time.time()
            await asyncio.sleep(RETRY)

    def _read(self, frame: str) -> None:
        self.frames.append((time.time(), frame))
        if (version := version_of(frame)) is not None:
            self.version = version
        reply = error_text(frame)
        if reply is not None:
            self.replies.append(reply)

    async def send(self, **fields) -> None:
        await self.ws.send(json.dumps(fields))

    async def command(self, **fields) -> None:
        before = len(self.replies)
        await self.send(**fields)
        deadline = time.monotonic() + WAIT
        while len(self.replies) == before:
            assert time.monotonic() < deadline, f"{self.seat}: no answer to {fields}"
            await asyncio.sleep(0.02)
        assert self.replies[before] == "", f"{self.seat}: {fields} refused: {self.replies[before]}"

    def last(self, pattern: re.Pattern) -> tuple[float, str] | None:
        for when, frame in reversed(self.frames):
            if match := pattern.search(frame):
                return when, match.group(0)
        return None

    def last_seats(self):
        return self.last(_SEATS_FRAGMENT)

    def last_status(self):
        return self.last(_STATUS_FRAGMENT)

    async def stop(self) -> None:
        self.runner.cancel()
        await asyncio.gather(self.runner, return_exceptions=True)


def choose(view: dict) -> dict:
    """Everyone sheds the smallest combination they may and passes otherwise; no calls, no wish:
    a hand lasts long enough for the faults to land in the middle of play."""
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
    if passes and view["trick"]:
        return passes[0]
    return min(plays, key=lambda a: (len(a["cards"]), a["cards"]))


async def act(page: Page, action: dict) -> None:
    """The frames a person's clicks send for that action."""
    kind, version = action["type"], page.version
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


def pending_seat(public: dict) -> str | None:
    if public["phase"] == "grand":
        return next(s for s in SEATS if not public["grand_decided"][s])
    if public["phase"] == "exchange":
        return next(s for s in SEATS if not public["exchange_chosen"][s])
    return public["gift_by"] or public["turn"]
