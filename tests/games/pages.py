"""Open pages of one table through the whole ASGI stack with real sessions, for any game's
socket tests and the platform's (begun in tests/tichu/test_socket.py)."""

import asyncio
import json
import re

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application


HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
# What a page's own full drawing always holds (games/fragments/all.html), and a frame that
# answers something the page sent (games/fragments/error.html) never does.
DRAWN = 'id="t-seats"'
ANSWER = 'id="t-error"'


def cookie_of(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@database_sync_to_async
def _async_cookie(user):
    return cookie_of(user)


async def connect(table, cookie: bytes | None = None) -> WebsocketCommunicator:
    """A connected socket of the table's page, signed in with the session `cookie` (none: an
    anonymous visitor)."""
    headers = [*HEADERS, (b"cookie", cookie)] if cookie else HEADERS
    page = WebsocketCommunicator(application, f"/ws/table/{table.pk}/{table.invite_code}/", headers=headers)
    connected, _ = await page.connect(timeout=10)
    assert connected
    return page


async def open_page(table, cookie: bytes | None = None) -> WebsocketCommunicator:
    """A page connected and drawn: its own full drawing, which the socket sends last as it
    connects, is received. A frame sent after it (the page's own presence count, a broadcast)
    is passed over by `frames_until` and `reply`, which wait for the frame they need: a wait
    for a pause instead would pass or fail with the machine's speed."""
    page = await connect(table, cookie)
    await frames_until(page, DRAWN)
    return page


async def frames_until(page, text: str) -> list[str]:
    """The page's frames up to the first one that holds `text` (each wait bounded)."""
    frames = [await page.receive_from(timeout=10)]
    while text not in frames[-1]:
        frames.append(await page.receive_from(timeout=10))
    return frames


async def reply(page) -> str:
    """The page's answer to a frame it sent (its error line, empty when accepted)."""
    return (await frames_until(page, ANSWER))[-1]


def _drawn_after(frame: str, version: int) -> bool:
    drawn = re.search(r'id="t-version" name="version" value="(\d+)"', frame)
    return drawn is not None and int(drawn.group(1)) > version


class Table_:
    """Five open pages of one table and what each has received."""

    def __init__(self, table, users):
        self.table = table
        self.pages = {}
        self.users = users

    async def open(self, who, cookie):
        page = await connect(self.table, cookie)
        self.pages[who] = page
        _opened.append(page)

    async def drain(self, checker, after: int | None = None) -> dict:
        """Every frame each page received until none came for a while, each passed to
        `checker` (every frame a viewer gets is checked for what it may not see). The only
        wait here for a pause: the frames a move sends to each page are the game's to choose;
        a test that needs one frame waits for it (`frames_until`). With `after` (the version
        an action was sent against), each page first waits for the drawing of a later
        version: on a loaded machine that drawing may come later than any pause."""
        async def collect(page):
            got = []
            while after is not None and not any(_drawn_after(frame, after) for frame in got):
                got.append(await page.receive_from(timeout=30))
            # receive_nothing waits without cancelling the consumer, as a timed-out receive would.
            while not await page.receive_nothing(timeout=0.15):
                got.append(await page.receive_from())
            return got

        results = await asyncio.gather(*(collect(page) for page in self.pages.values()))
        frames = dict(zip(self.pages, results))

        def check_all():
            for who, got in frames.items():
                for frame in got:
                    checker(who, frame)

        await database_sync_to_async(check_all)()
        return frames

    async def send(self, who, **frame):
        await self.pages[who].send_to(text_data=json.dumps(frame))

    async def reply(self, who) -> str:
        """The page's next answer to a frame it sent (its error line): a refresh or presence
        frame of its connection that came later than the drain waited for is passed over."""
        return await reply(self.pages[who])


# The pages a scenario opened, closed as a person leaves (`_run`): an open page whose loop ends
# under it is cancelled mid-read instead, and its channel layer's clean-up could then wait
# forever on a Redis answer (seen as a ten-minute hang on a loaded machine).
_opened: list = []


def _run(coroutine):
    async def run_and_close():
        _opened.clear()  # pages of a scenario not run here are not this one's to close
        try:
            return await coroutine()
        finally:
            pages = list(_opened)
            _opened.clear()
            for page in pages:
                await page.disconnect(timeout=10)

    return async_to_sync(run_and_close)()
