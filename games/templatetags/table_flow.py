"""The player's ways out of a table: leaving (with what it costs here), and after the game
a rematch or the way back to the lobby."""

from django import template

from games import hooks, leaving, rematch

register = template.Library()


@register.inclusion_tag("games/fragments/leave.html")
def leave_panel(table, me, user, oob: bool = False) -> dict:
    price = leaving.cost(table)
    seated = me is not None and user is not None and user.is_authenticated
    return {
        "table": table,
        "user": user,
        "seated": seated,
        "cost": price,
        "playing": table.status == table.Status.PLAYING,
        "finished": table.status == table.Status.FINISHED,
        # Asked only where it matters: moderation looks up the player's incident history.
        "notes": hooks.leave_costs(user) if seated and price == leaving.ABANDONMENT else [],
        "rematch": rematch.status(table, {s.position: s for s in table.seats.select_related("user")}, me),
        "oob": oob,
    }
