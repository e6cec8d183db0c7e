"""Game records (``tichu-record/1``, see spec/records.md): building them from a game and
replaying them into the outcome the live table would have reached."""

from types import SimpleNamespace

from gamekit.fold import final, steps
from gamekit.records import bad, copy_flat, copy_log, replay_text_with, replay_with

from .cards import TEAMS
from .errors import IllegalAction
from .rules import apply
from .state import new_game, next_hand

FORMAT = "tichu-record/1"
_RULES = SimpleNamespace(new_game=new_game, next_hand=next_hand, apply=apply)


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
    return final(steps(_RULES, {"target": target}, hands, illegal=IllegalAction, check=_check_hand))


def _check_hand(h, entry, state) -> None:
    if not isinstance(entry, dict) or "deal" not in entry or not isinstance(entry.get("actions"), list):
        bad(h, None, "Each hand must be an object with a deal and a list of actions.")
    if state is not None and state.phase == "game_over":
        bad(h, None, "The game was already decided before this hand.", "game_over")
    if state is not None and state.phase != "hand_over":
        bad(h, None, "The previous hand did not finish.", "hand_not_over")


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
    end = state.match.end
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
