"""Ratings wherever a page shows a player: `{% load ratings %}` then

  {% rating_badge user table.game %}            1562, or 1500 with a "provisional" mark
  {% team_ratings team_a team_b table.game %}   each team's rating and expected win chance
  {% rating_result change %}                    "+18 → 1562" for one RatingChange
  {% profile_ratings player %}                  the profile's ratings with history charts
  {% profile_stats player %}                    per game: games played, rank, statistics

The game is always given, as its registry key (games.registry.GAMES).

Pages that use them link ratings/ratings.css.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import formats, timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from ratings import conf, kinds, ranks, services, stats
from ratings.chart import rating_chart
from ratings.models import PlayerRank, PlayerStats, Rating, RatingChange

register = template.Library()

# The chart shows the latest games only, so a veteran's profile stays light.
CHART_GAMES = 100
RECENT_GAMES = 10


@register.inclusion_tag("ratings/badge.html")
def rating_badge(user: AbstractBaseUser, game_kind: str) -> dict:
    return {"rating": services.ratings_of([user], game_kind)[user.pk], "provisional_games": conf.provisional_games()}


@register.inclusion_tag("ratings/team_ratings.html")
def team_ratings(
    team_a: Sequence[AbstractBaseUser], team_b: Sequence[AbstractBaseUser], game_kind: str
) -> dict:
    ratings = services.ratings_of([*team_a, *team_b], game_kind)
    chance = services.expected_score(team_a, team_b, game_kind)
    return {
        "teams": [
            {
                "players": [(player, ratings[player.pk]) for player in team],
                "rating": round(sum(ratings[p.pk].value for p in team) / len(team)),
                "chance": round(100 * team_chance),
            }
            for team, team_chance in ((team_a, chance), (team_b, 1 - chance))
        ],
        "provisional_games": conf.provisional_games(),
    }


@register.simple_tag
def rating_result(change: RatingChange) -> SafeString:
    direction = "up" if change.shown_change > 0 else "down" if change.shown_change < 0 else "even"
    return format_html(
        '<span class="rating-result rating-result--{}">{} → {}</span>',
        direction,
        f"{change.shown_change:+d}",
        change.shown_after,
    )


@register.inclusion_tag("ratings/profile_section.html")
def profile_ratings(player: AbstractBaseUser) -> dict:
    ratings = Rating.objects.filter(user=player, games__gt=0).order_by("game_kind")
    return {
        "player": player,
        "entries": [_profile_entry(rating) for rating in ratings],
        "provisional_games": conf.provisional_games(),
    }


def _profile_entry(rating: Rating) -> dict:
    latest = (
        RatingChange.objects.filter(user=rating.user_id, game_kind=rating.game_kind)
        .select_related("settlement")
        .order_by("-created_at", "-id")
    )
    history = list(reversed(latest[:CHART_GAMES]))
    chart = None
    if history:
        chart = rating_chart(
            [history[0].rating_before] + [change.rating_after for change in history],
            [gettext("Start")] + [_date(change) for change in history],
        )
    return {"rating": rating, "chart": chart, "recent": list(reversed(history[-RECENT_GAMES:]))}


def _date(change: RatingChange) -> str:
    return formats.date_format(timezone.localtime(change.created_at), "SHORT_DATE_FORMAT")


@register.inclusion_tag("ratings/profile_stats.html")
def profile_stats(player: AbstractBaseUser) -> dict:
    """Per game the player played: games played, their rank where the game has a ladder, and
    the game's statistics from their running sums (ratings.stats)."""
    rows = PlayerStats.objects.filter(user=player, games__gt=0).order_by("game_kind")
    held = {rank.game_kind: rank for rank in PlayerRank.objects.filter(user=player, games__gt=0)}
    return {"entries": [_stats_entry(row, held.get(row.game_kind)) for row in rows]}


def _stats_entry(row: PlayerStats, rank: PlayerRank | None) -> dict:
    ladder = ranks.ladder(row.game_kind)
    shown_rank = None
    if ladder is not None:
        level, points = (rank.level, rank.points) if rank else ladder.start()
        shown_rank = {"label": ladder.label(level), "points": points, "target": ladder.ranks[level].target}
    return {"game": row.get_game_kind_display(), "key": row.game_kind, "games": row.games, "rank": shown_rank,
            "lines": stats.lines(row)}


@register.filter
def game_label(game_kind: str) -> str:
    """A game's name from its registry key, in the reader's language."""
    return kinds.label(game_kind)
