"""Presence outlives no process: a page counts only while its daphne process is alive and
vouches for it; beat marks a seat offline once all its pages have gone silent, and dropped
(paused, charged nothing) when they went down with their process."""

import asyncio
import time

import pytest
import redis
from django.conf import settings

from games import liveness, presence, timekeeping
from games.presence import Presence

pytestmark = pytest.mark.django_db


def _redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def _live_page(table_id: int, seat: str, channel: str) -> None:
    """A page of this process, which vouches for itself as daphne does."""
    with _redis() as client:
        client.zadd(liveness.processes_key(), {liveness.process_id(): time.time()})
        client.zadd(presence._seat_key(table_id, seat), {presence._member(channel): time.time()})


def _silent_page(table_id: int, seat: str, channel: str = "gone!1") -> None:
    """A page its (live) process stopped vouching for two minutes ago."""
    with _redis() as client:
        client.zadd(presence._seat_key(table_id, seat), {presence._member(channel): time.time() - 120})


def _page_of_a_dead_process(table_id: int, seat: str, channel: str = "dead!1", died: float = 30) -> None:
    """A page whose process was last heard from `died` seconds ago."""
    last_word = time.time() - died
    with _redis() as client:
        client.zadd(liveness.processes_key(), {"deadprocess": last_word})
        client.zadd(presence._seat_key(table_id, seat), {liveness.page_member("deadprocess", channel): last_word})


def test_pages_count_while_their_process_vouches_for_them():
    async def scenario():
        pages = Presence()
        assert await pages.join(7, "a!1", "A") == 1
        _silent_page(7, "A")
        _page_of_a_dead_process(7, "A", died=5)
        assert await pages.join(7, "a!2", "A") == 2  # neither the silent nor the dead page counts
        assert await pages.leave(7, "a!1", "A") == 1
        assert await pages.leave(7, "a!2", "A") == 0
        assert await pages.join(7, "w!1", None) == 1
        assert await pages.spectators(7) == 1

    asyncio.run(scenario())
    with _redis() as client:
        # Leaving swept the silent page out; the dead process's page waits for beat (it is young).
        assert client.zrange(presence._seat_key(7, "A"), 0, -1) == [b"deadprocess/dead!1"]


def test_hundreds_of_pages_opening_and_closing_at_once_wait_for_a_connection():
    """A process whose pages all open (or close) in the same moment, as when a load balancer
    sends a thousand sockets back at once: each waits for one of the pool's connections."""
    async def scenario():
        pages = Presence()
        channels = [f"burst!{i}" for i in range(400)]
        counts = await asyncio.gather(*(pages.join(9, channel, "C") for channel in channels))
        assert max(counts) == 400
        left = await asyncio.gather(*(pages.leave(9, channel, "C") for channel in channels))
        assert min(left) == 0

    asyncio.run(scenario())


def test_a_process_keeps_its_open_pages_fresh(monkeypatch):
    monkeypatch.setattr(presence, "REFRESH_SECONDS", 0.05)

    async def scenario():
        await Presence().join(8, "a!1", "B")
        with _redis() as client:
            client.zadd(presence._seat_key(8, "B"), {presence._member("a!1"): time.time() - 120}, xx=True)
        assert not presence.seat_online(8, "B")
        await asyncio.sleep(0.3)
        assert presence.seat_online(8, "B")
        await Presence().leave(8, "a!1", "B")
        await asyncio.sleep(0.1)  # the refresher, with nothing left to vouch for, ends

    asyncio.run(scenario())


@pytest.fixture
def beat_has_looked():
    """Beat has been watching since before the test: its mark is in Redis (on its first look
    it would wait, as after Redis lost its data: presence.restoring)."""
    with _redis() as client:
        client.set(presence._beat_mark_key(), 1)


def test_beat_marks_offline_a_seat_whose_pages_all_went_silent(team_table, beat_has_looked):
    table_id = team_table.pk
    now = time.time()
    for seat in ("A", "B", "C"):
        _live_page(table_id, seat, f"live-{seat}")
    _silent_page(table_id, "D")

    assert timekeeping.reconcile_presence(now) == 1
    team_table.refresh_from_db()
    assert list(team_table.clock["offline"]) == ["D"]
    assert timekeeping.reconcile_presence(now + 1) == 0  # already offline: nothing more to do


def test_a_seat_that_came_back_is_not_marked(team_table, monkeypatch, beat_has_looked):
    """Between beat's look at Redis and its row lock, the player's new page joined."""
    table_id = team_table.pk
    for seat in ("A", "B", "C", "D"):
        _silent_page(table_id, seat)
    real_seat_statuses = presence.seat_statuses

    def look_then_rejoin(seats, now):
        statuses = real_seat_statuses(seats, now)
        _live_page(table_id, "D", "new-page")
        return statuses

    monkeypatch.setattr(presence, "seat_statuses", look_then_rejoin)
    assert timekeeping.reconcile_presence() == 3
    team_table.refresh_from_db()
    assert sorted(team_table.clock["offline"]) == ["A", "B", "C"]


def _actions(table) -> int:
    return table.actions.count()


def test_beat_pauses_a_seat_whose_pages_went_down_with_their_process(team_table):
    """Not four disconnects: a daphne crash is the service's problem. The seat is dropped, the
    game is paused from the process's last word, and no offline time runs for anyone."""
    table_id, now = team_table.pk, time.time()
    for seat in ("A", "B", "C"):
        _live_page(table_id, seat, f"live-{seat}")
    _page_of_a_dead_process(table_id, "D", died=5)
    before = _actions(team_table)

    assert timekeeping.reconcile_presence(now) == 1
    team_table.refresh_from_db()
    clock = team_table.clock
    assert list(clock["dropped"]) == ["D"] and clock["offline"] == {}
    assert clock["paused"]["since"] == pytest.approx(now - 5, abs=0.5)
    # Long after every limit, nothing is due: no strike, no expulsion.
    assert timekeeping.run_deadline(table_id=table_id, now=now + 600, from_beat=True) == 0
    assert _actions(team_table) == before


def test_a_dropped_seat_whose_page_is_back_resumes_with_the_countdown(team_table):
    table_id, now = team_table.pk, time.time()
    _page_of_a_dead_process(table_id, "D", died=5)
    for seat in ("A", "B", "C"):
        _live_page(table_id, seat, f"live-{seat}")
    timekeeping.reconcile_presence(now)
    timekeeping.seat_presence(table_id=table_id, seat="D", online=True, now=now + 1)
    team_table.refresh_from_db()
    assert team_table.clock["dropped"] == {}
    assert team_table.clock["resume_at"] == now + 1 + settings.CLOCK_RESUME_SECONDS


def test_a_dropped_player_who_does_not_come_back_is_offline_from_when_they_could(team_table):
    table_id, now = team_table.pk, time.time()
    for seat in ("A", "B", "C"):
        _live_page(table_id, seat, f"live-{seat}")
    _page_of_a_dead_process(table_id, "D", died=5)
    timekeeping.reconcile_presence(now)  # dropped; a web process is alive: back from now
    timekeeping.reconcile_presence(now + 1)
    team_table.refresh_from_db()
    assert team_table.clock["dropped"]["D"]["back"] == now + 1
    later = now + 1 + settings.CLOCK_REJOIN_SECONDS
    with _redis() as client:
        client.zadd(liveness.processes_key(), {liveness.process_id(): later})  # still serving
    timekeeping.reconcile_presence(later)
    team_table.refresh_from_db()
    assert team_table.clock["dropped"] == {}
    assert team_table.clock["offline"] == {"D": now + 1}


def test_a_strike_waits_while_a_page_at_the_table_may_have_lost_its_process(team_table):
    """The probe's 20 s crash: the strike fell at the original deadline, before anyone could
    tell the process had died. A deadline at a table with a page of a quiet process waits."""
    table_id = team_table.pk
    due = max(d["deadline"] for d in team_table.clock["decisions"].values()) + 0.1
    before = _actions(team_table)
    with _redis() as client:
        client.zadd(liveness.processes_key(), {"quiet": due - 2})
        client.zadd(presence._seat_key(table_id, "D"), {liveness.page_member("quiet", "w!1"): due - 2})

    assert timekeeping.run_deadline(table_id=table_id, now=due, from_beat=True) == 0
    assert _actions(team_table) == before
    with _redis() as client:
        client.zadd(liveness.processes_key(), {"quiet": due})  # it was only slow
    assert timekeeping.run_deadline(table_id=table_id, now=due, from_beat=True) > 0
    assert _actions(team_table) > before


def test_no_web_process_alive_is_an_outage_whose_time_every_clock_gets_back(team_table, monkeypatch):
    table_id, now = team_table.pk, time.time()
    shown = []
    monkeypatch.setattr(timekeeping, "_after_commit", lambda table, lobby: shown.append(table.pk))
    with _redis() as client:
        client.zadd(liveness.processes_key(), {"web": now})
    timekeeping.tick(now)
    deadlines = {s: d["deadline"] for s, d in team_table.clock["decisions"].items()}

    # The only web process falls silent at now + 1 and is back at now + 31.
    with _redis() as client:
        client.zadd(liveness.processes_key(), {"web": now + 1})
    assert timekeeping.tick(now + 20) == 0
    with _redis() as client:
        client.zadd(liveness.processes_key(), {"web": now + 31})
    timekeeping.tick(now + 31)

    team_table.refresh_from_db()
    lost = 30 - settings.CLOCK_TICK_SECONDS
    assert {s: d["deadline"] for s, d in team_table.clock["decisions"].items()} == {
        s: pytest.approx(deadline + lost) for s, deadline in deadlines.items()}
    assert team_table.clock["offline"] == {} and table_id in shown  # the pages got the new clocks
