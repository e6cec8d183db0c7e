"""What a tournament page shows: standings, the games in play, and each player's results."""

from collections import defaultdict

from django.utils import timezone
from django.utils.translation import ngettext

from games import registry
from games.models import Table
from tournaments.models import Entry, Pairing, Result, Tournament

SHOWN = 200


def page_context(tournament: Tournament, user=None) -> dict:
    game = registry.get(tournament.game)
    now = timezone.now()
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user")[:SHOWN])
    running = list(Pairing.objects.filter(tournament=tournament, table__status=Table.Status.PLAYING)
                   .select_related("table").prefetch_related("table__seats__user"))
    over = tournament.over(now)
    finished = over and not running
    mine = next((e for e in entries if user is not None and e.user_id == user.pk), None)
    own_table = None
    if mine is not None:
        own_table = next((p.table for p in running if any(s.user_id == mine.user_id for s in p.table.seats.all())),
                         None)
    return {
        "tournament": tournament, "game": game, "entries": entries, "running": running,
        "rule": game.tournament_rule(tournament.options),
        "started": tournament.starts_at <= now, "over": over, "finished": finished,
        "starts_in": max(0, int((tournament.starts_at - now).total_seconds())),
        "ends_in": max(0, int((tournament.ends_at - now).total_seconds())),
        "mine": mine, "own_table": own_table,
        "podium": entries[:3] if finished else [],
        "games_of": games_of(tournament, [e.user_id for e in entries]) if finished else {},
        **countdown_units(),
    }


def countdown_units() -> dict:
    """How the countdown script spells days, in the page's language."""
    return {"day_one": ngettext("%(n)s day", "%(n)s days", 1), "day_other": ngettext("%(n)s day", "%(n)s days", 2)}


def games_of(tournament: Tournament, user_ids: list[int]) -> dict[int, list[Result]]:
    """Each player's counted results, oldest first, for the winner's page."""
    by_user = defaultdict(list)
    for result in (Result.objects.filter(pairing__tournament=tournament, user_id__in=user_ids)
                   .select_related("pairing").order_by("pairing_id")):
        by_user[result.user_id].append(result)
    return dict(by_user)


def listed(now=None) -> list[Tournament]:
    """Public tournaments not over, soonest first, for the lobby."""
    now = now or timezone.now()
    return [t for t in Tournament.objects.filter(private=False).order_by("starts_at")[:50] if not t.over(now)]
