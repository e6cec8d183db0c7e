"""Vote-kicks. At a waiting table a majority of the other seated players removes a player, who
is then barred from that table for a short while; during a game all the others must agree,
and the game ends as an abandonment by the removed player's team. Neither gives a cooldown.

Every function locks the table row first, then the vote: the same order as the games'
write path, so a vote racing a move or a seat change is ordered, never interleaved.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import removal
from games.errors import TableError
from games.models import Table
from moderation import conf, notify
from moderation.errors import VoteError
from moderation.models import Ballot, VoteKick

Outcome = VoteKick.Outcome


@transaction.atomic
def open_vote(*, table: Table, opened_by, target, reason: str, text: str = "", now: datetime | None = None) -> VoteKick:
    """Open a vote against `target`; the opener's own ballot counts as the first yes."""
    now = now or timezone.now()
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.status == Table.Status.FINISHED:
        raise VoteError("table_over")
    seats = _seated(table)
    if opened_by.pk not in seats:
        raise VoteError("not_seated")
    if target.pk == opened_by.pk:
        raise VoteError("self_vote")
    if target.pk not in seats:
        raise VoteError("target_not_seated")
    if reason not in VoteKick.Reason.values:
        raise VoteError("bad_reason")
    # A vote that ran out but was not yet marked must not block a new one.
    expire_votes(now, table_id=table.pk)
    against = VoteKick.objects.filter(table=table, target=target)
    if against.filter(outcome=Outcome.OPEN).exists():
        raise VoteError("vote_running")
    if against.filter(opened_by=opened_by).exists():
        raise VoteError("vote_used")
    vote = VoteKick.objects.create(
        table=table,
        target=target,
        target_seat=seats[target.pk],
        opened_by=opened_by,
        reason=reason,
        text=(text or "").strip()[:200],
        in_game=table.status == Table.Status.PLAYING,
        electorate=len(seats) - 1,
        created_at=now,
        expires_at=now + conf.vote_kick_duration(),
    )
    Ballot.objects.create(vote=vote, voter=opened_by, yes=True, cast_at=now)
    _decide(vote, table, now)
    notify.table_votes(table.pk)
    return vote


@transaction.atomic
def cast_ballot(*, vote: VoteKick, voter, yes: bool, now: datetime | None = None) -> VoteKick:
    """Record one ballot. The vote comes back decided (passed or failed) when this ballot
    settles it, expired or cancelled when it was already over by time or by the table."""
    now = now or timezone.now()
    table = Table.objects.select_for_update().get(pk=vote.table_id)
    vote = VoteKick.objects.select_for_update().get(pk=vote.pk)
    if vote.outcome != Outcome.OPEN:
        raise VoteError("vote_closed")
    seats = _seated(table)
    if now >= vote.expires_at or _moved_on(vote, table, seats):
        _close(vote, Outcome.EXPIRED if now >= vote.expires_at else Outcome.CANCELLED, now)
        notify.table_votes(table.pk)
        return vote
    if voter.pk == vote.target_id or voter.pk not in seats:
        raise VoteError("not_voter")
    if Ballot.objects.filter(vote=vote, voter=voter).exists():
        raise VoteError("already_voted")
    Ballot.objects.create(vote=vote, voter=voter, yes=yes, cast_at=now)
    _decide(vote, table, now)
    notify.table_votes(table.pk)
    return vote


@transaction.atomic
def expire_votes(now: datetime | None = None, *, table_id: int | None = None) -> int:
    """Close every open vote whose time ran out. Safe to run any number of times."""
    now = now or timezone.now()
    due = VoteKick.objects.select_for_update().filter(outcome=Outcome.OPEN, expires_at__lte=now)
    if table_id is not None:
        due = due.filter(table_id=table_id)
    tables = set(due.values_list("table_id", flat=True))
    count = due.update(outcome=Outcome.EXPIRED, decided_at=now)
    for expired_table in tables:
        notify.table_votes(expired_table)
    return count


def table_bar_until(user, table_id: int, now: datetime | None = None) -> datetime | None:
    """Until when a player voted off this waiting table may not sit down at it again."""
    now = now or timezone.now()
    decided = (
        VoteKick.objects.filter(table_id=table_id, target=user, outcome=Outcome.PASSED, in_game=False)
        .order_by("-decided_at")
        .values_list("decided_at", flat=True)
        .first()
    )
    if decided is None or decided + conf.table_bar() <= now:
        return None
    return decided + conf.table_bar()


def table_bars_until(pairs, now: datetime | None = None) -> dict[tuple[int, int], datetime]:
    """`table_bar_until` of many (user id, table id) pairs in one query: those barred, keyed by
    the pair, with until when."""
    now = now or timezone.now()
    pairs = set(pairs)
    bars: dict[tuple[int, int], datetime] = {}
    passed = VoteKick.objects.filter(
        table_id__in={table_id for _, table_id in pairs}, target_id__in={user_id for user_id, _ in pairs},
        outcome=Outcome.PASSED, in_game=False, decided_at__gt=now - conf.table_bar(),
    ).values_list("target_id", "table_id", "decided_at")
    for user_id, table_id, decided in passed:
        if (user_id, table_id) in pairs:
            bars[(user_id, table_id)] = max(bars.get((user_id, table_id), decided), decided)
    return {pair: decided + conf.table_bar() for pair, decided in bars.items()}


def open_votes(table_id: int, now: datetime | None = None) -> list[VoteKick]:
    now = now or timezone.now()
    return list(
        VoteKick.objects.filter(table_id=table_id, outcome=Outcome.OPEN, expires_at__gt=now)
        .select_related("target", "opened_by")
        .prefetch_related("ballots")
        .order_by("created_at")
    )


def _seated(table: Table) -> dict[int, str]:
    """Seated people (never bots), user id → seat."""
    return dict(table.seats.filter(user__isnull=False).values_list("user_id", "position"))


def _moved_on(vote: VoteKick, table: Table, seats: dict[int, str]) -> bool:
    """The table is no longer in the state the vote was opened for."""
    if vote.in_game:
        return table.status != Table.Status.PLAYING
    return table.status != Table.Status.WAITING or vote.target_id not in seats


def needed(vote: VoteKick) -> int:
    """Yes votes that pass it: in a game every other player, at a waiting table a majority."""
    return vote.electorate if vote.in_game else vote.electorate // 2 + 1


def _decide(vote: VoteKick, table: Table, now: datetime) -> None:
    ballots = list(vote.ballots.values_list("yes", flat=True))
    yes, no = ballots.count(True), ballots.count(False)
    if yes >= needed(vote):
        _close(vote, Outcome.PASSED, now)
        _remove(vote, table)
    elif vote.electorate - no < needed(vote):
        _close(vote, Outcome.FAILED, now)


def _close(vote: VoteKick, outcome: str, now: datetime) -> None:
    vote.outcome, vote.decided_at = outcome, now
    vote.save(update_fields=["outcome", "decided_at"])


def _remove(vote: VoteKick, table: Table) -> None:
    if vote.in_game:
        removal.kick_from_game(table_id=table.pk, seat=vote.target_seat)
        return
    try:
        removal.unseat(table_id=table.pk, user=vote.target)
    except TableError as error:
        if error.code != "not_seated":
            raise
