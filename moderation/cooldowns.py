"""Participation cooldowns: recording an expulsion, finding the running cooldown, lifting and
reviewing one, and closing ended ones. The ladder rule itself is moderation.ladder."""

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from moderation import audit, conf, ladder, notify
from moderation.errors import ModerationError
from moderation.models import AuditLog, Incident


def history(user) -> list[ladder.Past]:
    return [
        ladder.Past(started=incident.cooldown_start, ended=incident.ends_at)
        for incident in Incident.objects.filter(user=user)
    ]


def next_cooldown(user, *, now: datetime | None = None) -> ladder.Cooldown:
    """What the player's next expulsion would cost them, as of `now`."""
    return ladder.next_cooldown(
        history(user), now or timezone.now(), steps=conf.cooldown_steps(), clean_period=conf.clean_period()
    )


@transaction.atomic
def record_expulsion(*, user, table_id: int | None, now: datetime | None = None) -> Incident:
    """The player was expelled after the third timeout strike: an incident and a cooldown for
    them alone (never their team-mates). Call it inside the transaction that expels them."""
    now = now or timezone.now()
    # Two expulsions of one player at once (two tables) must not both read the same history.
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    cooldown = next_cooldown(user, now=now)
    incident = Incident.objects.create(
        user=user,
        kind=Incident.Kind.EXPELLED,
        table_id=table_id,
        created_at=now,
        level=cooldown.level,
        cooldown_start=now,
        cooldown_end=now + cooldown.duration,
        needs_review=cooldown.needs_review,
    )
    notify.user_moderated(user.pk, "cooldown", incident.cooldown_end)
    return incident


def participation_block(user, *, now: datetime | None = None) -> Incident | None:
    """The cooldown running at `now`, the one that ends last if several overlap."""
    now = now or timezone.now()
    return (
        Incident.objects.filter(user=user, cooldown_start__lte=now, cooldown_end__gt=now)
        .filter(Q(lifted_at__isnull=True) | Q(lifted_at__gt=now))
        .order_by("-cooldown_end")
        .first()
    )


@transaction.atomic
def lift_cooldown(*, incident: Incident, by, reason: str, now: datetime | None = None) -> Incident:
    """End a running cooldown early. The incident stays and still counts on the ladder."""
    now = now or timezone.now()
    incident = Incident.objects.select_for_update().get(pk=incident.pk)
    if not incident.running(now):
        raise ModerationError("not_running")
    incident.lifted_by, incident.lifted_at, incident.lift_reason = by, now, reason
    incident.closed_at = now
    incident.save(update_fields=["lifted_by", "lifted_at", "lift_reason", "closed_at"])
    audit.record(
        moderator=by,
        action=AuditLog.Action.LIFT_COOLDOWN,
        target=incident.user,
        why=reason,
        when=now,
        detail=f"incident #{incident.pk}, step {incident.level}",
    )
    notify.user_moderated(incident.user_id, "cooldown_ended")
    return incident


@transaction.atomic
def review_cooldown(*, incident: Incident, by, note: str, now: datetime | None = None) -> Incident:
    """A moderator looked at a cooldown of the top step; it leaves the review queue."""
    now = now or timezone.now()
    incident = Incident.objects.select_for_update().get(pk=incident.pk)
    incident.reviewed_by, incident.reviewed_at, incident.review_note = by, now, note
    incident.save(update_fields=["reviewed_by", "reviewed_at", "review_note"])
    audit.record(
        moderator=by,
        action=AuditLog.Action.REVIEW_COOLDOWN,
        target=incident.user,
        why=note,
        when=now,
        detail=f"incident #{incident.pk}, step {incident.level}",
    )
    return incident


@transaction.atomic
def close_ended_cooldowns(now: datetime | None = None) -> int:
    """Mark cooldowns that ran out and tell the player's open pages, once each. The ladder
    needs no such bookkeeping: it is computed from the history every time."""
    now = now or timezone.now()
    ended = list(
        Incident.objects.select_for_update()
        .filter(closed_at__isnull=True, cooldown_end__lte=now)
        .values_list("pk", "user_id")
    )
    Incident.objects.filter(pk__in=[pk for pk, _ in ended]).update(closed_at=now)
    for user_id in {user_id for _, user_id in ended}:
        notify.user_moderated(user_id, "cooldown_ended")
    return len(ended)


def on_game_finished(sender, *, outcome, **kwargs) -> None:
    """The "game finished" event: a player expelled by strikes or an offline expulsion gets an
    incident and a cooldown; never their team-mates, never after a vote-kick or a void."""
    if outcome.expelled is not None:
        user = get_user_model().objects.get(pk=outcome.expelled)
        record_expulsion(user=user, table_id=outcome.game_id)


def leaving_note(user) -> str:
    """The cooldown an abandonment now would bring, for the Leave confirmation."""
    duration = next_cooldown(user).duration
    minutes = int(duration.total_seconds() // 60)
    if minutes % (24 * 60) == 0:
        spelled = ngettext("%(n)s day", "%(n)s days", minutes // (24 * 60)) % {"n": minutes // (24 * 60)}
    elif minutes % 60 == 0:
        spelled = ngettext("%(n)s hour", "%(n)s hours", minutes // 60) % {"n": minutes // 60}
    else:
        spelled = ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes}
    return gettext("You would get a participation cooldown of %(duration)s (no public games meanwhile).") % {
        "duration": spelled}
