"""Websocket frames from a table page, turned into screen changes or game actions.

A frame is the JSON htmx's ws extension sends: the form's fields (always a `cmd`) plus a
HEADERS object we ignore. Nothing in a frame is trusted: the seat comes from the session,
cards from the player's own selection, and the engine judges every action."""

from games.errors import TableError
from games.presenters import Screen
from games.presenters_tichu import WISH_RANKS

GAME_COMMANDS = {"play", "pass", "grand", "tichu", "gift", "exchange_confirm", "give"}
SCREEN_COMMANDS = {"select", "sort", "exchange_slot"}
SEATING_COMMANDS = {"sit", "stand", "ready", "bots"}


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise TableError("bad_frame")


def _version(frame: dict) -> int | None:
    raw = frame.get("version")
    if raw is None:
        return None
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise TableError("bad_frame") from None


def parse(frame) -> tuple[str, dict]:
    if not isinstance(frame, dict) or not isinstance(frame.get("cmd"), str):
        raise TableError("bad_frame")
    cmd = frame["cmd"]
    if cmd not in GAME_COMMANDS | SCREEN_COMMANDS | SEATING_COMMANDS | {"chat"}:
        raise TableError("bad_frame")
    return cmd, frame


def seating(cmd: str, frame: dict, *, table_id: int, user) -> None:
    """Sitting down, standing up, readiness and bots, for a waiting table. The socket is
    session-authenticated and origin-checked, so these need no form with a CSRF token."""
    from games import services

    if user is None or not user.is_authenticated:
        raise TableError("not_at_table")
    if cmd == "sit":
        position = frame.get("position")
        if not isinstance(position, str):
            raise TableError("bad_frame")
        services.sit(table_id=table_id, user=user, position=position)
    elif cmd == "stand":
        services.stand(table_id=table_id, user=user)
    elif cmd == "ready":
        services.set_ready(table_id=table_id, user=user, ready=frame.get("ready") == "1")
    else:
        strength = frame.get("strength")
        services.fill_with_bots(table_id=table_id, user=user, strength=strength if isinstance(strength, str) else "")


def update_screen(cmd: str, frame: dict, screen: Screen, hand: list[str]) -> None:
    """Selection, sort order and exchange slots live on the page's socket only."""
    if cmd == "sort":
        screen.ascending = not screen.ascending
    elif cmd == "select":
        screen.selected = set(_strings(frame.get("cards", []))) & set(hand)
    elif cmd == "exchange_slot":
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


def game_action(cmd: str, frame: dict, screen: Screen) -> tuple[dict, int | None]:
    """The engine action a game command asks for, and the table version the page showed."""
    if cmd == "play":
        action = {"type": "play", "cards": sorted(screen.selected)}
        wish = frame.get("wish")
        if wish:
            if wish not in WISH_RANKS:
                raise TableError("bad_frame")
            action["wish"] = wish
        phoenix = frame.get("phoenix")
        if phoenix:
            if phoenix not in WISH_RANKS:
                raise TableError("bad_frame")
            action["phoenix"] = phoenix
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
    elif cmd == "give":
        # Giving cards back in an exchange (Daifugo): the selected cards to the seat named.
        to = frame.get("to")
        if not isinstance(to, str):
            raise TableError("bad_frame")
        action = {"type": "give", "cards": sorted(screen.selected), "to": to}
    else:  # exchange_confirm
        action = {"type": "exchange", "give": dict(screen.exchange)}
    # Plays, passes and gifts answer what the page showed, so a page that is behind is refused
    # ("stale") rather than guessed at. Calls and the simultaneous decisions (Grand Tichu,
    # exchange) stay valid whatever the others did meanwhile.
    return action, _version(frame) if cmd in ("play", "pass", "gift") else None
