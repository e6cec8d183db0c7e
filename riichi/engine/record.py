"""Game records (``riichi-record/1``, see spec/mahjong.md): building them from a match and
replaying them into the outcome the live table would have reached.

In a record, declining a call is the absence of one: when the next recorded action is not a
call on the pending discard (or a round's actions end), every seat still to answer passes.
"""

import json

from gamekit.records import bad, replay_text_with, replay_with

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
    new = state.evolve()
    new.round_no = state.last_result["next_round"]
    new.honba = state.last_result["next_honba"]
    start_round(new, deal)
    return new


def pass_pending(state):
    """Every seat still to answer the pending call window passes (the record's silence)."""
    while state.phase == "play" and state.step == "calls":
        window = state.window
        seat = next(int(s) for s in window["options"] if s not in window["answers"])
        state, _ = apply(state, {"seat": seat, "type": "pass"})
    return state


def _passed(state, watch):
    after = pass_pending(state)
    if watch and after is not state:
        watch(state, None, after)
    return after


def _answers_window(state, action) -> bool:
    if state.phase != "play" or state.step != "calls" or not isinstance(action, dict):
        return False
    key = str(action.get("seat"))
    return (key in state.window["options"] and key not in state.window["answers"]
            and action.get("type") in ("ron", "pon", "chi", "kan")
            and (action.get("type") != "kan" or action.get("kind") == "open"))


def fold(record, watch=None):
    """The state a record leads to; raises ``InvalidRecord`` at the first offending spot.

    ``watch(before, action, after)``, when given, sees every step: each recorded action, and
    the passes the record leaves implicit (``action`` None), each with the states around it;
    ``before`` is None when a round is dealt."""
    if not isinstance(record, dict):
        bad(None, None, "A record must be a JSON object.")
    if record.get("format") != FORMAT:
        bad(None, None, f"The record format must be {FORMAT!r}.", "bad_format")
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        bad(None, None, "The record needs a list of rounds.")
    state = None
    for h, entry in enumerate(rounds):
        if not isinstance(entry, dict) or not isinstance(entry.get("actions"), list):
            bad(h, None, "Each round must be an object with its wall and a list of actions.")
        deal = {k: entry[k] for k in _DEAL_KEYS if k in entry}
        try:
            if state is None:
                state = new_game(record.get("rules"), deal)
            else:
                state = next_hand(state, deal)
        except IllegalAction as error:
            bad(h, None, error.message, error.code)
        if watch:
            watch(None, None, state)
        actions = entry["actions"]
        for a, action in enumerate(actions):
            try:
                if state.phase == "play" and state.step == "calls" and not _answers_window(state, action):
                    state = _passed(state, watch)
                if state.phase != "play":
                    raise IllegalAction("game_over" if state.phase == "game_over" else "round_over")
                before = state
                state, _ = apply(state, action)
            except IllegalAction as error:
                bad(h, a, error.message, error.code)
            if watch:
                watch(before, action, state)
        try:
            state = _passed(state, watch)
        except IllegalAction as error:
            # a running match's record may stop before the wall tile the passes would draw
            if h < len(rounds) - 1:
                bad(h, len(actions), error.message, error.code)
        if state.phase == "play" and h < len(rounds) - 1:
            bad(h + 1, None, "The previous round did not finish.", "round_not_over")
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
    """Replay a record (any Python value) into the replay output object; never raises."""
    return replay_with(lambda record: outcome(fold(record)), record)


def replay_text(text) -> dict:
    """Replay a record given as JSON text; text that is not JSON is reported like any other
    invalid record."""
    return replay_text_with(replay, text)
