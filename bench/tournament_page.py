"""The lobby and a tournament page with PLAYERS players in a running Tichu arena, beside the
lobby with TABLES public tables alone (the reference), in one process and the same minutes.

First the lobby with TABLES tables (3 players each, as bench/lobby_list.py builds them): the
list fragment every lobby page gets after a change, and the whole lobby page. Then a public
arena with PLAYERS players joins, is paired by the pairing itself (PLAYERS / 4 games in play,
private tables the lobby leaves out) and has a history (scores, games, streaks): the same two
lobby figures again (the lobby now lists the tournament), the tournament's standings fragment
(drawn once per update and process), one player's own line (once per page) and the whole
tournament page as that player opens it. Medians of ROUNDS, with queries. Last, how long one
update takes to reach the tournament sockets of all PLAYERS players, signed in, in one process
(the standings drawn once for all): one that names four players (a game started or counted:
only their pages draw their own line again) and one for everyone (every page draws its own).
A database of its own.

    .venv/bin/python bench/tournament_page.py [--players 200] [--tables 100] [--rounds 20]
"""

import argparse
import statistics
import time
from datetime import timedelta

from throwaway_site import throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with throwaway_site("tournament"):
        from django.conf import settings
        from django.db import connection
        from django.template.loader import render_to_string
        from django.test import Client
        from django.test.utils import override_settings
        from django.utils import timezone

        from accounts.models import User
        from games.models import Seat, Table
        from lobby.listing import open_tables
        from ratings.models import Rating
        from tournaments import services
        from tournaments.models import Entry, Pairing, Tournament
        from tournaments.standings import own_context, shared_context

        # The pages name their static files; the hashed names' manifest exists only after
        # collectstatic, which a benchmark's own database does not run.
        override_settings(STORAGES=settings.STORAGES | {
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}).enable()

        def timed(work):
            work()  # warm: the first request of a session reads what later ones find cached
            queries = []
            # Counted by a wrapper: a request's start empties the connection's own log.
            with connection.execute_wrapper(lambda execute, sql, *rest: queries.append(sql) or execute(sql, *rest)):
                work()
            times = []
            for _ in range(args.rounds):
                started = time.perf_counter()
                work()
                times.append(time.perf_counter() - started)
            return f"{statistics.median(times) * 1000:.1f} ms ({len(queries)} q)"

        def get(client, url):
            def work():
                response = client.get(url, HTTP_HOST="localhost")
                assert response.status_code == 200, (url, response.status_code)
            return work

        def lobby_figures(client):
            return (timed(lambda: render_to_string("lobby/fragments/tables.html", {"tables": open_tables(), "oob": True})),
                    timed(get(client, "/lobby/")))

        for n in range(args.tables):
            players = [User.objects.create(username=f"t{n}-{k}") for k in range(3)]
            Rating.objects.bulk_create(Rating(user=p, game_kind="tichu", value=1500 + k, deviation=80, games=30)
                                       for k, p in enumerate(players))
            table = Table.objects.create(game="tichu", created_by=players[0], options={
                "target": 1000, "rated": True, "private": False, "clock": "strikes", "bomb_window": 3})
            Seat.objects.bulk_create(Seat(table=table, position=p, user=u) for p, u in zip("SENW", [*players, None]))
        viewer = User.objects.create(username="viewer")
        client = Client()
        client.force_login(viewer)
        alone = lobby_figures(client)

        tournament = Tournament.objects.create(name="Bench", game="tichu", minutes=60,
                                               starts_at=timezone.now() - timedelta(minutes=30),
                                               options=services.table_options("tichu", {}))
        users = User.objects.bulk_create(User(username=f"p{n}") for n in range(args.players))
        Entry.objects.bulk_create(Entry(tournament=tournament, user=u, score=n % 37, games=n % 9, streak=n % 3,
                                        seen_at=timezone.now()) for n, u in enumerate(users))
        services.pair(tournament.pk)
        playing = Pairing.objects.filter(tournament=tournament, table__status=Table.Status.PLAYING).count()
        player = Client()
        player.force_login(users[0])
        with_arena = lobby_figures(client)
        shared = timed(lambda: render_to_string("tournaments/fragments/live.html",
                                                shared_context(tournament) | {"oob": True}))
        own = timed(lambda: render_to_string("tournaments/fragments/own.html",
                                             own_context(tournament, users[0]) | {"oob": True}))
        page = timed(get(player, f"/tournaments/{tournament.pk}/"))
        sessions = []
        for user in users:
            signed_in = Client()
            signed_in.force_login(user)
            sessions.append(signed_in.cookies["sessionid"].value)
        reach = _broadcast(tournament.pk, sessions, [u.pk for u in users[:4]])
        print(f"lobby with {args.tables} tables: list {alone[0]}, page {alone[1]} | "
              f"with a running arena of {args.players} players, {playing} games in play: lobby list {with_arena[0]}, "
              f"lobby page {with_arena[1]}; tournament standings {shared}, own line {own}, "
              f"tournament page {page}; medians of {args.rounds}; one update reaches {len(sessions)} "
              f"tournament pages in {reach[0] * 1000:.0f} ms (naming 4 players), {reach[1] * 1000:.0f} ms "
              f"(for everyone)")


def _broadcast(tournament_id: int, sessions: list[str], four: list[int]) -> tuple[float, float]:
    """Seconds from an update's commit to the last of the players' tournament sockets having it:
    one naming `four` players, one for everyone."""
    from asgiref.sync import async_to_sync
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator
    from django.db import transaction

    from config.asgi import application
    from tournaments import services

    def announce(users) -> None:
        with transaction.atomic():
            services.announce(tournament_id, users=users)

    async def run() -> tuple[float, float]:
        sockets = [WebsocketCommunicator(application, f"/ws/tournament/{tournament_id}/", headers=[
            (b"origin", b"http://localhost"), (b"host", b"localhost"),
            (b"cookie", f"sessionid={session}".encode())]) for session in sessions]
        for socket in sockets:
            connected, _ = await socket.connect(timeout=60)
            assert connected
            await socket.receive_from(timeout=60)  # the page's first drawing
        reach = []
        for users in (four, None):
            started = time.perf_counter()
            await database_sync_to_async(announce)(users)
            for socket in sockets:
                assert "tournament-live" in await socket.receive_from(timeout=120)
            reach.append(time.perf_counter() - started)
        for socket in sockets:
            await socket.disconnect()
        return reach[0], reach[1]

    return async_to_sync(run)()


if __name__ == "__main__":
    main()
