"""Daifugo's frames of the table socket: selecting cards, and playing, passing or giving
cards back in the exchange."""

from games.commands import strings, version_of
from games.errors import TableError

COMMANDS = frozenset({"play", "pass", "give"})
SCREEN_COMMANDS = frozenset({"select"})


def update_screen(cmd: str, frame: dict, screen, hand: list[str]) -> None:
    screen.selected = set(strings(frame.get("cards", []))) & set(hand)


def action_for(cmd: str, frame: dict, screen) -> tuple[dict, int | None]:
    if cmd == "play":
        return {"type": "play", "cards": sorted(screen.selected)}, version_of(frame)
    if cmd == "pass":
        return {"type": "pass"}, version_of(frame)
    # Giving cards back in the exchange: the selected cards to the seat named.
    to = frame.get("to")
    if not isinstance(to, str):
        raise TableError("bad_frame")
    return {"type": "give", "cards": sorted(screen.selected), "to": to}, None
