"""The two reads every move makes — the table row and its seats with their players — as
plain SQL statements whose rows become ordinary model instances, in one round trip where the
database allows.

`submit` reads both under the row lock, and every daphne process reads both again for each
broadcast it did not commit itself. Django compiles a queryset's SQL afresh on every call,
and even a raw queryset works out its columns, fields and converters on every call: for
these small reads that cost more than the database (py-spy at 150 tables put the raw
querysets at 12 % of daphne, half of it outside the database driver). Here the statements,
column order and converters are worked out once per database connection's vendor; the
values go through the same converters the ORM applies (each backend's and each field's
`from_db_value`) into `Model.from_db`, so the rest of the code cannot tell the instances
from a queryset's. The seats come with their users in one statement (a left join)."""

from dataclasses import dataclass
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection

from games.models import Seat, Table


@dataclass(frozen=True)
class _Columns:
    """One model's concrete columns as a select list under a table alias, and how to turn
    their values into an instance."""

    model: type
    select: str
    names: tuple
    converters: tuple  # (index, converter functions, the column expression they are given)

    def instance(self, values: list):
        for index, functions, expression in self.converters:
            value = values[index]
            for function in functions:
                value = function(value, expression, connection)
            values[index] = value
        return self.model.from_db(connection.alias, self.names, values)


def _columns(model, alias: str) -> _Columns:
    quote = connection.ops.quote_name
    fields = model._meta.concrete_fields
    converters = []
    for index, field in enumerate(fields):
        expression = field.get_col(alias)
        functions = connection.ops.get_db_converters(expression) + expression.get_db_converters(connection)
        if functions:
            converters.append((index, tuple(functions), expression))
    return _Columns(model=model, select=", ".join(f"{quote(alias)}.{quote(field.column)}" for field in fields),
                    names=tuple(field.attname for field in fields), converters=tuple(converters))


@cache
def _statements(vendor: str) -> dict:
    quote = connection.ops.quote_name
    user = get_user_model()
    table, seat, player = _columns(Table, "t"), _columns(Seat, "s"), _columns(user, "u")
    return {
        "table": table,
        "seat": seat,
        "player": player,
        "table_sql": (f"SELECT {table.select} FROM {quote(Table._meta.db_table)} {quote('t')}"
                      f" WHERE {quote('t')}.{quote(Table._meta.pk.column)} = %s"),
        "seats_sql": (f"SELECT {seat.select}, {player.select} FROM {quote(Seat._meta.db_table)} {quote('s')}"
                      f" LEFT JOIN {quote(user._meta.db_table)} {quote('u')}"
                      f" ON {quote('u')}.{quote(user._meta.pk.column)} = {quote('s')}.{quote(Seat.user.field.column)}"
                      f" WHERE {quote('s')}.{quote(Seat.table.field.column)} = %s"
                      f" ORDER BY {quote('s')}.{quote(Seat._meta.get_field('position').column)}"),
    }


def table_row(table_id: int, *, for_update: bool = False) -> Table | None:
    """The table, or None. `for_update` locks the row as `select_for_update()` does (SQLite
    has no row locks: its transactions take the write lock when they begin)."""
    statements = _statements(connection.vendor)
    sql = statements["table_sql"]
    if for_update and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, [table_id])
        row = cursor.fetchone()
    return None if row is None else statements["table"].instance(list(row))


def seats_with_players(table_id: int) -> dict[str, Seat]:
    """Position → seat, each with its user attached (None for an empty or bot seat), as
    `table.seats.select_related("user")` gives them."""
    with connection.cursor() as cursor:
        cursor.execute(_statements(connection.vendor)["seats_sql"], [table_id])
        return _seats(cursor.fetchall())


def table_with_seats(table_id: int, *, for_update: bool = False) -> tuple[Table | None, dict[str, Seat]]:
    """`table_row` and `seats_with_players` in one round trip where the driver takes two
    statements in one call (PostgreSQL: Django's psycopg cursor binds client-side): each trip
    costs the driver's and Django's work on daphne's one database thread, for every move."""
    if connection.vendor != "postgresql":
        table = table_row(table_id, for_update=for_update)
        return table, ({} if table is None else seats_with_players(table_id))
    statements = _statements(connection.vendor)
    sql = statements["table_sql"] + (" FOR UPDATE" if for_update else "")
    with connection.cursor() as cursor:
        cursor.execute(f"{sql}; {statements['seats_sql']}", [table_id, table_id])
        row = cursor.fetchone()
        cursor.nextset()
        seats = cursor.fetchall()
    if row is None:
        return None, {}
    return statements["table"].instance(list(row)), _seats(seats)


def _seats(rows) -> dict[str, Seat]:
    statements = _statements(connection.vendor)
    seat_columns, player_columns = statements["seat"], statements["player"]
    width = len(seat_columns.names)
    cache_user = Seat.user.field.set_cached_value
    seats = {}
    for row in rows:
        seat = seat_columns.instance(list(row[:width]))
        cache_user(seat, None if seat.user_id is None else player_columns.instance(list(row[width:])))
        seats[seat.position] = seat
    return seats
