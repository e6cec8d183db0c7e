"""What the seats' styles cost a live table: one moment of a started Tichu table drawn for its
four players' pages (the socket's all.html, one shared `{% public %}` dict per moment, as the
consumer draws it), with every player showing a card back and a felt, against none.

    nice -n 10 /work/main/.venv/bin/python bench/coins_seat_looks.py [--moments 300]

Drawn on the database thread (a waiting table, a page's first frame) and on the event loop (a
running game's frames); either way the looks come from the cache's copy (coins.looks), with no
query. Reported: milliseconds per
moment (all four pages) and database queries per moment.
"""

import argparse
import asyncio
import statistics
import time

from throwaway_site import throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moments", type=int, default=300)
    args = parser.parse_args()
    with throwaway_site("coins"):
        run(args.moments)


def run(moments: int) -> None:
    from django.db import connection
    from django.template.loader import render_to_string
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from django.core.cache import cache

    from coins import shop, staff
    from coins.models import ActiveStyle
    from games import registry, services
    from games.models import Table
    from games.presenters import table_context

    engine = registry.get("tichu").engine
    players = [User.objects.create_user(f"p{i}", password="x" * 12) for i in range(4)]
    boss = User.objects.create_superuser("boss", password="x" * 12)
    table = services.create_table(user=players[0], game="tichu", options={})
    for user, seat in zip(players[1:], ("E", "N", "W")):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in players:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    for user in players:
        for key in ("back-lacquer", "felt-moss"):
            staff.grant_style(user=user, key=key, by=boss, why="bench")
        shop.choose(user, "tichu", "card_back", "back-lacquer")
        shop.choose(user, "tichu", "felt", "felt-moss")
    table = Table.objects.get(pk=table.pk)
    state = engine.from_json(table.snapshot)
    seated = {s.position: s for s in table.seats.select_related("user")}

    def moment() -> None:
        shared = {}
        for position, seat in seated.items():
            context = table_context(table, engine.view(state, position), position, seated, shared)
            context["user"], context["votes"] = seat.user, False
            render_to_string("games/fragments/all.html", context)

    async def on_the_loop() -> None:
        moment()  # as a running game's frames are drawn: no query may run here

    def timed(draw) -> float:
        start = time.perf_counter()
        draw()
        return time.perf_counter() - start

    modes = {"styled, database thread": moment, "styled, event loop": lambda: asyncio.run(on_the_loop())}
    results = {label: [] for label in [*modes, "standard, database thread"]}
    for draw in modes.values():
        for _ in range(20):
            draw()
    with CaptureQueriesContext(connection) as queries:
        moment()
    styled_queries = len(queries)
    for _ in range(moments):  # interleaved, so that the host's load weighs on all alike
        for label, draw in modes.items():
            results[label].append(timed(draw))
    ActiveStyle.objects.all().delete()
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        moment()
    for _ in range(moments):
        results["standard, database thread"].append(timed(moment))
    for label, times in results.items():
        print(f"{label}: {statistics.median(times) * 1000:.2f} ms per moment (median of {moments})")
    print(f"queries per moment: {styled_queries} styled, {len(queries)} standard")

if __name__ == "__main__":
    main()
