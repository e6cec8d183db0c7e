"""The move's two reads by plain SQL give exactly what the ORM's querysets give."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import reads, services
from games.models import Table

pytestmark = pytest.mark.django_db


def _fields(instance) -> dict:
    """Every column's value and its type (a SQLite boolean left unconverted would equal True)."""
    values = {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields}
    return {name: (type(value), value) for name, value in values.items()}


def test_the_table_row_is_the_orms_row(team_table):
    row = reads.table_row(team_table.pk)
    assert type(row) is Table and row.pk == team_table.pk
    assert _fields(row) == _fields(Table.objects.get(pk=team_table.pk))
    assert isinstance(row.snapshot, dict) and row.started_at is not None  # converted, not raw text
    assert reads.table_row(team_table.pk + 1000) is None


def test_the_seats_come_with_their_players_as_select_related_gives_them(four_players, django_assert_num_queries):
    table = services.create_table(game="dummy", user=four_players[0], options={"players": 4})
    services.sit(table_id=table.pk, user=four_players[2], position="C")
    services.fill_with_bots(table_id=table.pk, user=four_players[0], strength="normal")
    expected = {seat.position: seat for seat in table.seats.select_related("user")}
    with django_assert_num_queries(1):  # the seats joined with their users
        players = reads.seats_with_players(table.pk)
    assert list(players) == sorted(expected)
    with django_assert_num_queries(0):
        for position, seat in players.items():
            assert _fields(seat) == _fields(expected[position])
            if expected[position].user is None:
                assert seat.user is None
            else:
                assert _fields(seat.user) == _fields(expected[position].user)
    assert players["C"].user.username == four_players[2].username and players["B"].bot == "normal"


def test_a_table_without_players_reads_its_empty_seats(four_players, django_assert_num_queries):
    table = services.create_table(game="dummy", user=four_players[0], options={"players": 4})
    services.stand(table_id=table.pk, user=four_players[0])
    with django_assert_num_queries(1):
        assert all(seat.user is None for seat in reads.seats_with_players(table.pk).values())


def test_submit_locks_the_row_where_the_database_has_row_locks(team_table):
    with CaptureQueriesContext(connection) as queries:
        reads.table_row(team_table.pk, for_update=True)
    assert queries[-1]["sql"].endswith(" FOR UPDATE") == connection.features.has_select_for_update


@pytest.mark.parametrize("for_update", [False, True])
def test_the_table_with_its_seats_is_both_reads_in_one_trip_where_the_database_allows(
        team_table, for_update, django_assert_num_queries):
    expected = {seat.position: seat for seat in team_table.seats.select_related("user")}
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 2):
        table, players = reads.table_with_seats(team_table.pk, for_update=for_update)
    assert _fields(table) == _fields(Table.objects.get(pk=team_table.pk))
    assert list(players) == sorted(expected)
    for position, seat in players.items():
        assert _fields(seat) == _fields(expected[position])
        assert (seat.user and seat.user.username) == (expected[position].user and expected[position].user.username)
    assert reads.table_with_seats(team_table.pk + 1000) == (None, {})
