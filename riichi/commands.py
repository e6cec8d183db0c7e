"""Riichi's frames of the table socket. A tile or a call's tiles come from the frame, and
the engine judges them; the seat comes from the session (games.services.submit). Arming
riichi (the hand then marks the discards that keep it tenpai, and a tap declares) happens in
the page alone (static/js/pick.js): the hand carries both taps of each tile."""

from games.commands import strings, version_of
from games.errors import TableError

COMMANDS = frozenset({"discard", "riichi", "call", "pass", "tsumo", "ron", "kan", "nine_terminals"})
CALLS = ("chi", "pon", "kan")
ANSWERS = frozenset({"call", "pass", "ron"})


def action_for(cmd: str, frame: dict) -> tuple[dict, int | None]:
    # Answers to a call window are made side by side: another seat's answer moves the
    # table's version without making this one stale.
    version = None if cmd in ANSWERS else version_of(frame)
    if cmd in ("discard", "riichi"):
        tile = frame.get("tile")
        if not isinstance(tile, str):
            raise TableError("bad_frame")
        action = {"type": "discard", "tile": tile}
        if cmd == "riichi":
            action["riichi"] = True
        return action, version
    if cmd in ("call", "kan"):
        kind = frame.get("kind")
        tiles = strings(frame.get("tiles", ""))
        tiles = tiles[0].split() if len(tiles) == 1 else tiles
        if cmd == "call" and kind not in CALLS or cmd == "kan" and kind not in ("closed", "added"):
            raise TableError("bad_frame")
        if cmd == "kan":
            return {"type": "kan", "kind": kind, "tiles": tiles}, version
        return {"type": kind, "tiles": tiles} | ({"kind": "open"} if kind == "kan" else {}), version
    return {"type": cmd}, version
