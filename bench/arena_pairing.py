"""Arena pairing at scale: PLAYERS players waiting in a running Tichu arena, paired by one
pass of beat's task (`tournaments.services.pair`): how long the choice of groups takes (who
waits, their cooldown checks, the tables by score: tournaments.teams) and the whole pass with every table
created, seated and dealt, with how many queries. A database of its own.

    .venv/bin/python bench/arena_pairing.py [--players 500] [--game tichu]
"""

import argparse
import random
import time
from datetime import timedelta

from throwaway_site import throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--game", default="tichu")
    args = parser.parse_args()
    with throwaway_site("arena"):
        from django.db import connection, transaction
        from django.test.utils import CaptureQueriesContext
        from django.utils import timezone

        from accounts.models import User
        from games import registry
        from moderation.access import blocked_from_public_play
        from tournaments import services, teams
        from tournaments.models import Entry, Pairing, Tournament

        tournament = Tournament.objects.create(name="Bench", game=args.game, minutes=60,
                                               starts_at=timezone.now() - timedelta(minutes=1),
                                               options=services.table_options(args.game, {}))
        users = User.objects.bulk_create(User(username=f"p{n}") for n in range(args.players))
        Entry.objects.bulk_create(Entry(tournament=tournament, user=u, score=n % 37, seen_at=timezone.now())
                                  for n, u in enumerate(users))
        size = len(registry.get(args.game).seats_for(tournament.options))

        started = time.perf_counter()
        with transaction.atomic():
            waiting = services.waiting_entries(tournament)
            blocked = blocked_from_public_play([e.user_id for e in waiting])
            game = registry.get(args.game)
            groups = teams.arena_tables([e for e in waiting if e.user_id not in blocked],
                                        game.seats_for(tournament.options), game.teams, random.Random(0))
        choice = time.perf_counter() - started

        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            made = services.pair(tournament.pk)
            whole = time.perf_counter() - started
        paired = Pairing.objects.filter(tournament=tournament).count()
        again = services.pair(tournament.pk)
        print(f"{args.players} waiting, {size} a table: groups chosen in {choice * 1000:.0f} ms "
              f"({len(groups)} groups); the whole pass (tables created, seated, dealt) "
              f"{whole * 1000:.0f} ms, {len(queries)} queries, {made} tables ({paired} stored); "
              f"a second pass started {again}")


if __name__ == "__main__":
    main()
