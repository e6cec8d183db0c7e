from django import template
from django.utils import timezone

from tournaments.models import Pairing
from tournaments.standings import countdown_units, listed

register = template.Library()


@register.inclusion_tag("tournaments/fragments/lobby_list.html")
def tournament_list():
    now = timezone.now()
    return {"rows": [{"tournament": t, "running": t.running(now),
                      "seconds": int(((t.ends_at if t.starts_at <= now else t.starts_at) - now).total_seconds())}
                     for t in listed(now)], **countdown_units()}


@register.filter
def result_of(games_of: dict, user_id: int) -> list:
    return games_of.get(user_id, [])


@register.inclusion_tag("tournaments/fragments/table_link.html")
def tournament_of(table):
    """On a tournament game's table page: the way back to its tournament (to be paired again)."""
    pairing = Pairing.objects.filter(table_id=table.pk).select_related("tournament").first()
    return {"tournament": pairing.tournament if pairing else None}
