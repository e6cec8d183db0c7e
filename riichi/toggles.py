"""The toggles a player switches at the table (auto-win, skip calls, auto-discard): kept with
the account, and given to the seat at once, so that the server acts for it on any device."""

from django.db import transaction

from games import services
from games.errors import TableError
from games.models import Table
from riichi.models import Toggles
from riichi.table_engine import TOGGLES

FRAME = "riichi_toggle"


def opening_actions(seats) -> list[dict]:
    """The saved toggles of the players at a table that starts (only those with one on)."""
    users = {seat.user_id: seat.position for seat in seats if seat.user_id}
    saved = Toggles.objects.filter(user_id__in=users)
    return [t.action(users[t.user_id]) for t in saved if t.auto_win or t.skip_calls or t.auto_discard]


@transaction.atomic
def switch(cmd: str, frame: dict, *, table_id: int, user) -> None:
    """One toggle set on or off: saved for the account, and for the seat if it plays here."""
    name, on = frame.get("toggle"), frame.get("on")
    if name not in TOGGLES or on not in ("0", "1"):
        raise TableError("bad_frame")
    if user is None or not user.is_authenticated:
        raise TableError("not_seated")
    table = Table.objects.filter(pk=table_id, game="riichi").first()
    if table is None:
        raise TableError("bad_frame")
    toggles, _ = Toggles.objects.select_for_update().get_or_create(user=user)
    setattr(toggles, name, on == "1")
    toggles.save()
    seat = table.seats.filter(user=user).values_list("position", flat=True).first()
    if seat is not None and table.status == Table.Status.PLAYING:
        # A toggle is the player's standing instruction, not a move: it is taken during a
        # pause too (as the server's own actions are), or a press while a page reconnects
        # would be lost.
        services.submit(table_id=table_id, user=user, action=toggles.action(seat), server=True)
