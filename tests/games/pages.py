"""Open pages of one table through the whole ASGI stack with real sessions, for any game's
socket tests (moved from tests/tichu/test_socket.py, where they began)."""

import asyncio
import json

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@database_sync_to_async
def _async_cookie(user):
    return _cookie(user)


class Table_:
    """Five open pages of one table and what each has received."""

    def __init__(self, table, users):
        self.table = table
        self.pages = {}
        self.users = users

    async def open(self, who, cookie):
        path = f"/ws/table/{self.table.pk}/{self.table.invite_code}/"
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        if cookie:
            headers.append((b"cookie", cookie))
        page = WebsocketCommunicator(application, path, headers=headers)
        connected, _ = await page.connect(timeout=10)
        assert connected
        self.pages[who] = page
        _opened.append(page)

    async def drain(self, checker) -> dict:
        async def collect(page):
            got = []
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
        while 'id="t-error"' not in (frame := await self.pages[who].receive_from(timeout=5)):
            pass
        return frame


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
