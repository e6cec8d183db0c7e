from datetime import timedelta

from django import template
from django.utils import timezone

from tournaments.models import Entry, Pairing
from tournaments.standings import countdown_units, listed

register = template.Library()
# After a tournament game, its players' table pages go back to the tournament page by themselves
# after this many seconds (to be paired again), unless the player chooses to stay; a page opened
# later than RETURN_WITHIN after the end (an old game looked up) shows the link alone.
RETURN_SECONDS = 8
RETURN_WITHIN = timedelta(minutes=2)


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


@register.inclusion_tag("tournaments/fragments/return.html")
def tournament_return(table, user):
    """On a finished tournament game's table page, for one of its players: the way back to the
    tournament, taken by itself after a countdown while the player is in (not paused, not
    withdrawn) and the tournament still pairs; a plain link otherwise."""
    pairing = Pairing.objects.filter(table_id=table.pk).select_related("tournament").first()
    if pairing is None or user is None or not user.is_authenticated:
        return {"tournament": None}
    tournament, now = pairing.tournament, timezone.now()
    entry = Entry.objects.filter(tournament=tournament, user=user).first()
    automatic = (entry is not None and not entry.paused and not entry.withdrawn and not tournament.over(now)
                 and table.finished_at is not None and now - table.finished_at < RETURN_WITHIN)
    return {"tournament": tournament, "automatic": automatic, "seconds": RETURN_SECONDS}
