"""The lobby's list of tables: public ones waiting or playing, waiting ones first, newest
first; each with its seats (who sits, with their rating and rank, and which seats are bots)."""

from collections import defaultdict

from django.db.models import Prefetch

from games import registry
from games.models import Seat, Table
from games.presence import spectator_counts
from games.ranks import MIN_RANK_OPTION
from ratings import ranks, services as ratings

LISTED = 100


def open_tables(game: str | None = None) -> list[dict]:
    tables = Table.objects.filter(status__in=[Table.Status.WAITING, Table.Status.PLAYING]).exclude(
        options__private=True)
    if game is not None:
        tables = tables.filter(game=game)
    tables = list(tables.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
                  .order_by("-status", "-created_at")[:LISTED])
    watchers = spectator_counts([t.pk for t in tables])
    shown = _ratings(tables)
    held = _ranks(tables)
    return [_row(t, watchers.get(t.pk, 0), shown, held) for t in tables]


def _ratings(tables: list[Table]) -> dict[tuple[str, int], object]:
    """Each seated player's rating in the game of their table, one query per game."""
    players = defaultdict(dict)
    for table in tables:
        if registry.get(table.game).rated:
            players[table.game].update({s.user.pk: s.user for s in table.seats.all() if s.user})
    return {(game, pk): rating for game, users in players.items()
            for pk, rating in ratings.ratings_of(list(users.values()), game).items()}


def _ranks(tables: list[Table]) -> dict[tuple[str, int], str]:
    """Each seated player's rank in the game of their table, for games with a rank ladder:
    one query per such game."""
    players = defaultdict(set)
    for table in tables:
        if registry.get(table.game).rank_ladder is not None:
            players[table.game].update(s.user_id for s in table.seats.all() if s.user_id)
    return {(game, pk): ranks.label(game, rank.level) for game, users in players.items()
            for pk, rank in ranks.ranks_of(list(users), game).items()}


def _row(table: Table, watching: int, shown: dict, held: dict) -> dict:
    game = registry.get(table.game)
    order = game.seats_for(table.options)  # the game's own order (S, E, N, W), not the alphabet's
    seats = [{"position": s.position, "user": s.user, "bot": s.bot, "rating": shown.get((table.game, s.user_id)),
              "rank": held.get((table.game, s.user_id))}
             for s in sorted(table.seats.all(), key=lambda s: order.index(s.position))]
    return {"table": table, "game": game, "format": game.format_line(table.options), "seats": seats,
            "min_rank": _min_rank(table, game),
            "taken": sum(1 for s in seats if s["user"] or s["bot"]), "watching": watching}


def _min_rank(table: Table, game) -> str | None:
    needed = table.options.get(MIN_RANK_OPTION)
    return str(game.rank_ladder.label(needed)) if needed and game.rank_ladder is not None else None
