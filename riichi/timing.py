"""Riichi's clocks: a discard (or the turn's other choices: tsumo, kan, riichi) is a
strikes-mode decision with the platform's time; answering a call window is short and simply
closes with a pass, never a strike (only the seats that may call are asked); a finished hand
stays readable for a while before the next is dealt, or until all four said "go on" (the OK
of Mahjong Soul's result screen: nobody waits for those who have read it)."""

from django.conf import settings

from games.contract import Decision, TimingTable, Window
from riichi.table_engine import SEATS

CALL_SECONDS = 8
RESULTS_SECONDS = 12
ANSWERS = frozenset({"pass", "chi", "pon", "kan", "ron", "strike"})


def timing(options: dict) -> TimingTable:
    return TimingTable(
        decisions={
            "discard": Decision(reserve_limit=settings.CLOCK_RESERVE_PLAY_SECONDS),
            "call": Decision(strike_limit=CALL_SECONDS, reserve_limit=CALL_SECONDS, on_expiry={"type": "pass"}),
        },
        windows={"results": Window(seconds=RESULTS_SECONDS, action={"type": "next"}, waivable=True)},
    )


def pending_decisions(view: dict) -> dict:
    """The seats that may call the tile answer a call window; nobody else waits or is timed."""
    if view["phase"] != "play":
        return {}
    if view["calling"]:
        return {seat: "call" for seat in view["calling"]}
    return {view["turn"]: "discard"} if view["turn"] is not None else {}


def decision_survives(seat: str, action: dict) -> bool:
    """A call window's clocks run on through the other seats' answers; a strike of another
    seat, or anyone's toggles, leave a seat's clock alone."""
    kind = action.get("type")
    if kind == "toggles":
        return True
    if kind == "strike":
        return action.get("seat") != seat
    return kind in ANSWERS and action.get("kind", "open") == "open" and action.get("seat") != seat


def window(view: dict) -> str | None:
    return "results" if view["phase"] == "round_over" else None


def window_waivers(view: dict) -> frozenset[str]:
    """Everyone has read the hand's result once all four said so."""
    return frozenset(SEATS) if view["phase"] == "round_over" else frozenset()
