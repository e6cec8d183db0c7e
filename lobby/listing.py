"""The lobby's list of tables: public ones waiting or playing, newest first."""

from django.db.models import Count, Q

from games.models import Table
from games.presence import spectator_counts

LISTED = 100


def open_tables() -> list[dict]:
    tables = list(
        Table.objects.filter(status__in=[Table.Status.WAITING, Table.Status.PLAYING])
        .exclude(options__private=True)
        .annotate(taken=Count("seats", filter=Q(seats__user__isnull=False) | ~Q(seats__bot="")))
        .order_by("status", "-created_at")[:LISTED]
    )
    watchers = spectator_counts([t.pk for t in tables])
    return [{"table": t, "taken": t.taken, "watching": watchers.get(t.pk, 0)} for t in tables]
