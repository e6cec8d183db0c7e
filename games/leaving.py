"""Leaving a table, and what it costs there: nothing before the game starts, nothing at a
practice table (bots in the other seats: the game just ends, voided), and at any other table
an abandonment by the leaver's side, exactly as if the clocks had expelled them."""

from django.db import transaction

from games import reads, services
from games.errors import TableError
from games.models import Table
from games.moment import seat_among

FREE, PRACTICE, ABANDONMENT = "free", "practice", "abandonment"


def cost(table: Table) -> str:
    """What a seated player's leaving costs at this table now."""
    if table.status != Table.Status.PLAYING:
        return FREE
    return PRACTICE if table.has_bots else ABANDONMENT


@transaction.atomic
def leave(*, table_id: int, user) -> str:
    """The seated `user` leaves; returns what it cost (FREE, PRACTICE, ABANDONMENT)."""
    table = reads.table_row(table_id, for_update=True)
    if table is None or table.status == Table.Status.FINISHED:
        raise TableError("table_not_playing")
    seat = seat_among(reads.seats_with_players(table_id), user)
    if seat is None:
        raise TableError("not_seated")
    price = cost(table)
    if price == FREE:
        services.stand(table_id=table_id, user=user)
    elif price == PRACTICE:
        services.submit(table_id=table_id, action={"type": "void"}, server=True)
    else:
        # The leaver's own choice, so it is theirs in the record; through a pause too, as the
        # clocks' expulsion would be.
        services.submit(table_id=table_id, action={"type": "expel", "seat": seat}, user=user, server=True)
    return price
