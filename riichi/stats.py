"""What Riichi players look at in their record (Tenhou's personal statistics), counted per seat
from a game's record: places, hands played, wins, deal-ins, riichi declarations, hands with a
call, and the points the winning hands gained. A player's page shows the rates of their sums.
Pure: the record is folded through the engine, as its replay does."""

from django.utils import formats
from django.utils.translation import gettext as _

from riichi.engine.errors import IllegalAction
from riichi.engine.play import apply
from riichi.engine.record import _DEAL_KEYS, _answers_window, next_hand, pass_pending
from riichi.engine.settle import places
from riichi.engine.state import new_game
from riichi.table_engine import SEATS
COUNTS = ("place", "hands", "wins", "deal_ins", "riichi", "calls", "win_points")
CALLS = ("chi", "pon")


def record_stats(record: dict) -> dict[str, dict[str, float]]:
    """{seat: {count: number}} for a (valid) record; a round left unfinished counts no hand."""
    counts = {seat: dict.fromkeys(COUNTS, 0) for seat in SEATS}
    state = None
    for entry in record["rounds"]:
        deal = {key: entry[key] for key in _DEAL_KEYS if key in entry}
        state = new_game(record["rules"], deal) if state is None else next_hand(state, deal)
        declared, called = set(), set()
        for action in entry["actions"]:
            if state.phase == "play" and state.step == "calls" and not _answers_window(state, action):
                state = pass_pending(state)
            state, _events = apply(state, action)
            if action["type"] == "discard" and action.get("riichi"):
                declared.add(action["seat"])
            if action["type"] in CALLS or action["type"] == "kan" and action.get("kind") == "open":
                called.add(action["seat"])
        try:
            state = pass_pending(state)
        except IllegalAction:
            break  # the match stopped mid-round (a player left): that round is not played out
        if state.phase == "play":
            break
        _count_round(counts, state.last_result, declared, called)
    if state is not None:
        final = state.final["places"] if state.final else places(state.scores)
        for n, seat in enumerate(SEATS):
            counts[seat]["place"] = final[n]
    return counts


def _count_round(counts: dict, result: dict, declared: set, called: set) -> None:
    for n, seat in enumerate(SEATS):
        counts[seat]["hands"] += 1
        counts[seat]["riichi"] += n in declared
        counts[seat]["calls"] += n in called
    if result["result"] not in ("ron", "tsumo"):
        return
    for win in result["details"]:
        counts[SEATS[win["seat"]]]["wins"] += 1
        counts[SEATS[win["seat"]]]["win_points"] += result["deltas"][win["seat"]]
    discarder = result["details"][0]["from"]
    if discarder is not None:
        counts[SEATS[discarder]]["deal_ins"] += 1


def stat_lines(totals: dict, games: int) -> list[tuple[str, str]]:
    hands, wins = totals.get("hands", 0), totals.get("wins", 0)
    return [
        (_("Average placement"), _number(totals.get("place", 0) / games if games else None, 2)),
        (_("Win rate"), _share(wins, hands)),
        (_("Deal-in rate"), _share(totals.get("deal_ins", 0), hands)),
        (_("Riichi rate"), _share(totals.get("riichi", 0), hands)),
        (_("Call rate"), _share(totals.get("calls", 0), hands)),
        (_("Average winning hand"), _number(totals.get("win_points", 0) / wins if wins else None, 0)),
    ]


def _share(part: float, whole: float) -> str:
    return _number(100 * part / whole if whole else None, 1, " %")


def _number(value: float | None, places_shown: int, unit: str = "") -> str:
    if value is None:
        return "—"
    # Rounded here: number_format cuts the decimals it does not show.
    shown = round(value, places_shown)
    return formats.number_format(shown, places_shown, use_l10n=True, force_grouping=places_shown == 0) + unit
