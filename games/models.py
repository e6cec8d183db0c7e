"""Tables, seats and the action log. A table's truth is its log (deals + actions); the engine
state is cached on the row as a JSON snapshot with a version number (its own log only of the
hand in play: ``games.snapshots``)."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

def _invite_code() -> str:
    return secrets.token_urlsafe(9)


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    game = models.CharField(_("game"), max_length=16)
    options = models.JSONField(_("options"), default=dict)
    invite_code = models.CharField(max_length=16, unique=True, default=_invite_code, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.WAITING)
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(default=0, editable=False)
    has_bots = models.BooleanField(default=False)
    # Decision clocks, reserves, presence and pauses (games/clocks.py), and the next moment
    # the server has something to do, indexed for beat.
    clock = models.JSONField(default=dict, blank=True, editable=False)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # After the game: the seats that asked for a rematch, and the table it started.
    rematch = models.JSONField(default=dict, blank=True, editable=False)
    # For a game with a rank ladder (games.ranks): each seated player's level as the game
    # started, {position: level}, so a running game's pages show ranks without a query.
    seat_ranks = models.JSONField(default=dict, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self) -> str:
        # Carries the invite, so a private table's link is the one its players share.
        return reverse("table", args=[self.pk]) + f"?invite={self.invite_code}"

    @property
    def rated(self) -> bool:
        return bool(self.options.get("rated")) and not self.has_bots

    @property
    def private(self) -> bool:
        return bool(self.options.get("private"))

    @property
    def group_name(self) -> str:
        return f"table-{self.pk}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # One of the game's seats (games.registry.Game.seats): e.g. S/E/N/W or 1-5.
    position = models.CharField(max_length=1)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    bot = models.CharField(max_length=10, blank=True)
    ready = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="one_seat_per_player"
            ),
        ]
        ordering = ["table_id", "position"]

    def __str__(self) -> str:
        return f"{self.table} {self.position}"

    @property
    def occupied(self) -> bool:
        return self.user_id is not None or bool(self.bot)


class Action(models.Model):
    """One entry of a table's log: a deal (server) or an action as the record has it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField()
    hand = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="one_action_per_version")]
        ordering = ["table_id", "version"]


class ChatMessage(models.Model):
    """A line of chat at a table, or in the lobby when table is empty."""

    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=300)
    spectator = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at"]


class ClockHeartbeat(models.Model):
    """When beat last ticked. A long gap means the service was down, not the players: every
    running clock is moved on by the gap before anything is charged."""

    last_tick = models.DateTimeField()
