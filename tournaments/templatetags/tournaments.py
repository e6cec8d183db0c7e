from django import template
from django.utils import timezone

from tournaments.standings import countdown_units, listed

register = template.Library()


@register.inclusion_tag("tournaments/fragments/lobby_list.html")
def tournament_list():
    now = timezone.now()
    return {"rows": [{"tournament": t, "running": t.running(now),
                      "seconds": int(((t.ends_at if t.running(now) else t.starts_at) - now).total_seconds())}
                     for t in listed(now)], **countdown_units()}


@register.filter
def result_of(games_of: dict, user_id: int) -> list:
    return games_of.get(user_id, [])
