"""A rematch after the game: the same players in the same seats, once every one of them
asked for it (bots always agree); the finished table's pages then lead to the new one."""

from django.db import transaction

from games import audiences, hooks, services
from games.errors import TableError
from games.models import Table


@transaction.atomic
def ask(*, table_id: int, user) -> Table | None:
    """`user` asks for a rematch; returns the new table once everyone has."""
    table = Table.objects.select_for_update().get(pk=table_id)
    if table.status != Table.Status.FINISHED:
        raise TableError("table_not_finished")
    for check in hooks.rematch_checks:
        check(table)
    people = dict(table.seats.filter(user__isnull=False).values_list("user_id", "position"))
    if user is None or user.pk not in people:
        raise TableError("not_seated")
    if table.rematch.get("table"):
        return Table.objects.get(pk=table.rematch["table"])
    asked = sorted(set(table.rematch.get("asked", ())) | {people[user.pk]})
    table.rematch = {"asked": asked}
    new = None
    if set(asked) >= set(people.values()):
        new = services.same_seats_again(table)
        table.rematch["table"] = new.pk
    table.save(update_fields=["rematch"])
    # The panel that shows it is drawn with the vote panel (games/fragments/all.html).
    audiences.panels_changed(table.pk)
    return new


def status(table: Table, players: dict, me: str | None) -> dict | None:
    """For the page: who asked (and whether the viewer did), who is still to, and the new
    table once it exists; None where there is no rematch."""
    if table.status != Table.Status.FINISHED:
        return None
    asked = set(table.rematch.get("asked", ()))
    new = table.rematch.get("table")
    try:
        for check in hooks.rematch_checks:
            check(table)
    except Exception as refused:  # noqa: BLE001 — a check's refusal: no rematch is offered
        if not hasattr(refused, "code"):
            raise
        return None
    people = {position: seat.user for position, seat in players.items() if seat.user_id}
    return {
        "asked": [user.username for position, user in people.items() if position in asked],
        "waiting": [user.username for position, user in people.items() if position not in asked],
        "mine": me in asked,
        "url": Table.objects.get(pk=new).get_absolute_url() if new else None,
    }
