"""The move's two writes by plain SQL store exactly what the ORM's save and create store."""

from datetime import datetime, timedelta
from datetime import timezone as dt_timezone

import pytest
from django.utils import timezone

from games import writes
from games.models import Action, Table

pytestmark = pytest.mark.django_db


def _fields(instance, *, leave_out=()) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields
            if field.attname not in leave_out}


def _change_every_move_field(table: Table, finished: bool) -> None:
    table.snapshot = {"phase": "play", "nested": {"list": [1, "two", None]}, "ü": "ß"}
    table.version += 7
    table.clock = {"decisions": {"A": {"deadline": 1.5e9}}, "offline": {}}
    table.deadline = None if finished else datetime(2030, 1, 2, 3, 4, 5, 678000, tzinfo=dt_timezone.utc)
    table.status = Table.Status.FINISHED if finished else Table.Status.PLAYING
    table.finished_at = timezone.now() if finished else None


@pytest.mark.parametrize("finished", [False, True])
def test_a_saved_move_reads_back_as_the_orms_save(team_table, finished):
    by_sql = Table.objects.get(pk=team_table.pk)
    _change_every_move_field(by_sql, finished)
    writes.save_move(by_sql)
    stored = _fields(Table.objects.get(pk=team_table.pk))

    team_table.save()  # back to where both writes start
    by_orm = Table.objects.get(pk=team_table.pk)
    _change_every_move_field(by_orm, finished)
    by_orm.finished_at = by_sql.finished_at
    by_orm.save()
    assert stored == _fields(Table.objects.get(pk=team_table.pk))
    assert stored["version"] == team_table.version + 7 and stored["snapshot"]["ü"] == "ß"


def test_a_saved_move_leaves_the_other_fields_and_tables_alone(team_table):
    other = Table.objects.create(game="dummy", created_by=team_table.created_by, options={"target": 5})
    before, other_before = _fields(team_table), _fields(other)
    table = Table.objects.get(pk=team_table.pk)
    table.options = {"changed": "by nothing a move stores"}
    table.version += 1
    writes.save_move(table)
    after = _fields(Table.objects.get(pk=team_table.pk))
    assert after == {**before, "version": before["version"] + 1}
    assert _fields(Table.objects.get(pk=other.pk)) == other_before


def test_a_logged_action_reads_back_as_the_orms_create(team_table, four_players):
    payload = {"type": "pick", "n": 7, "seat": "A", "nested": ["ü", None, {"n": 10}]}
    writes.log_action(table=team_table, version=90, hand=3, payload=payload, user=four_players[0])
    writes.log_action(table=team_table, version=91, hand=3, payload={"type": "close"}, user=None)
    Action.objects.create(table=team_table, version=92, hand=3, payload=payload, user=four_players[0])
    by_sql, server, by_orm = Action.objects.filter(table=team_table, version__gte=90).order_by("version")
    assert _fields(by_sql, leave_out=("id", "version", "created_at")) == \
        _fields(by_orm, leave_out=("id", "version", "created_at"))
    assert by_sql.payload == payload and server.user_id is None and server.payload == {"type": "close"}
    assert abs(by_orm.created_at - by_sql.created_at) < timedelta(seconds=5)
    assert by_sql.created_at.tzinfo is not None


@pytest.mark.parametrize("durable", [None, False, True])
def test_a_move_saved_with_its_log_stores_the_entries_as_logged_one_by_one(team_table, four_players, durable):
    payload = {"type": "pick", "n": 7, "seat": "A", "nested": ["ü", None, {"n": 10}]}
    writes.log_action(table=team_table, version=80, hand=3, payload=payload, user=four_players[0])
    writes.log_action(table=team_table, version=81, hand=3, payload={"type": "close"}, user=None)
    table = Table.objects.get(pk=team_table.pk)
    _change_every_move_field(table, finished=False)
    writes.save_move(table, durable=durable, log=[
        {"table": table, "version": 90, "hand": 3, "payload": payload, "user": four_players[0]},
        {"table": table, "version": 91, "hand": 3, "payload": {"type": "close"}, "user": None}])
    one_by_one = Action.objects.filter(table=team_table, version__in=(80, 81)).order_by("version")
    with_the_row = Action.objects.filter(table=team_table, version__in=(90, 91)).order_by("version")
    leave_out = ("id", "version", "created_at")
    assert [_fields(a, leave_out=leave_out) for a in with_the_row] == [_fields(a, leave_out=leave_out) for a in one_by_one]
    assert Table.objects.get(pk=team_table.pk).version == table.version


def test_saved_starts_read_back_as_the_orms_save(team_table):
    others = [Table.objects.create(game="dummy", created_by=team_table.created_by, options={}) for _ in range(2)]
    by_sql, by_orm = ([Table.objects.get(pk=t.pk) for t in others] for _ in range(2))
    for tables in (by_sql, by_orm):
        for n, table in enumerate(tables):
            _change_every_move_field(table, finished=False)
            table.started_at, table.has_bots, table.seat_ranks = timezone.now(), bool(n), {"A": n, "B": 12}
    writes.save_starts(by_sql)
    stored = [_fields(Table.objects.get(pk=t.pk)) for t in others]
    for table, sql in zip(by_orm, by_sql):
        table.started_at = sql.started_at
        table.save()
    assert stored == [_fields(Table.objects.get(pk=t.pk)) for t in others]
    assert [s["seat_ranks"] for s in stored] == [{"A": 0, "B": 12}, {"A": 1, "B": 12}]
    assert [s["has_bots"] for s in stored] == [False, True]
