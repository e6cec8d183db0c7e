"""The two writes every move makes — its log entry and the table's new state — and the rows
of many tables started at once, as plain SQL statements, for the reason `games.reads` gives:
Django compiles a `save()`'s UPDATE and a `create()`'s INSERT afresh on every call, which cost
more of the process's interpreter time than the database takes to run them. Values go through
each field's own `get_db_prep_save`, so every backend stores exactly what the ORM would."""

from functools import cache

from django.db import connection
from django.utils import timezone

from games.models import Action, Table

# What a move changes on its table; the rest (game, options, seats' bots, start) is set by
# seating, never by a move.
MOVE_FIELDS = ("snapshot", "version", "clock", "deadline", "status", "finished_at")
LOG_FIELDS = ("table", "version", "hand", "payload", "user", "created_at")
# What a game's start sets on its table row, besides the move fields.
START_FIELDS = (*MOVE_FIELDS, "started_at", "has_bots", "seat_ranks")


def _update(fields: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    table = Table._meta
    sets = ", ".join(f"{quote(table.get_field(name).column)} = %s" for name in fields)
    return f"UPDATE {quote(table.db_table)} SET {sets} WHERE {quote(table.pk.column)} = %s"


@cache
def _statements() -> tuple[str, str, str]:
    quote = connection.ops.quote_name
    action = Action._meta
    update = _update(MOVE_FIELDS)
    columns = ", ".join(quote(action.get_field(name).column) for name in LOG_FIELDS)
    insert = f"INSERT INTO {quote(action.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(LOG_FIELDS))})"
    return update, insert, _update(START_FIELDS)


def save_move(table: Table, *, durable: bool | None = None, log: list[dict] = ()) -> None:
    """Store the move's entries of the log (`log_action`'s keywords, in order) and the table's
    move fields, as `log_action` and `table.save(update_fields=MOVE_FIELDS)` would. On
    PostgreSQL all in one round trip (Django's psycopg cursor binds client-side, so one call
    may carry several statements), with `durable`: whether the transaction's commit waits for
    the write-ahead log's flush (settings.DURABLE_MOVES). A statement a trip cost the driver's
    and Django's work on daphne's one database thread, three times a move."""
    fields = Table._meta.get_field
    values = [fields(name).get_db_prep_save(getattr(table, name), connection) for name in MOVE_FIELDS]
    update, insert, _ = _statements()
    if connection.vendor != "postgresql":
        for entry in log:
            log_action(**entry)
        with connection.cursor() as cursor:
            cursor.execute(update, [*values, table.pk])
        return
    statements, params = [], []
    if durable is not None:
        statements.append(f"SET LOCAL synchronous_commit TO {'ON' if durable else 'OFF'}")
    for entry in log:
        statements.append(insert)
        params.extend(_log_values(**entry))
    statements.append(update)
    with connection.cursor() as cursor:
        cursor.execute("; ".join(statements), [*params, *values, table.pk])


def save_starts(tables: list[Table]) -> None:
    """Store each table's start fields, as `bulk_update(tables, START_FIELDS)` would, in one
    statement run for all of them (Django's CASE per field and row cost more CPU than the
    database took: a quarter second for 125 tables)."""
    fields = Table._meta.get_field
    rows = [[*(fields(name).get_db_prep_save(getattr(table, name), connection) for name in START_FIELDS), table.pk]
            for table in tables]
    with connection.cursor() as cursor:
        cursor.executemany(_statements()[2], rows)


def log_action(*, table: Table, version: int, hand: int, payload: dict, user) -> None:
    """One entry of the table's log, as `Action.objects.create(...)` would write it."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()[1], _log_values(table=table, version=version, hand=hand, payload=payload, user=user))


def _log_values(*, table: Table, version: int, hand: int, payload: dict, user) -> tuple:
    fields = Action._meta.get_field
    return (table.pk, version, hand, fields("payload").get_db_prep_save(payload, connection),
            user.pk if user is not None else None,
            fields("created_at").get_db_prep_save(timezone.now(), connection))
