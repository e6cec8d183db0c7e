"""Ratings are kept per player and per game kind; every rated game leaves one settlement and
one history row per player whose rating it moved. The maths lives in ratings.glicko, the
rules of which game counts how in ratings.services. A game kind is a key of the game
registry (games.registry.GAMES), checked by validation rather than by database choices, so a
new game needs no migration here."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ratings import conf, kinds


class Reason(models.TextChoices):
    NORMAL = "normal", _("normal result")
    ABANDONMENT = "abandonment", _("abandonment")
    RESERVE_OUT = "reserve_out", _("reserve time ran out")
    VOID = "void", _("voided")


def game_kind_field() -> models.CharField:
    return models.CharField(_("game"), max_length=16, validators=[kinds.validate_game_key])


class GameLabel:
    """A row's game by its registry label, as `get_game_kind_display` would give it with choices."""

    def get_game_kind_display(self) -> str:
        return kinds.label(self.game_kind)


class Rating(GameLabel, models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    game_kind = game_kind_field()
    value = models.FloatField(_("rating"))
    deviation = models.FloatField(_("deviation"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "game_kind"], name="one_rating_per_game_kind")]
        indexes = [models.Index(fields=["game_kind", "-value"], name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_game_kind_display()} · {self.shown}"

    @property
    def shown(self) -> int:
        return round(self.value)

    @property
    def provisional(self) -> bool:
        return self.games < conf.provisional_games()


class Settlement(GameLabel, models.Model):
    """The mark that a game's result has been dealt with, so a retried end-of-game task
    cannot apply it twice. Games that change nothing (void, unrated, with bots) get one too."""

    game_kind = game_kind_field()
    game_id = models.PositiveBigIntegerField(_("game id"))
    outcome = models.CharField(_("outcome"), max_length=16, choices=Reason.choices)
    rated = models.BooleanField(_("rated table"))
    has_bots = models.BooleanField(_("with bots"))
    weight = models.FloatField(_("weight"))
    # Player ids per side and each side's place (1 = first): two teams of two, or one player
    # per side in a game of placements. The places are those rated on (the leaver's side last).
    sides = models.JSONField(_("sides"))
    places = models.JSONField(_("places"), null=True, blank=True)
    settled_at = models.DateTimeField(_("settled"), auto_now_add=True)

    class Meta:
        verbose_name = _("settled game")
        verbose_name_plural = _("settled games")
        constraints = [models.UniqueConstraint(fields=["game_kind", "game_id"], name="settle_each_game_once")]

    def __str__(self) -> str:
        return f"{self.get_game_kind_display()} #{self.game_id}"


class RatingChange(GameLabel, models.Model):
    """One player's rating before and after one rated game: the points of the history chart."""

    settlement = models.ForeignKey(Settlement, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    game_kind = game_kind_field()
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))
    deviation_before = models.FloatField(_("deviation before"))
    deviation_after = models.FloatField(_("deviation after"))
    score = models.FloatField(_("score"), help_text=_("the share of the other sides beaten: 1 for a win, 0 for a loss"))
    expected = models.FloatField(_("expected score"))
    team_rating = models.FloatField(_("team rating"))
    opponent_rating = models.FloatField(_("opponents' rating"))
    created_at = models.DateTimeField(_("date"), auto_now_add=True)

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        indexes = [models.Index(fields=["user", "game_kind", "created_at"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.user} {self.shown_change:+d} → {self.shown_after}"

    @property
    def shown_after(self) -> int:
        return round(self.rating_after)

    @property
    def shown_change(self) -> int:
        """The change between the two shown ratings, so "+18 → 1562" always adds up."""
        return round(self.rating_after) - round(self.rating_before)

    @property
    def won(self) -> bool:
        return self.score > 0.5

    @property
    def placing(self) -> tuple[int, int]:
        """(the player's place, the number of sides) as the game was rated."""
        sides, places = self.settlement.sides, self.settlement.places
        side = next(k for k, players in enumerate(sides) if self.user_id in players)
        return places[side], len(sides)


class PlayerRank(GameLabel, models.Model):
    """A player's step on a game's rank ladder (games.ranks), for the games that declare one."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ranks", verbose_name=_("player")
    )
    game_kind = game_kind_field()
    level = models.PositiveSmallIntegerField(_("rank"), default=0, help_text=_("0 is the ladder's lowest rank"))
    points = models.IntegerField(_("rank points"), default=0)
    games = models.PositiveIntegerField(_("ranked games"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("rank")
        verbose_name_plural = _("ranks")
        constraints = [models.UniqueConstraint(fields=["user", "game_kind"], name="one_rank_per_game_kind")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_game_kind_display()} · {self.level}"


class RankChange(GameLabel, models.Model):
    """One player's rank and rank points before and after one game that moved them."""

    settlement = models.ForeignKey(Settlement, on_delete=models.CASCADE, related_name="rank_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rank_changes", verbose_name=_("player")
    )
    game_kind = game_kind_field()
    place = models.PositiveSmallIntegerField(_("place"))
    change = models.IntegerField(_("rank points won or lost"))
    level_before = models.PositiveSmallIntegerField(_("rank before"))
    points_before = models.IntegerField(_("rank points before"))
    level_after = models.PositiveSmallIntegerField(_("rank after"))
    points_after = models.IntegerField(_("rank points after"))

    class Meta:
        verbose_name = _("rank change")
        verbose_name_plural = _("rank changes")
        constraints = [models.UniqueConstraint(fields=["settlement", "user"], name="one_rank_change_per_game")]

    def __str__(self) -> str:
        return f"{self.user} {self.change:+d}"


class PlayerStats(GameLabel, models.Model):
    """A player's running totals in one game: the counts the game's `record_stats` gives for
    each finished game, summed as games finish, so a player page reads them without replaying."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_stats", verbose_name=_("player")
    )
    game_kind = game_kind_field()
    games = models.PositiveIntegerField(_("games played"), default=0)
    totals = models.JSONField(_("totals"), default=dict)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("player statistics")
        verbose_name_plural = _("player statistics")
        constraints = [models.UniqueConstraint(fields=["user", "game_kind"], name="one_stats_row_per_game_kind")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_game_kind_display()} · {self.games}"


class CountedGame(models.Model):
    """The mark that a finished game was added to its players' statistics, so it counts once."""

    game_kind = game_kind_field()
    game_id = models.PositiveBigIntegerField(_("game id"))
    counted_at = models.DateTimeField(_("counted"), auto_now_add=True)

    class Meta:
        verbose_name = _("counted game")
        verbose_name_plural = _("counted games")
        constraints = [models.UniqueConstraint(fields=["game_kind", "game_id"], name="count_each_game_once")]
