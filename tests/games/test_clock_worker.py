"""A real Celery worker with beat, on the real Redis, keeps time for a table nobody touches."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection

from games import liveness
from games.models import Action, ClockHeartbeat, Table
from tests.games.conftest import start_dummy, view_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.live]
ROOT = Path(__file__).resolve().parents[2]
FAST = {"CLOCK_STRIKE_SECONDS": 2, "CLOCK_BLIP_SECONDS": 1}


def _database_url() -> str:
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def worker(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.update({key: str(value) for key, value in FAST.items()})
    env.update(DATABASE_URL=_database_url(), REDIS_URL=settings.REDIS_URL, STICH_DATA_DIR=str(tmp_path))
    # Its log goes to a file, read when the test fails: a pipe nobody reads while it runs
    # could fill and stop the worker.
    log = open(tmp_path / "worker.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.celery_worker", "worker", "--beat", "--concurrency", "1",
         "--loglevel", "WARNING", "--schedule", str(tmp_path / "beat-schedule"), "--without-heartbeat",
         "--without-gossip", "--without-mingle"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    process.log = tmp_path / "worker.log"
    yield process
    process.terminate()
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log.close()


def test_a_table_left_alone_is_struck_and_ends_by_expulsion(worker, four_players, settings):
    for key, value in FAST.items():
        setattr(settings, key, value)
    table = start_dummy(four_players, players=4)  # the four pages are open; nobody clicks
    started = time.monotonic()
    while time.monotonic() - started < 60:
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED or worker.poll() is not None:
            break
        time.sleep(0.25)
    log = worker.log.read_text(errors="replace")[-3000:]
    assert worker.poll() is None, log
    vouches = liveness.read_vouches(redis.Redis.from_url(settings.REDIS_URL))
    # What beat went by, if the table never finished: its clock, beat's heartbeat, the web
    # processes it believes in, the worker's log.
    assert table.status == Table.Status.FINISHED, (table.clock, list(ClockHeartbeat.objects.values()), vouches, log)
    actions = list(Action.objects.filter(table=table).order_by("version"))
    strikes = [a for a in actions if a.payload["type"] == "strike"]
    assert len(strikes) == 9  # three rounds for the four undecided seats; the ninth expels
    assert view_of(table)["end"]["reason"] == "strikes"
    # On schedule: the rounds are a strike period apart, never early.
    first, last = strikes[0].created_at, strikes[-1].created_at
    assert (last - first).total_seconds() >= 2 * FAST["CLOCK_STRIKE_SECONDS"] - 0.5
