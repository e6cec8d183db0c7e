"""Tournaments, their players (entries) and their games. An entry's score is the sum of its
results, kept on the row so standings are one ordered query."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Table


def _invite_code() -> str:
    return secrets.token_urlsafe(9)


class Tournament(models.Model):
    class Kind(models.TextChoices):
        ARENA = "arena", _("Arena")
        SWISS = "swiss", _("Swiss")

    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=16)
    kind = models.CharField(_("format"), max_length=10, choices=Kind.choices, default=Kind.ARENA)
    # The options of every table of the tournament (the game's own, validated on save).
    options = models.JSONField(_("table options"), default=dict, blank=True)
    starts_at = models.DateTimeField(_("starts at"))
    minutes = models.PositiveIntegerField(_("duration in minutes"), default=60)
    private = models.BooleanField(_("private (by invite link)"), default=False)
    # Swiss: how many rounds, and the round in play (0 before the first).
    rounds = models.PositiveSmallIntegerField(_("rounds (Swiss)"), default=0)
    round = models.PositiveSmallIntegerField(default=0, editable=False)
    invite_code = models.CharField(max_length=16, unique=True, default=_invite_code, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", verbose_name=_("created by"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["starts_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.minutes)

    @property
    def swiss(self) -> bool:
        return self.kind == self.Kind.SWISS

    def running(self, now=None) -> bool:
        now = now or timezone.now()
        return self.starts_at <= now and not self.over(now)

    def over(self, now=None) -> bool:
        """An arena at its end (games in play still count); a Swiss once its last round is done."""
        if self.swiss:
            return self.round >= self.rounds and not self.pairings.filter(counted=False).exists()
        return (now or timezone.now()) >= self.ends_at

    def joinable(self, now=None) -> bool:
        """An arena until it ends; a Swiss until it starts (its rounds pair everyone in)."""
        now = now or timezone.now()
        return now < self.starts_at if self.swiss else not self.over(now)

    def get_absolute_url(self) -> str:
        url = reverse("tournament", args=[self.pk])
        return url + f"?invite={self.invite_code}" if self.private else url

    @property
    def group_name(self) -> str:
        return f"tournament-{self.pk}"


class Team(models.Model):
    """Players registered to play as one team of a game that has teams (Game.teams): formed by
    an invitation (by name, or by the team's link) that the other accepts; paired together."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    code = models.CharField(max_length=16, unique=True, default=_invite_code, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
                                   verbose_name=_("invited by"))
    # The player invited by name, until they answer; the link invites whoever has it.
    invited = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+", verbose_name=_("invited"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return ", ".join(entry.user.username for entry in self.members.select_related("user").order_by("pk"))


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    score = models.IntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    # Wins in a row just now: from two on the player is "on fire" and scores double.
    streak = models.PositiveIntegerField(default=0)
    # Paused by the player (not paired until they come back) or withdrawn for leaving a game.
    paused = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)
    # When the player's tournament page last said it is open (its socket, every few seconds):
    # only a player on the page is waiting to be paired.
    seen_at = models.DateTimeField(null=True, blank=True)
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members",
                             verbose_name=_("team"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")]
        ordering = ["-score", "joined_at"]
        indexes = [models.Index(fields=["tournament", "-score"])]

    @property
    def on_fire(self) -> bool:
        return self.streak >= 2


class Pairing(models.Model):
    """One game of a tournament: the table it was played at, and whether its result counted."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="tournament_pairing")
    counted = models.BooleanField(default=False)
    voided = models.BooleanField(default=False)
    round = models.PositiveSmallIntegerField(null=True, blank=True)  # Swiss only
    bye = models.BooleanField(default=False)  # Swiss: the players left over, against bots

    class Meta:
        ordering = ["-pk"]


class Result(models.Model):
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="results")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    place = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    doubled = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pairing", "user"], name="one_result_per_player")]
        ordering = ["pairing_id"]
