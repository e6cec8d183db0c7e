"""Coins are a ledger: every credit and debit is an `Entry`, and a balance is their sum. The
constraints, not checks in code, keep a check-in to one a day and a style to one purchase."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

USER = settings.AUTH_USER_MODEL


class Wallet(models.Model):
    """A player's coin settings; also the row a purchase locks, so that two purchases at once
    cannot both spend the same coins."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, primary_key=True, related_name="coin_wallet")
    # Empty until the browser tells us (sent once) or the player picks one: UTC meanwhile.
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True)

    class Meta:
        verbose_name = _("wallet")

    def __str__(self) -> str:
        return str(self.user)


class Entry(models.Model):
    class Reason(models.TextChoices):
        CHECK_IN = "check_in", _("daily check-in")
        PURCHASE = "purchase", _("style bought")
        GRANT = "grant", _("granted by staff")
        REVOKE = "revoke", _("revoked by staff")

    user = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="coin_entries", verbose_name=_("player"))
    amount = models.IntegerField(_("coins"))
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    style = models.CharField(_("style"), max_length=32, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    by = models.ForeignKey(USER, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                           verbose_name=_("staff member"))
    when = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        verbose_name = _("ledger entry")
        verbose_name_plural = _("coin ledger")
        ordering = ["-when", "-pk"]
        constraints = [models.CheckConstraint(condition=~models.Q(amount=0), name="coins_entry_moves_coins")]
        indexes = [models.Index(fields=["user", "-when"], name="coins_entries_by_user")]

    def __str__(self) -> str:
        return f"{self.user}: {self.amount:+d} ({self.get_reason_display()})"


class CheckIn(models.Model):
    """One a calendar day in the player's zone (`day`), numbered in order: two check-ins at
    the same moment both take the next number, and the database keeps only one."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="coin_check_ins")
    day = models.DateField(_("day"))
    number = models.PositiveIntegerField()
    streak = models.PositiveIntegerField(_("streak"))
    time_zone = models.CharField(_("time zone"), max_length=64)
    when = models.DateTimeField(_("when"))
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = _("check-in")
        constraints = [
            models.UniqueConstraint(fields=["user", "day"], name="coins_one_check_in_a_day"),
            models.UniqueConstraint(fields=["user", "number"], name="coins_check_ins_in_order"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.day}"


class Ownership(models.Model):
    """A style a player has: bought (with its ledger entry) or granted, kept unless staff
    revoke it. At most one standing ownership of a style per player."""

    user = models.ForeignKey(USER, on_delete=models.PROTECT, related_name="coin_styles", verbose_name=_("player"))
    style = models.CharField(_("style"), max_length=32)
    since = models.DateTimeField(_("since"), default=timezone.now)
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                 verbose_name=_("purchase"))
    granted_by = models.ForeignKey(USER, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                   verbose_name=_("granted by"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    revoked_by = models.ForeignKey(USER, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                   verbose_name=_("revoked by"))

    class Meta:
        verbose_name = _("owned style")
        verbose_name_plural = _("owned styles")
        ordering = ["-since"]
        constraints = [
            models.UniqueConstraint(fields=["user", "style"], condition=models.Q(revoked_at__isnull=True),
                                    name="coins_style_owned_once",
                                    violation_error_message=_("You already own this style."))
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.style}"


class ActiveStyle(models.Model):
    """The style a player shows for one kind at one game's tables (a game key from the
    registry; no row: the site's default)."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="coin_active_styles")
    game = models.CharField(max_length=32)
    kind = models.CharField(max_length=16)
    style = models.CharField(max_length=32)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game", "kind"], name="coins_one_style_per_kind")]
        indexes = [models.Index(fields=["user", "game"], name="coins_active_by_game")]
