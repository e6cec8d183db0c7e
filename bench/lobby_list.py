"""The lobby's table list and the stale-table round of beat, at a full list: how long
`lobby.listing.open_tables` plus the rendering of the pushed fragment take (every lobby page
gets it after every seating change), with how many queries, and one round of
`lobby.stale.close_stale_tables` over the same waiting tables; then, with that list, how
long one seating change takes to reach PAGES open lobby sockets of one process (each page
drew the list itself before the broadcasts carried a stamp). A database of its own.

    .venv/bin/python bench/lobby_list.py [--tables 100] [--rounds 20] [--pages 50]
"""

import argparse
import statistics
import time

from throwaway_site import throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--pages", type=int, default=50)
    args = parser.parse_args()
    with throwaway_site("lobby"):
        from django.db import connection
        from django.template.loader import render_to_string
        from django.test.utils import CaptureQueriesContext

        from accounts.models import User
        from games.models import Seat, Table
        from lobby import stale
        from lobby.listing import open_tables
        from ratings.models import Rating

        for n in range(args.tables):
            players = [User.objects.create(username=f"p{n}-{k}") for k in range(3)]
            Rating.objects.bulk_create(Rating(user=p, game_kind="tichu", value=1500 + k, deviation=80, games=30)
                                       for k, p in enumerate(players))
            table = Table.objects.create(game="tichu", created_by=players[0], options={
                "target": 1000, "rated": True, "private": False, "clock": "strikes", "bomb_window": 3})
            Seat.objects.bulk_create(Seat(table=table, position=p, user=u)
                                     for p, u in zip("SENW", [*players, None]))
        timings = []
        for _ in range(args.rounds):
            started = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                html = render_to_string("lobby/fragments/tables.html", {"tables": open_tables(), "oob": True})
            timings.append(time.perf_counter() - started)
        started = time.perf_counter()
        stale.close_stale_tables()
        stale_round = time.perf_counter() - started
        reach = _broadcast(args.pages, User.objects.create(username="host"))
        print(f"{args.tables} listed tables: list + fragment median {statistics.median(timings) * 1000:.1f} ms, "
              f"max {max(timings) * 1000:.1f} ms, {len(queries)} queries, {len(html) // 1024} KiB; "
              f"stale round over {args.tables} waiting tables {stale_round * 1000:.1f} ms; "
              f"one seating change reaches {args.pages} lobby pages in {reach * 1000:.0f} ms")


def _broadcast(pages: int, host) -> float:
    """Seconds from a new table's commit to the last of `pages` lobby sockets showing it."""
    from asgiref.sync import async_to_sync
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from games import services

    async def run() -> float:
        sockets = [WebsocketCommunicator(application, "/ws/lobby/", headers=[
            (b"origin", b"http://localhost"), (b"host", b"localhost")]) for _ in range(pages)]
        for socket in sockets:
            await socket.connect()
            while not await socket.receive_nothing(timeout=0.05):
                await socket.receive_from()
        started = time.perf_counter()
        table = await database_sync_to_async(services.create_table)(game="tichu", user=host, options={})
        for socket in sockets:
            while f"#{table.pk}<" not in await socket.receive_from(timeout=60):
                pass
        reach = time.perf_counter() - started
        for socket in sockets:
            await socket.disconnect()
        return reach

    return async_to_sync(run)()


if __name__ == "__main__":
    main()
