"""What Tichu players look at in their record, counted per seat from a game's record: hands
played, hands they went out first, double victories of their team, and their Tichu and Grand
Tichu calls with how many succeeded (the caller went out first). Pure: the hands' results are
those of the record's replay."""

from django.utils import formats
from django.utils.translation import gettext as _

from tichu import engine
from tichu.engine.cards import SEATS
PARTNER = {"S": "N", "N": "S", "E": "W", "W": "E"}
COUNTS = ("hands", "first_out", "double_victories", "tichu_calls", "tichu_made", "grand_calls", "grand_made")
CALL_COUNTS = {"tichu": ("tichu_calls", "tichu_made"), "grand": ("grand_calls", "grand_made")}


def record_stats(record: dict) -> dict[str, dict[str, int]]:
    counts = {seat: dict.fromkeys(COUNTS, 0) for seat in SEATS}
    for hand in engine.replay(record)["hands"]:
        for seat in SEATS:
            counts[seat]["hands"] += 1
        first = hand["out"][0]
        counts[first]["first_out"] += 1
        if hand["double_victory"]:
            for seat in (first, PARTNER[first]):
                counts[seat]["double_victories"] += 1
        for seat, call in hand["calls"].items():
            made, succeeded = CALL_COUNTS[call]
            counts[seat][made] += 1
            counts[seat][succeeded] += hand["called_ok"][seat]
    return counts


def stat_lines(totals: dict, games: int) -> list[tuple[str, str]]:
    hands = totals.get("hands", 0)
    return [
        (_("First out"), _share(totals.get("first_out", 0), hands)),
        (_("Double victories"), str(totals.get("double_victories", 0))),
        (_("Tichu calls"), _calls(totals.get("tichu_calls", 0), totals.get("tichu_made", 0))),
        (_("Grand Tichu calls"), _calls(totals.get("grand_calls", 0), totals.get("grand_made", 0))),
    ]


def _calls(made: int, succeeded: int) -> str:
    if not made:
        return "0"
    return _("%(made)s, %(share)s successful") % {"made": made, "share": _share(succeeded, made)}


def _share(part: int, whole: int) -> str:
    if not whole:
        return "—"
    # Rounded here: number_format cuts the decimals it does not show.
    return formats.number_format(round(100 * part / whole, 1), 1, use_l10n=True) + " %"
