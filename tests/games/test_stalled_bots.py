"""A bot's wake-up task can be lost (a worker killed in the middle of it, Redis restarted
without its data): beat wakes the bots of such a table again, rather than let the person wait
until the bot's clock strikes it."""

import time

import pytest

from config.celery import app
from games import bots, tasks
from games.models import Table
from games.services import start_practice
from tichu import engine

pytestmark = pytest.mark.django_db


def _bots_decided(table: Table) -> list[bool]:
    table.refresh_from_db()
    state = engine.from_json(table.snapshot)
    return [state.grand[seat] is not None for seat in (1, 2, 3)]  # East, North, West are bots


def test_bots_whose_wake_up_was_lost_are_woken_again(alice, django_capture_on_commit_callbacks, settings):
    # The practice table's commits are not run: the bots' wake-up after the deal is lost.
    table = start_practice(user=alice, game="tichu", options={"private": True, "rated": False},
                           strength="beginner")
    assert _bots_decided(table) == [False, False, False]
    now = time.time()
    assert bots.stalled(now, 10) == []  # a bot may take its time
    assert bots.stalled(now + 11, 10) == [(table.pk, table.version)]

    entry = app.conf.beat_schedule["wake-stalled-bots"]
    assert app.tasks[entry["task"]].name == tasks.wake_stalled_bots.name and entry["schedule"] <= 10
    settings.BOT_STALLED_SECONDS = 0  # beat's task asks with its own "now": as if that time had passed
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.wake_stalled_bots() == 1
    assert _bots_decided(table) == [True, True, True]
    # South (the person) decides now; no bot has anything pending
    assert bots.stalled(time.time() + 60, 10) == []


def test_a_paused_table_s_bots_are_left_alone(alice):
    table = start_practice(user=alice, game="tichu", options={"private": True, "rated": False},
                           strength="beginner")
    table.clock = {**table.clock, "paused": {"since": time.time(), "remaining": {}, "window": None}}
    table.save(update_fields=["clock"])
    assert bots.stalled(time.time() + 11, 10) == []
