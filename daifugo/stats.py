"""What Daifugo players look at in their record, counted per seat from a game's record: hands
played, the titles they finished hands with, and the revolutions they played. Pure: the record
is folded through the engine, as its replay does."""

from django.utils.translation import gettext as _

from daifugo import engine
from gamekit.fold import steps
from daifugo.engine.cards import seats_for
from daifugo.engine.scoring import TITLES

SEAT_COUNTS = ("hands", "revolutions")


def record_stats(record: dict) -> dict[str, dict[str, int]]:
    players = record["players"]
    seats = seats_for(players)
    titles = TITLES[players]
    counts = {seat: dict.fromkeys(SEAT_COUNTS + titles, 0) for seat in seats}
    options = {"players": players, "hands": record["hands_total"], "revolution": record["revolution"]}
    state = None
    for step in steps(engine, options, record["hands"]):
        if any(event["type"] == "revolution" for event in step.events):
            counts[step.action["seat"]]["revolutions"] += 1
        state = step.after
    for result in state.results if state is not None else ():
        for seat, title in result["titles"].items():
            counts[seat]["hands"] += 1
            counts[seat][title] += 1
    return counts


def stat_lines(totals: dict, games: int) -> list[tuple[str, str]]:
    lines = [(_(name), str(totals[key])) for key, name in engine.TITLE_NAMES.items() if totals.get(key)]
    return [(_("Hands played"), str(totals.get("hands", 0))), *lines,
            (_("Revolutions"), str(totals.get("revolutions", 0)))]

