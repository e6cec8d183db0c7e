"""A table at one moment: the row, the seats with their players and the engine state, with
each seat's view computed once.

A table is drawn once per audience from the moment its commit made or loaded
(games.audiences)."""

from dataclasses import dataclass, field

from games import reads, registry
from games.models import Seat, Table


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


def load(table_id: int) -> Moment | None:
    """The table now."""
    table, players = reads.table_with_seats(table_id)
    if table is None:
        return None
    state = None
    if table.snapshot is not None:
        state = registry.get(table.game).engine.from_json(table.snapshot)
    return Moment(table=table, players=players, state=state)
