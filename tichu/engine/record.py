"""Game records (``tichu-record/1``, see spec/records.md): building them from a game and
replaying them into the outcome the live table would have reached."""

from gamekit.records import InvalidRecord, bad, copy_flat, copy_log, replay_text_with, replay_with

from .cards import TEAMS
from .errors import IllegalAction
from .rules import apply
from .state import new_game, next_hand

FORMAT = "tichu-record/1"


def build_record(state) -> dict:
    """The record of a game so far (finished or running): its deals and actions."""
    return {
        "format": FORMAT,
        "target": state.target,
        "hands": copy_log(state.log),
    }


def fold(record):
    """The state a record leads to; raises ``InvalidRecord`` at the first offending spot."""
    if not isinstance(record, dict):
        bad(None, None, "A record must be a JSON object.")
    if record.get("format") != FORMAT:
        bad(None, None, f"The record format must be {FORMAT!r}.", "bad_format")
    target = record.get("target")
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        bad(None, None, "The record needs a positive whole-number target.")
    hands = record.get("hands")
    if not isinstance(hands, list):
        bad(None, None, "The record needs a list of hands.")
    state = None
    for h, entry in enumerate(hands):
        if not isinstance(entry, dict) or "deal" not in entry or not isinstance(entry.get("actions"), list):
            bad(h, None, "Each hand must be an object with a deal and a list of actions.")
        try:
            if state is None:
                state = new_game({"target": target}, entry["deal"])
            elif state.phase == "game_over":
                bad(h, None, "The game was already decided before this hand.", "game_over")
            elif state.phase != "hand_over":
                bad(h, None, "The previous hand did not finish.", "hand_not_over")
            else:
                state = next_hand(state, entry["deal"])
        except IllegalAction as error:
            bad(h, None, error.message, error.code)
        for a, action in enumerate(entry["actions"]):
            try:
                state, _ = apply(state, action)
            except IllegalAction as error:
                bad(h, a, error.message, error.code)
    return state


def outcome(state) -> dict:
    """The replay output of a valid record's final state (``None``: no hand at all)."""
    if state is None:
        return {"ok": True, "hands": [], "totals": {TEAMS[0]: 0, TEAMS[1]: 0}, "winner": None}
    result = {
        "ok": True,
        "hands": [copy_flat(r) for r in state.results],
        "totals": {TEAMS[0]: state.totals[0], TEAMS[1]: state.totals[1]},
        "winner": state.winner,
    }
    if state.phase in ("grand", "exchange", "play"):
        result["in_progress"] = True
    end = state.end
    if end:
        result["end"] = dict(end)
        reason = end["reason"]
        if reason == "void":
            result["voided"] = True
        elif reason == "reserve_out":
            result["lost_on_time"] = TEAMS[1] if state.winner == TEAMS[0] else TEAMS[0]
        else:
            result["abandoned_by"] = TEAMS[1] if state.winner == TEAMS[0] else TEAMS[0]
    return result


def replay(record) -> dict:
    """Replay a record (any Python value) into the replay output object; never raises."""
    return replay_with(lambda record: outcome(fold(record)), record)


def replay_text(text) -> dict:
    """Replay a record given as JSON text; text that is not JSON is reported like any other
    invalid record."""
    return replay_text_with(replay, text)
