"""Tichu's frames of the table socket: the actions a player sends. The page chooses the cards
(static/js/pick.js, from the legal plays the seat's view lists) and names them in the frame;
nothing in a frame is trusted: the seat comes from the session, and the engine judges every
action and whether its cards are in the seat's hand."""

from games.commands import strings, version_of
from games.errors import TableError
from tichu.presenter import SEATS, WISH_RANKS

COMMANDS = frozenset({"play", "pass", "grand", "tichu", "gift", "exchange_confirm"})


def action_for(cmd: str, frame: dict) -> tuple[dict, int | None]:
    if cmd == "play":
        action = {"type": "play", "cards": sorted(strings(frame.get("cards", [])))}
        for field in ("wish", "phoenix"):
            rank = frame.get(field)
            if rank:
                if rank not in WISH_RANKS:
                    raise TableError("bad_frame")
                action[field] = rank
    elif cmd == "pass":
        action = {"type": "pass"}
    elif cmd == "grand":
        action = {"type": "grand", "call": frame.get("call") == "1"}
    elif cmd == "tichu":
        action = {"type": "tichu"}
    elif cmd == "gift":
        to = frame.get("to")
        if not isinstance(to, str):
            raise TableError("bad_frame")
        action = {"type": "gift", "to": to}
    else:  # exchange_confirm: each card in the field of the seat it goes to (give_E: jade-7)
        action = {"type": "exchange", "give": _gives(frame)}
    # Plays, passes and gifts answer what the page showed, so a page that is behind is refused
    # ("stale") rather than guessed at. Calls and the simultaneous decisions (Grand Tichu,
    # exchange) stay valid whatever the others did meanwhile.
    return action, version_of(frame) if cmd in ("play", "pass", "gift") else None


def _gives(frame: dict) -> dict:
    give = {}
    for seat in SEATS:
        card = frame.get(f"give_{seat}")
        if card is None:
            continue
        if not isinstance(card, str):
            raise TableError("bad_frame")
        give[seat] = card
    return give
