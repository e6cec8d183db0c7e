"""A tournament page at size: PLAYERS players in a running Tichu arena, most of them at tables
(paired by the pairing itself): how long the standings fragment every page gets after each
update takes to draw (`shared_context` and its template, once per update and process) and
one viewer's own line (once per page), with how many queries. A database of its own.

    .venv/bin/python bench/tournament_page.py [--players 200] [--rounds 20]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="stich-tournament-"))
    os.environ.update({"STICH_DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "config.settings"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.template.loader import render_to_string
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from accounts.models import User
    from config import embedded_redis
    from tournaments import services
    from tournaments.models import Entry, Tournament
    from tournaments.standings import own_context, shared_context

    call_command("migrate", verbosity=0)
    redis = None
    if settings.USES_EMBEDDED_REDIS and not embedded_redis.is_running(settings.EMBEDDED_REDIS_SOCKET):
        redis = embedded_redis.start(settings.EMBEDDED_REDIS_SOCKET, data / "redis")
    try:
        tournament = Tournament.objects.create(name="Bench", game="tichu", minutes=60,
                                               starts_at=timezone.now() - timedelta(minutes=1),
                                               options=services.table_options("tichu", {}))
        users = User.objects.bulk_create(User(username=f"p{n}") for n in range(args.players))
        Entry.objects.bulk_create(Entry(tournament=tournament, user=u, score=n % 37, seen_at=timezone.now())
                                  for n, u in enumerate(users))
        services.pair(tournament.pk)

        def timed(work):
            times = []
            with CaptureQueriesContext(connection) as queries:
                work()
            for _ in range(args.rounds):
                started = time.perf_counter()
                work()
                times.append(time.perf_counter() - started)
            return statistics.median(times) * 1000, len(queries)

        shared = timed(lambda: render_to_string("tournaments/fragments/live.html",
                                                shared_context(tournament) | {"oob": True}))
        own = timed(lambda: render_to_string("tournaments/fragments/own.html",
                                             own_context(tournament, users[0]) | {"oob": True}))
        print(f"{args.players} players, {args.players // 4} games in play: standings fragment {shared[0]:.1f} ms "
              f"({shared[1]} queries), own line {own[0]:.1f} ms ({own[1]} queries); medians of {args.rounds}")
    finally:
        if redis is not None:
            embedded_redis.stop(redis)


if __name__ == "__main__":
    main()
