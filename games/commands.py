"""Websocket frames from a table page: the platform's own (seating, chat), the game's (its
actions and screen changes, games.registry.Game), and those other apps answer
(games.hooks.frame_handlers: vote-kicks).

A frame is the JSON htmx's ws extension sends: the form's fields (always a `cmd`) plus a
HEADERS object we ignore. Nothing in a frame is trusted: the seat comes from the session,
and the engine judges every action and the cards it names against the seat's hand."""

from games.errors import TableError

SEATING_COMMANDS = frozenset({"sit", "stand", "ready", "bots"})
PLATFORM_COMMANDS = SEATING_COMMANDS | {"chat", "go_on", "leave", "rematch"}


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise TableError("bad_frame")


def version_of(frame: dict) -> int | None:
    raw = frame.get("version")
    if raw is None:
        return None
    try:
        return int(raw)
    except (TypeError, ValueError, OverflowError):
        raise TableError("bad_frame") from None


def parse(frame, game, handlers: dict) -> tuple[str, dict]:
    """The frame's command, if the platform, the table's game or another app answers it."""
    if not isinstance(frame, dict) or not isinstance(frame.get("cmd"), str):
        raise TableError("bad_frame")
    cmd = frame["cmd"]
    if cmd not in PLATFORM_COMMANDS | game.commands | set(handlers):
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
