"""Game records (``tichu-record/1``, see spec/records.md): building them from a game and
replaying them into the outcome the live table would have reached."""

import json

from .cards import TEAMS
from .errors import IllegalAction
from .rules import apply
from .state import copy_flat, copy_log, new_game, next_hand

FORMAT = "tichu-record/1"


def build_record(state) -> dict:
    """The record of a game so far (finished or running): its deals and actions."""
    return {
        "format": FORMAT,
        "target": state.target,
        "hands": copy_log(state.log),
    }


class InvalidRecord(Exception):
    def __init__(self, hand, action, code, message):
        super().__init__(message)
        self.hand = hand
        self.action = action
        self.code = code
        self.message = message


def _bad(hand, action, message, code="bad_record"):
    raise InvalidRecord(hand, action, code, message)


def fold(record):
    """The state a record leads to; raises ``InvalidRecord`` at the first offending spot."""
    if not isinstance(record, dict):
        _bad(None, None, "A record must be a JSON object.")
    if record.get("format") != FORMAT:
        _bad(None, None, f"The record format must be {FORMAT!r}.", "bad_format")
    target = record.get("target")
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        _bad(None, None, "The record needs a positive whole-number target.")
    hands = record.get("hands")
    if not isinstance(hands, list):
        _bad(None, None, "The record needs a list of hands.")
    state = None
    for h, entry in enumerate(hands):
        if not isinstance(entry, dict) or "deal" not in entry or not isinstance(entry.get("actions"), list):
            _bad(h, None, "Each hand must be an object with a deal and a list of actions.")
        try:
            if state is None:
                state = new_game({"target": target}, entry["deal"])
            elif state.phase == "game_over":
                _bad(h, None, "The game was already decided before this hand.", "game_over")
            elif state.phase != "hand_over":
                _bad(h, None, "The previous hand did not finish.", "hand_not_over")
            else:
                state = next_hand(state, entry["deal"])
        except IllegalAction as error:
            _bad(h, None, error.message, error.code)
        for a, action in enumerate(entry["actions"]):
            try:
                state, _ = apply(state, action)
            except IllegalAction as error:
                _bad(h, a, error.message, error.code)
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
    """Replay a record (any Python value) into the records.md output object; never raises."""
    try:
        return outcome(fold(record))
    except InvalidRecord as invalid:
        return {"ok": False, "hand": invalid.hand, "action": invalid.action,
                "error": invalid.code, "message": invalid.message}
    except RecursionError:
        return {"ok": False, "hand": None, "action": None, "error": "bad_record",
                "message": "The record is nested too deeply."}


def replay_text(text: str) -> dict:
    """Replay a record given as JSON text; text that is not JSON is reported like any other
    invalid record."""
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:
        return {"ok": False, "hand": None, "action": None, "error": "invalid_json",
                "message": f"The record is not valid JSON: {error}"}
    return replay(record)
