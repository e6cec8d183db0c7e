import asyncio
from contextlib import contextmanager
from datetime import datetime, timezone

import pytest
from channels.layers import get_channel_layer

from accounts.moderators import make_moderator
from games import services as games
from tests.games.conftest import DUMMY_SEATS, four_players, team_table  # noqa: F401 — shared fixtures

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Hashing the players' passwords the production way would be most of these tests' time."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def moderator(db):
    return make_moderator(username="mara", password="moderate with care 5")


@pytest.fixture
def waiting_table(four_players):  # noqa: F811
    """Four players seated at a rated four-seat dummy table, nobody ready yet: the game has not
    started."""
    table = games.create_table(game="dummy", user=four_players[0], options={"players": 4, "rated": True})
    for user, seat in zip(four_players[1:], DUMMY_SEATS[1:]):
        games.sit(table_id=table.pk, user=user, position=seat)
    table.refresh_from_db()
    return table


@contextmanager
def listening(group: str):
    """A channel in `group` for the block; yields a function returning its next event. The
    channel lives in one event loop of its own (the layer subscribes per loop, as a daphne
    process does), while the code under test publishes from its own."""
    loop = asyncio.new_event_loop()
    layer = get_channel_layer()
    channel = loop.run_until_complete(layer.new_channel())
    loop.run_until_complete(layer.group_add(group, channel))

    def receive() -> dict:
        return loop.run_until_complete(asyncio.wait_for(layer.receive(channel), timeout=5))

    try:
        yield receive
    finally:
        loop.run_until_complete(layer.group_discard(group, channel))
        loop.close()
