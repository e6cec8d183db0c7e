"""A finished match as the platform's Outcome: four individual sides, placed as the match
ended (spec/mahjong.md: equal scores rank the seat nearer the first dealer higher), or, when
a player left (three strikes, expulsion, vote-kick), with the leaver last.

Weight: a hanchan counts fully; an east-only match, half as long, counts as the platform's
short format does (RATING_SHORT_GAME_WEIGHT, 0.7 by default).
Progress: an abandonment rates the three who stayed only once the match had reached its
second half — South 1 of a hanchan, East 3 of an east-only match — or 20 minutes of active
play; before that their ratings are left alone, as for a short Tichu game."""

from django.conf import settings

from gamekit.match import expelled_seat, settled_as
from games.contract import Outcome, Side
from riichi.table_engine import SEATS
HALF_WAY_ROUND = {"hanchan": 4, "east": 2}
PROGRESS_SECONDS = 20 * 60


def weight(length: str) -> float:
    return 1.0 if length == "hanchan" else settings.RATING_SHORT_GAME_WEIGHT


def progressed(length: str, round_no: int, active_seconds: float) -> bool:
    return round_no >= HALF_WAY_ROUND[length] or active_seconds > PROGRESS_SECONDS


def placements(view: dict) -> list[int]:
    final = view.get("final")
    if final and final.get("places"):
        return list(final["places"])
    scores = view["scores"]
    return [1 + sum((scores[o], -o) > (scores[s], -s) for o in range(4)) for s in range(4)]


def outcome(table, view: dict, players: dict, active_seconds: float) -> Outcome:
    end = view.get("end") or {}
    leaver = end.get("seat")
    final = view.get("final") or {}
    scores = final.get("scores") or view["scores"]
    places = placements(view)
    return Outcome(
        game="riichi",
        game_id=table.pk,
        sides=tuple(Side(players=(players[seat].user_id,), place=places[n], points=scores[n])
                    for n, seat in enumerate(SEATS)),
        reason=settled_as(end),
        leaver=SEATS.index(leaver) if leaver is not None else None,
        weight=weight(table.options["length"]),
        progressed=progressed(table.options["length"], view["round"], active_seconds),
        rated=bool(table.options.get("rated")),
        has_bots=table.has_bots,
        expelled=players[expelled_seat(end)].user_id if expelled_seat(end) is not None else None,
    )
