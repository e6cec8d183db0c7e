"""A table at one moment, loaded once per process for every page that shows it.

Every socket of a table in one daphne process receives the same broadcast. The first one to
handle it loads the row, the seats with their players and the engine state; the others find
that load here under the broadcast's stamp and only add their own view and fragments. Channels
runs all database work of a process on one thread, so the pages of a broadcast are served one
after another and the cache needs no more than a lock against other threads.

A move's broadcast also carries the moment as committed (`carried`), so that the other
processes need not load it either: every process reading every move would cost the database
two statements per move for each process beyond the first. A process whose models differ
from the sender's (a deploy in progress) ignores what is carried and loads the table."""

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS

from games import reads, registry
from games.models import Seat, Table

# Broadcasts still being served; an entry is only needed for the few milliseconds it takes a
# process to redraw one table's pages, so a few hundred cover every table in flight.
KEPT = 512


def seat_among(players: dict[str, Seat], user) -> str | None:
    if user is None or not user.is_authenticated:
        return None
    return next((position for position, seat in players.items() if seat.user_id == user.pk), None)


@dataclass
class Moment:
    table: Table
    players: dict[str, Seat]
    state: object | None
    _views: dict = field(default_factory=dict)
    # What every spectator of one language sees; a popular table has many.
    audience_pages: dict = field(default_factory=dict)
    # The page parts that show only public state, drawn once for all pages ({% public %}).
    shared: dict = field(default_factory=dict)

    def seat_of(self, user) -> str | None:
        return seat_among(self.players, user)

    def view(self, seat: str | None) -> dict | None:
        """The engine's view for one seat (None: a spectator), computed once per moment. The
        pages treat it as read-only."""
        if self.state is None:
            return None
        if seat not in self._views:
            self._views[seat] = registry.get(self.table.game).engine.view(self.state, seat)
        return self._views[seat]


_recent: OrderedDict = OrderedDict()
_lock = threading.Lock()


def remember(stamp: str, moment: Moment) -> None:
    """Keep a moment under its broadcast's stamp; the process that committed it hands it over
    here, so its own pages draw the broadcast without loading what it has just written."""
    with _lock:
        _recent[(moment.table.pk, stamp)] = moment
        # Freeing a moment (its pages, views and rows) takes a while: done after the lock.
        dropped = [_recent.popitem(last=False) for _ in range(len(_recent) - KEPT)]
    del dropped


def recall(table_id: int, stamp: str | None) -> Moment | None:
    """The moment kept under a broadcast's stamp, if any: no database, so a socket asks here
    on its event loop before it hands a load to the database thread."""
    if stamp is None:
        return None
    with _lock:
        return _recent.get((table_id, stamp))


def load(table_id: int, stamp: str | None = None) -> Moment | None:
    """The table now; with the stamp of a broadcast, the load its first page made."""
    moment = recall(table_id, stamp)
    if moment is not None:
        return moment
    table = reads.table_row(table_id)
    if table is None:
        return None
    players = reads.seats_with_players(table_id)
    state = None
    if table.snapshot is not None:
        state = registry.get(table.game).engine.from_json(table.snapshot)
    moment = Moment(table=table, players=players, state=state)
    if stamp is not None:
        remember(stamp, moment)
    return moment


# --- the moment carried by a broadcast ------------------------------------------------------

# A seated player as the pages of their table know them.
PLAYER_FIELDS = ("id", "username")


@cache
def _carried_fields() -> dict:
    """The concrete fields a broadcast carries per model, and a digest of their names that
    tells a receiver whether its models are the sender's. Of a player only what a table page
    shows of them crosses processes (PLAYER_FIELDS): never their e-mail, staff flags or
    password hash, nor a field added to accounts later."""
    user_fields = {f.attname: f for f in get_user_model()._meta.concrete_fields}
    fields = {
        "table": tuple(Table._meta.concrete_fields),
        "seat": tuple(Seat._meta.concrete_fields),
        "player": tuple(user_fields[name] for name in PLAYER_FIELDS),
    }
    names = {kind: [f.attname for f in kind_fields] for kind, kind_fields in fields.items()}
    return {"fields": fields, "names": names,
            "schema": hashlib.sha256(repr(names).encode()).hexdigest()[:16]}


def _plain(value):
    """A field's value as the channel layer can carry it (msgpack knows no datetimes)."""
    return value.isoformat() if isinstance(value, datetime) else value


def _values(instance, fields) -> list:
    return [_plain(f.value_from_object(instance)) for f in fields]


def _instance(model, fields, names, values: list):
    return model.from_db(DEFAULT_DB_ALIAS, names, [f.to_python(value) for f, value in zip(fields, values)])


def carried(moment: Moment) -> dict:
    """The moment's rows in plain values, for the broadcast of the move that made it (its
    engine state travels as the table's snapshot)."""
    known = _carried_fields()
    fields = known["fields"]
    return {
        "schema": known["schema"],
        "table": _values(moment.table, fields["table"]),
        "seats": [[_values(seat, fields["seat"]),
                   None if seat.user is None else _values(seat.user, fields["player"])]
                  for seat in moment.players.values()],
    }


def from_carried(table_id: int, stamp: str | None, message) -> Moment | None:
    """The moment a broadcast carries, kept under its stamp like a load; None when there is
    none, it is not this table's, or the sender's models differ from this process's."""
    known = _carried_fields()
    if stamp is None or not isinstance(message, dict) or message.get("schema") != known["schema"]:
        return None
    fields, names = known["fields"], known["names"]
    table = _instance(Table, fields["table"], names["table"], message["table"])
    if table.pk != table_id:
        return None
    user_model, cache_user = get_user_model(), Seat.user.field.set_cached_value
    players = {}
    for seat_values, player_values in message["seats"]:
        seat = _instance(Seat, fields["seat"], names["seat"], seat_values)
        cache_user(seat, None if player_values is None
                   else _instance(user_model, fields["player"], names["player"], player_values))
        players[seat.position] = seat
    state = None
    if table.snapshot is not None:
        state = registry.get(table.game).engine.from_json(table.snapshot)
    moment = Moment(table=table, players=players, state=state)
    remember(stamp, moment)
    return moment
