"""Game records (``daifugo-record/1``, see spec/daifugo.md and spec/records.md): building
them from a game and replaying them into the outcome the live table would have reached."""

from types import SimpleNamespace

from gamekit.fold import final, steps
from gamekit.records import bad, copy_flat, copy_log, replay_text_with, replay_with

from .cards import seats_for
from .errors import IllegalAction
from .rules import apply
from .state import new_game, next_hand, parse_options

FORMAT = "daifugo-record/1"
_RULES = SimpleNamespace(new_game=new_game, next_hand=next_hand, apply=apply)


def build_record(state) -> dict:
    """The record of a game so far (finished or running): its options, deals and actions."""
    return {
        "format": FORMAT,
        "players": state.players,
        "hands_total": state.hands_total,
        "revolution": state.revolution_rule,
        "hands": copy_log(state.log),
    }


def _options(record) -> dict:
    if not isinstance(record, dict):
        bad(None, None, "A record must be a JSON object.")
    if record.get("format") != FORMAT:
        bad(None, None, f"The record format must be {FORMAT!r}.", "bad_format")
    for key in ("players", "hands_total", "revolution"):
        if key not in record:
            bad(None, None, f"The record needs {key!r}.")
    options = {"players": record["players"], "hands": record["hands_total"],
               "revolution": record["revolution"]}
    try:
        parse_options(options)
    except IllegalAction as error:
        bad(None, None, error.message, error.code)
    return options


def fold(record):
    """The state a record leads to (None: no hand yet); raises ``InvalidRecord`` at the
    first offending spot."""
    options = _options(record)
    hands = record.get("hands")
    if not isinstance(hands, list):
        bad(None, None, "The record needs a list of hands.")
    return final(steps(_RULES, options, hands, illegal=IllegalAction, check=_check_hand))


def _check_hand(h, entry, state) -> None:
    if not isinstance(entry, dict) or set(entry) != {"deal", "actions"} or not isinstance(entry["actions"], list):
        bad(h, None, "Each hand must be an object with just a deal and a list of actions.")


def outcome(state, players: int) -> dict:
    """The replay output of a valid record's final state."""
    seats = seats_for(players)
    if state is None:
        return {"ok": True, "hands": [], "totals": {seat: 0 for seat in seats}, "winner": None}
    result = {
        "ok": True,
        "hands": [copy_flat(r) for r in state.results],
        "totals": {seat: total for seat, total in zip(seats, state.totals)},
        "winner": None if state.winner is None else list(state.winner),
    }
    if state.phase in ("exchange", "play"):
        result["in_progress"] = True
    end = state.match.end
    if end:
        result["end"] = dict(end)
        if end["reason"] == "void":
            result["voided"] = True
        else:
            result["abandoned_by"] = end["seat"]
    return result


def replay(record) -> dict:
    """Replay a record (any Python value) into the replay output object; never raises."""
    return replay_with(lambda record: outcome(fold(record), record["players"]), record)


def replay_text(text) -> dict:
    """Replay a record given as JSON text; text that is not JSON is reported like any other
    invalid record."""
    return replay_text_with(replay, text)
