"""Game records (``riichi-record/1``, see spec/mahjong.md): building them from a match and
replaying them into the outcome the live table would have reached.

In a record, declining a call is the absence of one: when the next recorded action is not a
call on the pending discard (or a round's actions end), every seat still to answer passes.
"""

import json

from .errors import IllegalAction
from .play import apply
from .settle import places
from .state import new_game, start_round

FORMAT = "riichi-record/1"
_DEAL_KEYS = ("haipai", "draws", "dora_indicators", "ura_indicators", "rinshan")


def build_record(state) -> dict:
    """The record of a match so far: its rules, and each round's wall and actions."""
    rounds = [dict(r) for r in state.log]
    if state.phase == "play":
        rounds.append({**state.deal, "actions": [dict(a) for a in state.actions]})
    return {"format": FORMAT, "rules": dict(state.rules),
            "rounds": json.loads(json.dumps(rounds))}


def next_hand(state, deal):
    """The next round of a match whose last round is over, dealt from ``deal``."""
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    if state.phase != "round_over":
        raise IllegalAction("round_not_over")
    new = state.copy()
    new.round_no = state.last_result["next_round"]
    new.honba = state.last_result["next_honba"]
    start_round(new, deal)
    return new


class InvalidRecord(Exception):
    def __init__(self, hand, action, code, message):
        super().__init__(message)
        self.hand = hand
        self.action = action
        self.code = code
        self.message = message


def _bad(hand, action, message, code="bad_record"):
    raise InvalidRecord(hand, action, code, message)


def pass_pending(state):
    """Every seat still to answer the pending call window passes (the record's silence)."""
    while state.phase == "play" and state.step == "calls":
        window = state.window
        seat = next(int(s) for s in window["options"] if s not in window["answers"])
        state, _ = apply(state, {"seat": seat, "type": "pass"})
    return state


def _answers_window(state, action) -> bool:
    if state.phase != "play" or state.step != "calls" or not isinstance(action, dict):
        return False
    key = str(action.get("seat"))
    return (key in state.window["options"] and key not in state.window["answers"]
            and action.get("type") in ("ron", "pon", "chi", "kan")
            and (action.get("type") != "kan" or action.get("kind") == "open"))


def fold(record):
    """The state a record leads to; raises ``InvalidRecord`` at the first offending spot."""
    if not isinstance(record, dict):
        _bad(None, None, "A record must be a JSON object.")
    if record.get("format") != FORMAT:
        _bad(None, None, f"The record format must be {FORMAT!r}.", "bad_format")
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        _bad(None, None, "The record needs a list of rounds.")
    state = None
    for h, entry in enumerate(rounds):
        if not isinstance(entry, dict) or not isinstance(entry.get("actions"), list):
            _bad(h, None, "Each round must be an object with its wall and a list of actions.")
        deal = {k: entry[k] for k in _DEAL_KEYS if k in entry}
        try:
            if state is None:
                state = new_game(record.get("rules"), deal)
            else:
                state = next_hand(state, deal)
        except IllegalAction as error:
            _bad(h, None, error.message, error.code)
        actions = entry["actions"]
        for a, action in enumerate(actions):
            try:
                if state.phase == "play" and state.step == "calls" and not _answers_window(state, action):
                    state = pass_pending(state)
                if state.phase != "play":
                    raise IllegalAction("game_over" if state.phase == "game_over" else "round_over")
                state, _ = apply(state, action)
            except IllegalAction as error:
                _bad(h, a, error.message, error.code)
        try:
            state = pass_pending(state)
        except IllegalAction as error:
            # a running match's record may stop before the wall tile the passes would draw
            if h < len(rounds) - 1:
                _bad(h, len(actions), error.message, error.code)
        if state.phase == "play" and h < len(rounds) - 1:
            _bad(h + 1, None, "The previous round did not finish.", "round_not_over")
    return state


def outcome(state) -> dict:
    """The replay output of a valid record's final state."""
    if state is None:
        return {"ok": True, "rounds": [], "scores": None, "places": None, "results": None}
    result = {"ok": True, "rounds": [dict(r) for r in state.results]}
    if state.final:
        result.update(state.final)
    else:
        result["scores"] = list(state.scores)
        result["places"] = places(state.scores)
        result["results"] = None
        if state.phase == "play":
            result["in_progress"] = True
    return result


def replay(record) -> dict:
    try:
        return outcome(fold(record))
    except InvalidRecord as error:
        return {"ok": False, "hand": error.hand, "action": error.action, "error": error.code,
                "message": error.message}


def replay_text(text) -> dict:
    try:
        record = json.loads(text)
    except (TypeError, ValueError) as error:
        return {"ok": False, "hand": None, "action": None, "error": "bad_json",
                "message": f"The record is not valid JSON: {error}"}
    return replay(record)
