"""What a finished game means outside the table: expulsions for moderation and, for the team
games that are rated, the rating settlement, in the same transaction that ends the game
(ratings.services makes it exactly-once). Other games (Daifugo: practice and private rooms)
are never rated and settle nothing."""

from django.utils import timezone

from games import registry
from games.models import Table
from moderation.services import record_expulsion
from ratings.services import settle_game

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
        _settle_teams(table, game, seats, view, end)


def _settle_teams(table: Table, game, seats: dict, view: dict, end: dict) -> None:
    teams = tuple([seats[p].user for p in game.seats if game.team_of(p) == team] for team in (0, 1))
    team_names = ("NS", "EW")
    leaver = end.get("seat")
    settle_game(
        game_kind=table.game,
        game_id=table.pk,
        teams=teams,
        outcome=OUTCOMES[end.get("reason")],
        winner=team_names.index(view["winner"]) if view.get("winner") else None,
        leaver_team=game.team_of(leaver) if leaver else None,
        target=table.options["target"],
        team_points=(view["totals"]["NS"], view["totals"]["EW"]),
        active_seconds=(timezone.now() - table.started_at).total_seconds(),
        rated=bool(table.options.get("rated")),
        has_bots=table.has_bots,
    )
