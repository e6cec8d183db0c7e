"""Prometheus's text exposition, computed when scraped: gauges from the database and Redis,
counters kept in Redis (entries added to the tables' records, task durations), so any of
several daphne processes answers the same."""

import time

import redis
from celery import current_app
from django.db.models import Count

from games import presence
from games.models import Table
from ops import heartbeat, histograms, stamps


def _label(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


class _Text:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def family(self, name: str, kind: str, help_text: str) -> None:
        self.lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}"]

    def sample(self, name: str, value: float, **labels: str) -> None:
        inner = ",".join(f'{key}="{_label(val)}"' for key, val in labels.items())
        self.lines.append(f"{name}{{{inner}}} {value}" if inner else f"{name} {value}")


def _tables(out: _Text) -> dict[int, str]:
    out.family("stich_tables", "gauge", "Tables waiting for players or being played, by game.")
    open_tables = dict(Table.objects.exclude(status=Table.Status.FINISHED).values_list("pk", "game"))
    rows = Table.objects.exclude(status=Table.Status.FINISHED).values("game", "status").annotate(n=Count("pk"))
    for row in rows.order_by("game", "status"):
        out.sample("stich_tables", row["n"], game=row["game"], status=row["status"])
    return open_tables


def _pages(out: _Text, open_tables: dict[int, str], now: float) -> None:
    out.family("stich_open_pages", "gauge", "Table pages (websockets) open now, by game.")
    per_game: dict[str, int] = {}
    for table_id, count in presence.open_pages_by_table(now).items():
        if table_id in open_tables:
            per_game[open_tables[table_id]] = per_game.get(open_tables[table_id], 0) + count
    for game, count in sorted(per_game.items()):
        out.sample("stich_open_pages", count, game=game)


def _actions(out: _Text, client: redis.Redis) -> None:
    out.family("stich_game_actions_total", "counter",
               "Entries added to the tables' records, by game (since Redis last lost its data).")
    for game, n in sorted(histograms.counts(client, histograms.ACTIONS_LOGGED).items()):
        out.sample("stich_game_actions_total", n, game=game)


def _heartbeats(out: _Text, client: redis.Redis, now: float) -> None:
    out.family("stich_heartbeat_age_seconds", "gauge",
               "Since beat last sent its heartbeat task and a worker last ran it (beat lag).")
    for who, last in heartbeat.read(client).items():
        if last is not None:
            out.sample("stich_heartbeat_age_seconds", round(max(0.0, now - last), 3), process=who)


def _queue(out: _Text, client: redis.Redis) -> None:
    # kombu's Redis transport keeps a queue as a list, with one more list per priority step.
    name = current_app.conf.task_default_queue
    names = [name, *(f"{name}\x06\x16{step}" for step in range(1, 10))]
    out.family("stich_task_queue_length", "gauge", "Tasks waiting in the queue for a worker.")
    out.sample("stich_task_queue_length", sum(client.llen(each) for each in names), queue=name)


def _histogram(out: _Text, client: redis.Redis, stored: str, name: str, label: str, help_text: str) -> None:
    out.family(name, "histogram", help_text)
    for value, fields in histograms.read(client, stored).items():
        for bound in histograms.BUCKETS:
            out.sample(f"{name}_bucket", int(fields.get(f"le:{bound}", 0)), **{label: value, "le": str(bound)})
        out.sample(f"{name}_bucket", int(fields.get("count", 0)), **{label: value, "le": "+Inf"})
        out.sample(f"{name}_count", int(fields.get("count", 0)), **{label: value})
        out.sample(f"{name}_sum", round(fields.get("sum", 0.0), 6), **{label: value})


def exposition(now: float | None = None) -> str:
    now = time.time() if now is None else now
    out = _Text()
    open_tables = _tables(out)
    client = stamps.client()
    _actions(out, client)
    _pages(out, open_tables, now)
    _heartbeats(out, client, now)
    _queue(out, client)
    _histogram(out, client, histograms.TASK_SECONDS, "stich_task_seconds", "task",
               "How long tasks ran, by task (games.tasks.wake_bots: a bot deciding and moving).")
    _histogram(out, client, histograms.ACTION_SECONDS, "stich_action_broadcast_seconds", "game",
               "From a player's action frame arriving to its broadcast to the table, by game.")
    return "\n".join(out.lines) + "\n"
