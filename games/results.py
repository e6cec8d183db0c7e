"""What a finished game means outside the table: expulsions for moderation and, for the team
games, a games.outcome.Outcome announced with games.events.game_finished, in the same
transaction that ends the game (ratings listen and settle it exactly once). Other games
(Daifugo: practice and private rooms) announce nothing yet."""

from django.utils import timezone

from games import registry
from games.events import game_finished
from games.models import Table
from games.outcome import Outcome, Side
from moderation.services import record_expulsion
from ratings import conf

# How the engine says a game ended early, and what the rating rules call it.
OUTCOMES = {None: "normal", "strikes": "abandonment", "expel": "abandonment", "kick": "abandonment",
            "reserve_out": "reserve_out", "void": "void"}


EXPULSIONS = {"strikes", "expel"}


def settle(table: Table, view: dict) -> None:
    game = registry.get(table.game)
    seats = {seat.position: seat for seat in table.seats.select_related("user")}
    end = view.get("end") or {}
    if end.get("reason") in EXPULSIONS and seats[end["seat"]].user_id:
        # Only the expelled player: never the partner, never after a vote-kick or a void.
        record_expulsion(user=seats[end["seat"]].user, table_id=table.pk)
    if game.team_rated:
        game_finished.send(sender=Table, outcome=_team_outcome(table, game, seats, view, end))


def _team_outcome(table: Table, game, seats: dict, view: dict, end: dict) -> Outcome:
    """Tichu's two teams: side 0 is North–South (seats S, N), side 1 East–West (E, W)."""
    team_names = ("NS", "EW")
    target = table.options["target"]
    points, seconds = conf.abandonment_progress(target)
    leaver = end.get("seat")
    return Outcome(
        game=table.game,
        game_id=table.pk,
        sides=tuple(
            Side(
                players=tuple(seats[p].user_id for p in game.seats if game.team_of(p) == team),
                place=1 if view.get("winner") in (None, name) else 2,
                points=view["totals"][name],
            )
            for team, name in enumerate(team_names)
        ),
        reason=OUTCOMES[end.get("reason")],
        leaver=game.team_of(leaver) if leaver else None,
        weight=conf.game_weight(target),
        progressed=(
            max(view["totals"].values()) > points
            or (timezone.now() - table.started_at).total_seconds() > seconds
        ),
        rated=bool(table.options.get("rated")),
        has_bots=table.has_bots,
        expelled=seats[leaver].user_id if end.get("reason") in EXPULSIONS else None,
    )
