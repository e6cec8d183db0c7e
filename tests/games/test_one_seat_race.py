"""One person, one table: two requests sitting the same player at two waiting tables at the
same instant (two tabs, two devices) are ordered by the lock on the player's row, and the
second is refused. Each request is held, once it has looked for the player's open seat, until
the other one has looked too or a second has passed: without the lock both look before either
sits, and both would sit."""

import threading

import pytest
from django.db import connection

from games import services
from games.errors import TableError
from games.models import Seat, Table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no row locks: it runs one write at a time"),
]


def test_two_tabs_sitting_one_player_at_two_tables_at_once_leave_one_seat(django_user_model, monkeypatch):
    hosts = [django_user_model.objects.create_user(name) for name in ("host-a", "host-b")]
    tables = [services.create_table(game="dummy", user=host, options={"private": False}) for host in hosts]
    player = django_user_model.objects.create_user("two-tabs")
    looked = threading.Barrier(2, timeout=1.0)
    start = threading.Barrier(2)
    looks = services.open_seat_of

    def look_then_wait(user):
        seat = looks(user)
        try:
            looked.wait()
        except threading.BrokenBarrierError:
            pass  # the other request waits on the lock: it looks once this one has sat down
        return seat

    monkeypatch.setattr(services, "open_seat_of", look_then_wait)
    outcome = {}

    def sit(table):
        start.wait()
        try:
            services.sit(table_id=table.pk, user=player, position="B")
            outcome[table.pk] = "sat"
        except TableError as error:
            outcome[table.pk] = error.code
        finally:
            connection.close()  # this thread's own connection: left open, it keeps the test database in use

    threads = [threading.Thread(target=sit, args=(table,)) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcome.values()) == ["sat", "seated_elsewhere"]
    open_seats = Seat.objects.filter(user=player, table__status=Table.Status.WAITING)
    assert open_seats.count() == 1
