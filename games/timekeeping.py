"""The server's side of the clocks: what beat and the precisely timed tasks do when a
deadline passes, presence changes, and outages. Every change goes through `submit` or holds
the same row lock, and names the version it expects, so running anything twice is harmless."""

import time
from datetime import datetime
from datetime import timezone as dt_timezone

from django.conf import settings
from django.db import transaction

from games import beat_watch, clocks, liveness, presence, registry, server_drops, server_problems
from games.models import ClockHeartbeat, Seat, Table
from games.services import _after_commit, set_deadline, submit, time_deadline, timing_for

# What the server submits when a clock runs out (the platform's actions, in every record).
PLATFORM_ACTIONS = {"strike": "strike", "offline_strike": "strike", "expel": "expel", "reserve_out": "reserve_out"}


def _server_action(table: Table, timing: clocks.Timing, kind: str, seat: str | None) -> dict | None:
    """The action for a due clock step, or None for a step that is no action (pause, resume)."""
    if kind == "window":
        return dict(timing.table.windows[table.clock["window"]["kind"]].action)
    if kind == "expel" and table.has_bots:
        # Leaving a practice table costs nothing: the game just ends (games.leaving).
        return {"type": "void"}
    if kind == "timeout":
        decision = table.clock["decisions"][seat]
        return dict(timing.decision(decision["kind"]).on_expiry) | {"seat": seat}
    if kind in PLATFORM_ACTIONS:
        return {"type": PLATFORM_ACTIONS[kind]} | ({"seat": seat} if seat else {})
    return None
# The steps that cost a player something: they wait while a page at the table may have lost its
# server process, until beat knows (`liveness.LATE_AFTER_SECONDS`).
CHARGES = {"strike", "offline_strike", "expel", "reserve_out"}


def _heartbeat_fresh(now: float) -> bool:
    beat = ClockHeartbeat.objects.filter(pk=1).first()
    return beat is not None and now - beat.last_tick.timestamp() <= settings.CLOCK_OUTAGE_SECONDS


@transaction.atomic
def run_deadline(*, table_id: int, version: int | None = None, now: float | None = None,
                 from_beat: bool = False) -> int:
    """Do what is due at the table now; returns how many things were done. The precise task
    (not beat) stands back while beat is silent: beat then moves every clock on by the outage
    first, so nobody is charged for it."""
    now = time.time() if now is None else now
    if not from_beat and not _heartbeat_fresh(now):
        return 0
    table = Table.objects.select_for_update().get(pk=table_id)
    if version is not None and table.version != version:
        return 0
    done = 0
    for _ in range(8):  # several things can fall due at once; each is its own step
        if table.status != Table.Status.PLAYING:
            break
        timing = timing_for(table)
        step = clocks.due(table.clock, now, timing)
        if step is None:
            break
        kind, seat = step
        if kind in CHARGES and _pages_may_be_down(table_id, now):
            break
        action = _server_action(table, timing, kind, seat)
        if kind == "offline_strike" and table.has_bots:
            # A player away from a practice table is not struck; it is voided when they would
            # have been expelled. Counting the strike moves `due` on to that moment.
            table.clock = clocks.note_offline_strike(table.clock, seat)
            set_deadline(table)
            table.save(update_fields=["clock", "deadline"])
        elif action is not None:
            if kind == "offline_strike":
                table.clock = clocks.note_offline_strike(table.clock, seat)
                table.save(update_fields=["clock"])
            engine = registry.get(table.game).engine
            try:
                submit(table_id=table.pk, action=action, now=now, server=True)
            except engine.IllegalAction:
                # The engine no longer wants it (the moment passed in the rules' eyes): stop
                # the clock that asked rather than retry it every second.
                table.clock = clocks.after_action(table.clock, {}, None, now, timing, None)
                set_deadline(table)
                table.save(update_fields=["clock", "deadline"])
        else:
            table.clock = (clocks.pause if kind == "pause" else lambda c, t: clocks.resume(c, now, t))(
                table.clock, timing)
            table.version += 1
            set_deadline(table)
            table.save(update_fields=["clock", "deadline", "version"])
            _after_commit(table, lobby=False)
        table.refresh_from_db()
        done += 1
    return done


def _pages_may_be_down(table_id: int, now: float) -> bool:
    seats = list(Seat.objects.filter(table_id=table_id, user__isnull=False).values_list("position", flat=True))
    return presence.late_pages(table_id, seats, now)


def tick(now: float | None = None) -> int:
    """Beat, every second: while no web process is alive nothing (the site is down: the
    catch-up after it gives the time back); otherwise first catch up on any outage, pause the
    seats of a daphne process that died, then every table with a deadline due, then a precise
    task for each deadline about to fall due."""
    now = time.time() if now is None else now
    vouches = presence.web_vouches()
    silent = liveness.silent_since(vouches, now)
    if silent is not None:
        server_problems.hold_heartbeat(silent)
        return 0
    beat_watch.record(_catch_up_outage(now))
    if deaths := server_problems.unnoticed_deaths(vouches, now):
        reconcile_presence(now)
        presence.note_deaths(deaths)
    done = 0
    moment = datetime.fromtimestamp(now, tz=dt_timezone.utc)
    playing = Table.objects.filter(status=Table.Status.PLAYING)
    for table_id in list(playing.filter(deadline__lte=moment).values_list("pk", flat=True)):
        done += run_deadline(table_id=table_id, now=now, from_beat=True)
    near = datetime.fromtimestamp(now + settings.CLOCK_PRECISE_AHEAD_SECONDS, tz=dt_timezone.utc)
    for table_id, version, deadline in playing.filter(deadline__gt=moment, deadline__lte=near).values_list(
            "pk", "version", "deadline"):
        time_deadline(table_id, version, deadline, now)
    return done


@transaction.atomic
def _catch_up_outage(now: float) -> float:
    """Returns beat's heartbeat as it now stands."""
    beat, created = ClockHeartbeat.objects.select_for_update().get_or_create(
        pk=1, defaults={"last_tick": datetime.fromtimestamp(now, tz=dt_timezone.utc)})
    gap = now - beat.last_tick.timestamp()
    if not created and gap > settings.CLOCK_OUTAGE_SECONDS:
        # Beat's own period is normal; everything beyond it was the service being away.
        lost = gap - settings.CLOCK_TICK_SECONDS
        for table in Table.objects.select_for_update().filter(status=Table.Status.PLAYING):
            table.clock = server_drops.outage_shifted(clocks.shift(table.clock, lost), now)
            set_deadline(table)
            table.save(update_fields=["clock", "deadline"])
            # The pages showed the game paused; they get the clocks as they now run.
            _after_commit(table, lobby=False)
    beat.last_tick = datetime.fromtimestamp(max(now, beat.last_tick.timestamp()), tz=dt_timezone.utc)
    beat.save(update_fields=["last_tick"])
    return beat.last_tick.timestamp()


@transaction.atomic
def seat_presence(*, table_id: int, seat: str, online: bool, now: float | None = None) -> None:
    """A seat's last page closed, or its first page opened. Going offline only notes the time:
    beat pauses the game if the seat is still away after the short blip allowance."""
    now = time.time() if now is None else now
    table = Table.objects.select_for_update().get(pk=table_id)
    if table.status != Table.Status.PLAYING:
        return
    timing = timing_for(table)
    was_paused = bool(table.clock.get("paused"))
    if online:
        table.clock = clocks.connected(table.clock, seat, now, timing)
    else:
        table.clock = clocks.disconnected(table.clock, seat, now)
    set_deadline(table)
    table.save(update_fields=["clock", "deadline"])
    if was_paused:
        _after_commit(table, lobby=False)  # show the resume countdown
    elif table.deadline is not None:
        deadline, version = table.deadline, table.version
        transaction.on_commit(lambda: time_deadline(table_id, version, deadline, time.time()))


def reconcile_presence(now: float | None = None) -> int:
    """Seats whose pages are not what their clocks say: a seat whose pages all vanished
    without closing goes offline like one whose last page closed, unless they vanished with
    their daphne process (the seat is then dropped: paused, charged nothing); a dropped or
    offline seat with a live page again is back (an offline one only after Redis lost the
    pages: a page that opens marks its seat itself). While the web processes add back pages
    Redis lost (`presence.restoring`), no seat goes offline. Returns how many seats it marked."""
    now = time.time() if now is None else now
    if liveness.silent_since(presence.web_vouches(), now) is not None:
        return 0  # the site is down; tick gives the time back when it is up
    clocks_by_table = {pk: clock or {} for pk, clock in
                       Table.objects.filter(status=Table.Status.PLAYING).values_list("pk", "clock")}
    humans = Seat.objects.filter(table_id__in=list(clocks_by_table), user__isnull=False)
    watched = list(humans.values_list("table_id", "position"))
    for table_id, clock in clocks_by_table.items():
        if clock.get("dropped"):
            server_problems.after_service_back(table_id, now)
    if not watched:
        return 0
    statuses = presence.seat_statuses(watched, now)
    # Asked after the pages were read: a loss before that read is noticed here.
    restoring = presence.restoring()
    marked = 0
    for (table_id, seat), (status, since) in statuses.items():
        clock = clocks_by_table[table_id]
        dropped, offline = seat in clock.get("dropped", {}), seat in clock.get("offline", {})
        if status == "online" and dropped:
            seat_presence(table_id=table_id, seat=seat, online=True, now=now)
            marked += 1
        elif status == "online" and offline:
            marked += _mark_back(table_id, seat, now)
        elif offline:
            continue
        elif status == "dropped" and not dropped:
            marked += server_problems.mark_dropped(table_id, seat, since, now)
        elif status == "gone" and not dropped and not restoring:
            marked += _mark_gone(table_id, seat, now)
    return marked


@transaction.atomic
def _mark_back(table_id: int, seat: str, now: float) -> bool:
    # Asked again under the row lock, as `_mark_gone` does: the page may have closed meanwhile,
    # or opened and marked the seat itself.
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None or seat not in (table.clock or {}).get("offline", {}):
        return False
    if presence.seat_status(table_id, seat, now)[0] != "online":
        return False
    seat_presence(table_id=table_id, seat=seat, online=True, now=now)
    return True


@transaction.atomic
def _mark_gone(table_id: int, seat: str, now: float) -> bool:
    # Asked again under the row lock: a page that joined meanwhile marks itself online only
    # after this lock is released, so the two cannot cross.
    Table.objects.select_for_update().filter(pk=table_id).first()
    if presence.seat_status(table_id, seat, now)[0] != "gone":
        return False
    seat_presence(table_id=table_id, seat=seat, online=False, now=now)
    return True
