"""Timeout lateness: how long after a decision's deadline its strike is applied, with a real
Celery worker (precise eta tasks) and beat (every second), on a database of its own.

    .venv/bin/python bench/clock_lateness.py [--tables 20] [--strike-seconds 3]

Each table has four players online who never act, so every seat is struck at each deadline
until the third strike ends the game. Lateness = the strike's commit time in the action log
minus the deadline it answers (start + k × strike seconds). Reported: p50, p95, p99, max.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from throwaway_site import ROOT, throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--strike-seconds", type=int, default=3)
    args = parser.parse_args()
    with throwaway_site("lateness", {"CLOCK_STRIKE_SECONDS": str(args.strike_seconds)}) as data:
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "--app", "config", "worker", "--beat", "--concurrency", "2",
             "--loglevel", "WARNING", "--schedule", str(data / "beat"), "--without-heartbeat",
             "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=os.environ.copy(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            lateness = _measure(args)
        finally:
            worker.terminate()
            worker.wait(30)
    ms = sorted(x * 1000 for x in lateness)
    q = statistics.quantiles(ms, n=100)
    print(f"strikes: {len(ms)}  lateness ms  p50 {q[49]:.0f}  p95 {q[94]:.0f}  p99 {q[98]:.0f}  max {ms[-1]:.0f}")


def _measure(args) -> list[float]:
    from django.contrib.auth import get_user_model

    from games import services, timekeeping
    from games.models import Action, Table

    time.sleep(3)  # the worker and beat come up
    users = get_user_model()
    tables = []
    stamp = int(time.time())
    for n in range(args.tables):
        players = [users.objects.create_user(f"p{stamp}-{n}-{i}") for i in range(4)]
        table = services.create_table(game="tichu", user=players[0], options={})
        for user, seat in zip(players[1:], "ENW"):
            services.sit(table_id=table.pk, user=user, position=seat)
        for user in players:
            services.set_ready(table_id=table.pk, user=user, ready=True)
        for seat in "SENW":
            timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
        tables.append(table.pk)
    deadline = time.monotonic() + 4 * args.strike_seconds + 30
    while time.monotonic() < deadline:
        if not Table.objects.filter(pk__in=tables, status=Table.Status.PLAYING).exists():
            break
        time.sleep(0.5)
    lateness = []
    for table in Table.objects.filter(pk__in=tables):
        # The clocks started in the transaction that logged the deal.
        start = Action.objects.filter(table=table).order_by("version").first().created_at.timestamp()
        rounds = {}
        for action in Action.objects.filter(table=table).order_by("version"):
            if action.payload["type"] != "strike":
                continue
            seat = action.payload["seat"]
            rounds[seat] = rounds.get(seat, 0) + 1
            due = start + rounds[seat] * args.strike_seconds
            lateness.append(action.created_at.timestamp() - due)
    return lateness


if __name__ == "__main__":
    main()
