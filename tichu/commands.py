"""Tichu's frames of the table socket: selecting cards and exchange slots on the viewer's
screen, and the actions a player sends. Nothing in a frame is trusted: the seat comes from
the session, cards from the player's own selection, and the engine judges every action."""

from games.commands import strings, version_of
from games.errors import TableError
from tichu.presenter import WISH_RANKS

COMMANDS = frozenset({"play", "pass", "grand", "tichu", "gift", "exchange_confirm"})
SCREEN_COMMANDS = frozenset({"select", "sort", "exchange_slot"})


def update_screen(cmd: str, frame: dict, screen, hand: list[str]) -> None:
    if cmd == "sort":
        screen.ascending = not screen.ascending
    elif cmd == "select":
        screen.selected = set(strings(frame.get("cards", []))) & set(hand)
    else:  # exchange_slot
        to = frame.get("to")
        if not isinstance(to, str):
            raise TableError("bad_frame")
        if to in screen.exchange:
            del screen.exchange[to]  # a second tap on a filled slot takes the card back
            return
        free = screen.selected - set(screen.exchange.values())
        if len(free) == 1:
            screen.exchange[to] = free.pop()
            screen.selected = set()


def action_for(cmd: str, frame: dict, screen) -> tuple[dict, int | None]:
    if cmd == "play":
        action = {"type": "play", "cards": sorted(screen.selected)}
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
    else:  # exchange_confirm
        action = {"type": "exchange", "give": dict(screen.exchange)}
    # Plays, passes and gifts answer what the page showed, so a page that is behind is refused
    # ("stale") rather than guessed at. Calls and the simultaneous decisions (Grand Tichu,
    # exchange) stay valid whatever the others did meanwhile.
    return action, version_of(frame) if cmd in ("play", "pass", "gift") else None


def after_action(cmd: str, screen) -> None:
    screen.selected = set()
    if cmd == "exchange_confirm":
        screen.exchange = {}
