"""What every engine's records share: the error at the first offending spot, the replay
harness that turns any value (or JSON text) into the replay output, and flat copies of the
action log (records.md)."""

import json
from collections.abc import Callable


class InvalidRecord(Exception):
    def __init__(self, hand, action, code, message):
        super().__init__(message)
        self.hand = hand
        self.action = action
        self.code = code
        self.message = message


def bad(hand, action, message, code="bad_record"):
    raise InvalidRecord(hand, action, code, message)


def failure(hand, action, code: str, message: str) -> dict:
    return {"ok": False, "hand": hand, "action": action, "error": code, "message": message}


def replay_with(score: Callable[[object], dict], record) -> dict:
    """`score(record)` (fold and outcome), with every invalid record answered, never raised."""
    try:
        return score(record)
    except InvalidRecord as invalid:
        return failure(invalid.hand, invalid.action, invalid.code, invalid.message)
    except RecursionError:
        return failure(None, None, "bad_record", "The record is nested too deeply.")


def parsed(text) -> tuple[object, dict | None]:
    """A record's JSON text as a value, or the replay output that says it is not JSON."""
    try:
        return json.loads(text), None
    except (ValueError, TypeError, RecursionError) as error:
        return None, failure(None, None, "invalid_json", f"The record is not valid JSON: {error}")


def replay_text_with(replay: Callable[[object], dict], text) -> dict:
    record, error = parsed(text)
    return error if error is not None else replay(record)


def copy_flat(entry: dict) -> dict:
    """Copy of an action or result dict: its values are scalars, lists or flat dicts."""
    return {k: list(v) if type(v) is list else dict(v) if type(v) is dict else v
            for k, v in entry.items()}


def copy_log(log) -> list:
    return [{"deal": copy_flat(deal), "actions": [copy_flat(a) for a in actions]}
            for deal, actions in log]
