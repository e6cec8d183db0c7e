"""Moderation records. Nothing here is ever deleted: a lifted cooldown, an ended ban or a
failed vote stays on record with who decided and why. The rules live in moderation.ladder
(pure) and moderation.services; these models only keep what happened."""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _, pgettext_lazy

USER = settings.AUTH_USER_MODEL


class Incident(models.Model):
    """An early leave and the participation cooldown it earned."""

    class Kind(models.TextChoices):
        EXPELLED = "expelled", _("expelled after the third timeout strike")

    user = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="incidents", verbose_name=_("player"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.EXPELLED)
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("table")
    )
    created_at = models.DateTimeField(_("when"), default=timezone.now)
    level = models.PositiveSmallIntegerField(_("ladder step"))
    cooldown_start = models.DateTimeField(_("cooldown starts"))
    cooldown_end = models.DateTimeField(_("cooldown ends"))
    needs_review = models.BooleanField(_("needs review"), default=False)
    reviewed_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("reviewed by")
    )
    reviewed_at = models.DateTimeField(_("reviewed"), null=True, blank=True)
    review_note = models.TextField(_("review note"), blank=True)
    lifted_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("lifted by")
    )
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)
    lift_reason = models.TextField(_("why it was lifted"), blank=True)
    # Set by the beat task once the cooldown is over, so the player's pages are told once.
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "cooldown_end"], name="incident_running_cooldown")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_kind_display()} · {self.created_at:%Y-%m-%d %H:%M}"

    @property
    def ends_at(self) -> datetime:
        """When the cooldown really ends: at its planned end, or when it was lifted."""
        if self.lifted_at is not None and self.lifted_at < self.cooldown_end:
            return self.lifted_at
        return self.cooldown_end

    def running(self, now: datetime) -> bool:
        return self.cooldown_start <= now < self.ends_at


class Sanction(models.Model):
    """A moderator's decision against a player, for a time or for good, until lifted."""

    user = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="%(class)ss", verbose_name=_("player"))
    reason = models.TextField(_("reason"))
    until = models.DateTimeField(_("until"), null=True, blank=True, help_text=_("Leave empty for a permanent one."))
    created_by = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+", verbose_name=_("by"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    lifted_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("lifted by")
    )
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)
    lift_reason = models.TextField(_("why it was lifted"), blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} · {self.until:%Y-%m-%d %H:%M}" if self.until else f"{self.user} · ∞"

    @property
    def permanent(self) -> bool:
        return self.until is None

    def active(self, now: datetime) -> bool:
        return self.lifted_at is None and self.created_at <= now and (self.until is None or now < self.until)


class Ban(Sanction):
    """A banned player can neither log in nor play, nor make a new account in a browser they
    used (moderation.devices); with `address_days`, nor from an address they used."""

    # Off by default: a school or a household shares one address, and blocking it is a
    # moderator's deliberate choice, never the rule.
    address_days = models.PositiveSmallIntegerField(
        _("also block their addresses for (days)"),
        default=0,
        help_text=_("New accounts and guests from the addresses this player used are refused for this many days "
                    "(at most as long as the ban). 0: only the browsers they used."),
    )

    class Meta(Sanction.Meta):
        verbose_name = _("ban")
        verbose_name_plural = _("bans")


class Mute(Sanction):
    """A muted player cannot write in any chat."""

    class Meta(Sanction.Meta):
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")


class Report(models.Model):
    class Reason(models.TextChoices):
        ABUSE = "abuse", _("abusive chat")
        CHEATING = "cheating", _("cheating or collusion")
        STALLING = "stalling", _("stalling or throwing games")
        NAME = "name", _("offensive name")
        OTHER = "other", _("something else")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RESOLVED = "resolved", _("resolved")

    reporter = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+", verbose_name=_("reported by"))
    reported = models.ForeignKey(
        USER, on_delete=models.PROTECT, related_name="reports_against", verbose_name=_("reported player")
    )
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    text = models.TextField(_("what happened"), blank=True)
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("table")
    )
    created_at = models.DateTimeField(_("filed"), default=timezone.now)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    resolution_note = models.TextField(_("resolution note"), blank=True)
    resolved_by = models.ForeignKey(
        USER, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name=_("resolved by")
    )
    resolved_at = models.DateTimeField(_("resolved"), null=True, blank=True)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.reported} · {self.get_reason_display()}"


class VoteKick(models.Model):
    class Reason(models.TextChoices):
        ABUSE = "abuse", _("abusive chat")
        ABSENT = "absent", _("not responding")
        NAME = "name", _("offensive name")
        OTHER = "other", _("something else")

    class Outcome(models.TextChoices):
        OPEN = "open", _("open")
        PASSED = "passed", pgettext_lazy("a vote's outcome", "passed")
        FAILED = "failed", _("failed")
        EXPIRED = "expired", _("expired")
        # The table moved on (the game started or ended) before the vote was decided.
        CANCELLED = "cancelled", _("cancelled")

    table = models.ForeignKey("games.Table", on_delete=models.PROTECT, related_name="+", verbose_name=_("table"))
    target = models.ForeignKey(
        USER, on_delete=models.PROTECT, related_name="votes_against", verbose_name=_("player voted on")
    )
    target_seat = models.CharField(_("seat"), max_length=1)
    opened_by = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+", verbose_name=_("opened by"))
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    text = models.CharField(_("details"), max_length=200, blank=True)
    in_game = models.BooleanField(_("during a game"))
    # The players who may vote, counted when the vote opened: the rule's denominator.
    electorate = models.PositiveSmallIntegerField(_("voters"))
    created_at = models.DateTimeField(_("opened"), default=timezone.now)
    expires_at = models.DateTimeField(_("expires"))
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices, default=Outcome.OPEN)
    decided_at = models.DateTimeField(pgettext_lazy("when a vote ended", "decided"), null=True, blank=True)

    class Meta:
        verbose_name = _("vote-kick")
        verbose_name_plural = _("vote-kicks")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "target"], condition=models.Q(outcome="open"), name="one_open_vote_per_target"
            ),
            models.UniqueConstraint(fields=["table", "opened_by", "target"], name="one_vote_per_opener_and_target"),
        ]

    def __str__(self) -> str:
        return f"{self.target} @ {self.table_id} · {self.get_outcome_display()}"


class Ballot(models.Model):
    vote = models.ForeignKey(VoteKick, on_delete=models.PROTECT, related_name="ballots", verbose_name=_("vote"))
    voter = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+", verbose_name=_("voter"))
    yes = models.BooleanField(_("yes"))
    cast_at = models.DateTimeField(_("cast"), default=timezone.now)

    class Meta:
        verbose_name = _("ballot")
        verbose_name_plural = _("ballots")
        ordering = ["cast_at"]
        constraints = [models.UniqueConstraint(fields=["vote", "voter"], name="one_ballot_per_voter")]

    def __str__(self) -> str:
        return f"{self.voter}: {'yes' if self.yes else 'no'}"


class AuditLog(models.Model):
    """Every moderator action: who, what, whom, when, why. Written only by the services."""

    class Action(models.TextChoices):
        LIFT_COOLDOWN = "lift_cooldown", _("lifted a cooldown")
        REVIEW_COOLDOWN = "review_cooldown", _("reviewed a cooldown")
        BAN = "ban", _("banned")
        UNBAN = "unban", _("lifted a ban")
        MUTE = "mute", _("muted")
        UNMUTE = "unmute", _("lifted a mute")
        RESOLVE_REPORT = "resolve_report", _("resolved a report")
        GRANT_COINS = "grant_coins", _("granted coins")
        REVOKE_COINS = "revoke_coins", _("revoked coins")
        GRANT_STYLE = "grant_style", _("granted a style")
        REVOKE_STYLE = "revoke_style", _("revoked a style")
        # A player's own requests (moderator = the player): kept like every other decision.
        EXPORT_DATA = "export_data", _("downloaded their data")
        DELETE_ACCOUNT = "delete_account", _("deleted their account")

    moderator = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+", verbose_name=_("moderator"))
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    target = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="+", verbose_name=_("player"))
    detail = models.CharField(_("detail"), max_length=200, blank=True)
    why = models.TextField(_("why"))
    when = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")
        ordering = ["-when"]

    def __str__(self) -> str:
        return f"{self.moderator} {self.get_action_display()} {self.target}"


class DeviceUse(models.Model):
    """An account seen in a browser (its signed device cookie) from an address. Links the
    accounts one person uses, so that a ban or a cooldown follows them to a new account."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="device_uses", verbose_name=_("player"))
    device = models.CharField(_("browser"), max_length=32)
    # A keyed hash, never the address itself: equal addresses match, none can be read back.
    address = models.CharField(_("address (hashed)"), max_length=64)
    first_seen = models.DateTimeField(_("first seen"), default=timezone.now)
    last_seen = models.DateTimeField(_("last seen"), default=timezone.now)

    class Meta:
        verbose_name = _("browser used")
        verbose_name_plural = _("browsers used")
        constraints = [
            models.UniqueConstraint(fields=["user", "device", "address"], name="one_row_per_user_device_address")
        ]
        indexes = [models.Index(fields=["device"], name="deviceuse_device"),
                   models.Index(fields=["address"], name="deviceuse_address")]

    def __str__(self) -> str:
        return f"{self.user} · {self.device[:8]}"


class ReviewQueue(Report):
    """The admin's review queue: open reports and the top-step cooldowns, on one page."""

    class Meta:
        proxy = True
        verbose_name = _("review queue")
        verbose_name_plural = _("review queue")
