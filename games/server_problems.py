"""What beat does about problems of the service itself, so that they pause games without
charging anyone (shared/spec/platform.md, "Disconnects"): no web process alive at all (the
whole site was away: every clock moves on by the gap, as for beat's own outage), and a daphne
process that died with pages open (their seats pause, `games.server_drops`)."""

from datetime import datetime
from datetime import timezone as dt_timezone

from django.conf import settings
from django.db import transaction

from games import beat_watch, liveness, presence, server_drops
from games.models import ClockHeartbeat, Table
from games.services import _after_commit, set_deadline


@transaction.atomic
def hold_heartbeat(silent_since: float) -> None:
    """No web process is alive: beat keeps its heartbeat at the site's last word, so that the
    tick after the site is back sees an outage from then and moves every clock on by it."""
    beat = ClockHeartbeat.objects.select_for_update().filter(pk=1).first()
    if beat is not None and beat.last_tick.timestamp() > silent_since:
        beat.last_tick = datetime.fromtimestamp(silent_since, tz=dt_timezone.utc)
        beat.save(update_fields=["last_tick"])
        beat_watch.record(silent_since)


def unnoticed_deaths(vouches: dict[str, float], now: float) -> set[str]:
    """Processes dead since beat last looked (each is looked at once: their pages are then in
    the clocks as dropped seats)."""
    dead = {p for p in vouches if not liveness.is_alive(vouches, p, now)}
    return dead - presence.noticed_deaths() if dead else set()


@transaction.atomic
def mark_dropped(table_id: int, seat: str, since: float, now: float) -> bool:
    table = Table.objects.select_for_update().get(pk=table_id)
    # Asked again under the row lock: a page that joined meanwhile marks itself online only
    # after this lock is released, so the two cannot cross.
    if (table.status != Table.Status.PLAYING or seat in table.clock.get("dropped", {})
            or presence.seat_status(table_id, seat, now)[0] != "dropped"):
        return False
    table.clock = server_drops.drop(table.clock, seat, since)
    _changed(table)
    return True


@transaction.atomic
def after_service_back(table_id: int, now: float) -> None:
    """A web process is alive: the dropped seats' rejoin time runs from now; a player whose
    time ran out is offline from when they could have come back."""
    table = Table.objects.select_for_update().get(pk=table_id)
    before = table.clock
    table.clock = server_drops.service_back(table.clock, now)
    for seat in server_drops.overdue(table.clock, now, settings.CLOCK_REJOIN_SECONDS):
        table.clock = server_drops.left(table.clock, seat)
    if table.clock != before:
        _changed(table)


def _changed(table: Table) -> None:
    table.version += 1
    set_deadline(table)
    table.save(update_fields=["clock", "deadline", "version"])
    _after_commit(table, lobby=False)
