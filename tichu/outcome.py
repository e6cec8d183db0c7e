"""A finished Tichu game as the platform's Outcome: two teams, North–South and East–West."""

from django.conf import settings

from gamekit.match import expelled_seat, settled_as
from games.contract import Outcome, Side

TEAMS = (("S", "N"), ("E", "W"))
TEAM_NAMES = ("NS", "EW")
# Target -> (points one team must exceed, seconds of active play that must be exceeded)
# before an abandonment counts as a win for the team that stayed.
ABANDONMENT_PROGRESS = {1000: (500, 20 * 60), 500: (300, 12 * 60)}


def weight(target: int) -> float:
    """A 500-point game counts 70 % of a 1000-point one (RATING_SHORT_GAME_WEIGHT)."""
    return 1.0 if target == 1000 else settings.RATING_SHORT_GAME_WEIGHT


def progressed(target: int, totals: tuple[int, int], active_seconds: float) -> bool:
    points, seconds = ABANDONMENT_PROGRESS[target]
    return max(totals) > points or active_seconds > seconds


def team_of(position: str) -> int:
    return 0 if position in TEAMS[0] else 1


def outcome(table, view: dict, players: dict, active_seconds: float) -> Outcome:
    end = view.get("end") or {}
    leaver = end.get("seat")
    winner = TEAM_NAMES.index(view["winner"]) if view.get("winner") else None
    totals = (view["totals"]["NS"], view["totals"]["EW"])
    if leaver is not None and settled_as(end) == "abandonment":
        places = [2 if team == team_of(leaver) else 1 for team in (0, 1)]
    else:
        places = [1 if team == winner else 2 for team in (0, 1)] if winner is not None else [1, 1]
    doubles = [sum(1 for r in view.get("results", ()) if r["double_victory"] and team_of(r["out"][0]) == team)
               for team in (0, 1)]
    return Outcome(
        game="tichu",
        game_id=table.pk,
        sides=tuple(Side(players=tuple(players[p].user_id for p in TEAMS[team]), place=places[team],
                         points=totals[team], bonuses=doubles[team]) for team in (0, 1)),
        reason=settled_as(end),
        leaver=team_of(leaver) if leaver else None,
        weight=weight(table.options["target"]),
        progressed=progressed(table.options["target"], totals, active_seconds),
        rated=bool(table.options.get("rated")),
        has_bots=table.has_bots,
        expelled=players[expelled_seat(end)].user_id if expelled_seat(end) else None,
    )
