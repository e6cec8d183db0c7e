"""Moderation wherever a page needs it: `{% load moderation %}` then

  {% cooldown_banner user %}          the lobby's "participation cooldown" warning with the
                                      time left; an empty hidden placeholder when none runs
  {% cooldown_banner user oob=True %} the same as an htmx out-of-band swap, for sockets
  {% vote_panel table user %}         vote-kicks at a table, with ws-send forms; oob=True too
  {% report_url player table %}       the "report player" page's address (table optional)

Pages that use them link moderation/moderation.css; the banner counts down with
moderation/countdown.js, the vote panel with the table page's js/clock.js.
"""

from datetime import datetime

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import ngettext

from games.models import Table
from moderation import conf
from moderation.cooldowns import participation_block
from moderation.devices import device_cooldown
from moderation.models import VoteKick
from moderation.votes import needed, open_votes

register = template.Library()


@register.inclusion_tag("moderation/cooldown_banner.html")
def cooldown_banner(user, oob: bool = False) -> dict:
    now = timezone.now()
    signed_in = user is not None and user.is_authenticated
    # A cooldown of another account in this browser binds this one too (moderation.access).
    cooldown = (participation_block(user, now=now) or device_cooldown(user, now=now)) if signed_in else None
    if cooldown is None:
        return {"cooldown": None, "oob": oob}
    seconds = max(0, int((cooldown.ends_at - now).total_seconds()))
    return {
        "cooldown": cooldown,
        "seconds": seconds,
        "left": time_left(seconds),
        # The countdown script spells days the same way, in the page's language.
        "day_one": ngettext("%(n)s day", "%(n)s days", 1),
        "day_other": ngettext("%(n)s day", "%(n)s days", 2),
        "oob": oob,
    }


def time_left(seconds: int) -> str:
    """4:05, 1:59:59, or "6 days 23:59:59", as moderation/countdown.js writes it."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    clock = f"{hours}:{minutes:02d}:{secs:02d}" if hours or days else f"{minutes}:{secs:02d}"
    if days:
        return ngettext("%(n)s day", "%(n)s days", days) % {"n": days} + " " + clock
    return clock


@register.inclusion_tag("moderation/vote_panel.html")
def vote_panel(table: Table, user, oob: bool = False) -> dict:
    return vote_panel_context(table, user, oob=oob)


def vote_panel_context(table: Table, user, *, oob: bool = False, now: datetime | None = None) -> dict:
    """What one viewer sees of the votes at a table: the running ones (everyone), a yes/no
    form where they may still vote, and whom they may start a vote against."""
    now = now or timezone.now()
    seated = {seat.user_id: seat for seat in table.seats.select_related("user") if seat.user_id}
    me = user.pk if user is not None and user.is_authenticated and user.pk in seated else None
    in_game = table.status == Table.Status.PLAYING
    finished = table.status == Table.Status.FINISHED
    votes = [] if finished else [vote for vote in open_votes(table.pk, now) if vote.in_game == in_game]
    rows = []
    for vote in votes:
        ballots = {ballot.voter_id: ballot.yes for ballot in vote.ballots.all()}
        rows.append(
            {
                "vote": vote,
                "yes": sum(ballots.values()),
                "no": len(ballots) - sum(ballots.values()),
                "needed": needed(vote),
                "seconds": max(0, int((vote.expires_at - now).total_seconds())),
                "can_vote": me is not None and me != vote.target_id and me not in ballots,
                "is_target": me == vote.target_id,
            }
        )
    targets = []
    if me is not None and not finished:
        running = {vote.target_id for vote in votes}
        used = set(VoteKick.objects.filter(table=table, opened_by_id=me).values_list("target_id", flat=True))
        targets = [seat.user for uid, seat in seated.items() if uid != me and uid not in running | used]
    return {
        "table": table,
        "rows": rows,
        "targets": sorted(targets, key=lambda u: u.username.lower()),
        "reasons": VoteKick.Reason.choices,
        "in_game": in_game,
        "bar_seconds": int(conf.table_bar().total_seconds()),
        "oob": oob,
    }


@register.simple_tag
def report_url(player, table: Table | None = None) -> str:
    url = reverse("report_player", args=[player.username])
    return f"{url}?table={table.pk}" if table is not None else url
