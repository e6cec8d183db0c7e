"""Create the load benchmark's players and tables through the product's own services.

Run with the stack's environment (bench/load/run.py does this). Prints one JSON document:
{"password": ..., "tables": [{"id", "invite", "players": [{"username", "seat", "sessionid"?}]}]}

Users get one precomputed password hash (a PBKDF2 per user would take minutes), and with
--sessions each player also gets a real Django session row, exactly what a login writes
(auth user id, backend, session hash), so the benchmark can skip 4 PBKDF2 logins per table.
Tables are created with `games.services.create_table` and seated with `services.sit`; the
players are NOT ready: they press Ready over their sockets, once connected, as browsers do.
"""

import argparse
import json
import os
import sys
from pathlib import Path

PASSWORD = "load-bench-Pa55word!"
OPTIONS = {"target": 1000, "rated": False, "private": False, "clock": "strikes", "bomb_window": 1}


def create_tables(count: int, prefix: str, sessions: bool = False) -> list[dict]:
    """The tables and their players, in a process where Django is set up (the command below,
    or a test on its test database)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from games import registry, services

    hashed = make_password(PASSWORD)
    names = [f"{prefix}{t:04d}p{i}" for t in range(count) for i in range(4)]
    existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    User.objects.bulk_create([User(username=n, password=hashed) for n in names if n not in existing])
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    seats = registry.get("tichu").seats
    out = []
    for t in range(count):
        players = [users[f"{prefix}{t:04d}p{i}"] for i in range(4)]
        table = services.create_table(user=players[0], game="tichu", options=dict(OPTIONS))
        for user, position in zip(players[1:], seats[1:]):
            services.sit(table_id=table.pk, user=user, position=position)
        # Three seats are ready already; the first presses Ready over its socket (run.py),
        # which starts the game once all four pages are open.
        for user in players[1:]:
            services.set_ready(table_id=table.pk, user=user, ready=True)
        row = {"id": table.pk, "invite": table.invite_code, "players": []}
        for user, position in zip(players, seats):
            player = {"username": user.username, "seat": position}
            if sessions:
                session = SessionStore()
                session[SESSION_KEY] = str(user.pk)
                session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
                session[HASH_SESSION_KEY] = user.get_session_auth_hash()
                session.create()
                player["sessionid"] = session.session_key
            row["players"].append(player)
        out.append(row)
    from django.db import connection

    if connection.vendor == "postgresql":
        # A live site's statistics are kept by autovacuum (off on this machine's server):
        # without them the planner takes 1,000 players for a few dozen and scans them all
        # to join a table's four seats.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--sessions", action="store_true", help="write a session per player")
    parser.add_argument("--prefix", default="lb")
    args = parser.parse_args()
    sys.path.insert(0, os.environ.get("STICH_SRC") or str(Path(__file__).resolve().parents[2]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    json.dump({"password": PASSWORD, "tables": create_tables(args.tables, args.prefix, args.sessions)}, sys.stdout)


if __name__ == "__main__":
    main()
