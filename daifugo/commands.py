"""Daifugo's frames of the table socket: playing, passing or giving cards back in the
exchange. The page chooses the cards (static/js/pick.js) and names them in the frame; the
engine judges whether they are the seat's and what the rules allow."""

from games.commands import strings, version_of
from games.errors import TableError

COMMANDS = frozenset({"play", "pass", "give"})


def action_for(cmd: str, frame: dict) -> tuple[dict, int | None]:
    if cmd == "pass":
        return {"type": "pass"}, version_of(frame)
    cards = sorted(strings(frame.get("cards", [])))
    if cmd == "play":
        return {"type": "play", "cards": cards}, version_of(frame)
    # Giving cards back in the exchange: the chosen cards to the seat named.
    to = frame.get("to")
    if not isinstance(to, str):
        raise TableError("bad_frame")
    return {"type": "give", "cards": cards, "to": to}, None
