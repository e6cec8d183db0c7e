"""A table at one moment: the row, the seats with their players and the engine state, with
each seat's view computed once.

A game that has begun is drawn once per audience from the moment its commit made or loaded
(games.audiences). A waiting table's broadcast is drawn by each of its pages: the first socket
of a process to handle it loads the moment, the others find that load here under the
broadcast's stamp.
Channels runs all database work of a process on one thread, so the cache needs no more than a
lock against other threads."""

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

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


def _remember(stamp: str, moment: Moment) -> None:
    """Keep a moment under its broadcast's stamp, for the process's other pages of the table."""
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
    table, players = reads.table_with_seats(table_id)
    if table is None:
        return None
    state = None
    if table.snapshot is not None:
        state = registry.get(table.game).engine.from_json(table.snapshot)
    moment = Moment(table=table, players=players, state=state)
    if stamp is not None:
        _remember(stamp, moment)
    return moment
