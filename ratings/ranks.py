"""Players' ranks on the ladders games declare (games.ranks): settled with the rating, from the
same settlement, so a game moves a rank once; read for badges, the leaderboard and seat checks."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser

from games import registry
from games.outcome import Outcome
from games.ranks import MIN_RANK_OPTION, RankLadder
from ratings.errors import RankRefusal
from ratings.models import PlayerRank, RankChange, Settlement


def ladder(game_kind: str) -> RankLadder | None:
    game = registry.GAMES.get(game_kind)
    return game.rank_ladder if game else None


def settle(settlement: Settlement, outcome: Outcome, places: list[int], moved: list[int]) -> list[RankChange]:
    """Move the ranks of the players of the sides in `moved` by their places (as rated)."""
    steps = ladder(outcome.game)
    if steps is None:
        return []
    users = [user for a in moved for user in outcome.sides[a].players]
    ranks = _locked(outcome.game, users, steps)
    changes = []
    for a in moved:
        for user in outcome.sides[a].players:
            rank = ranks[user]
            change = steps.points(rank.level, places[a], outcome)
            level, points = steps.move(rank.level, rank.points, change)
            changes.append(RankChange(settlement=settlement, user_id=user, game_kind=outcome.game, place=places[a],
                                      change=change, level_before=rank.level, points_before=rank.points,
                                      level_after=level, points_after=points))
            rank.level, rank.points, rank.games = level, points, rank.games + 1
            rank.save(update_fields=["level", "points", "games", "updated_at"])
    return RankChange.objects.bulk_create(changes)


def ranks_of(players: Sequence[AbstractBaseUser | int], game_kind: str) -> dict[int, PlayerRank]:
    """Each player's rank by id; a player without one gets an unsaved newcomer's (the lowest)."""
    steps = ladder(game_kind)
    ids = [getattr(player, "pk", player) for player in players]
    known = {r.user_id: r for r in PlayerRank.objects.filter(game_kind=game_kind, user__in=ids)}
    return {pk: known.get(pk) or _newcomer(pk, game_kind, steps) for pk in ids}


def levels_for(game_kind: str, user_ids: list[int]) -> dict[int, int]:
    """A rank hook (games.hooks.rank_levels): each player's level, newcomers at the lowest."""
    if ladder(game_kind) is None:
        return {}
    return {pk: rank.level for pk, rank in ranks_of(user_ids, game_kind).items()}


def label(game_kind: str, level: int) -> str:
    return str(ladder(game_kind).label(level))


def ensure_rank_for_table(user, *, table) -> None:
    """A seat check (games.hooks.sit_checks): a table that asks for a minimum rank seats no one
    below it."""
    steps = ladder(table.game)
    needed = table.options.get(MIN_RANK_OPTION) or 0
    if steps is None or not needed:
        return
    level = ranks_of([user], table.game)[user.pk].level
    if level < needed:
        raise RankRefusal("rank_too_low", needed=str(steps.label(needed)), rank=str(steps.label(level)))


def rank_refusals(seats) -> dict[tuple[int, int], RankRefusal]:
    """`ensure_rank_for_table` for many (user, table) pairs at once (games.hooks.sit_checks_many):
    one query per game whose tables ask for a rank."""
    asked = [(user, table) for user, table in seats if ladder(table.game) is not None
             and table.options.get(MIN_RANK_OPTION)]
    levels = {game: {pk: rank.level for pk, rank in ranks_of([u for u, t in asked if t.game == game], game).items()}
              for game in {table.game for _, table in asked}}
    refused = {}
    for user, table in asked:
        steps, needed, level = ladder(table.game), table.options[MIN_RANK_OPTION], levels[table.game][user.pk]
        if level < needed:
            refused[(user.pk, table.pk)] = RankRefusal("rank_too_low", needed=str(steps.label(needed)),
                                                        rank=str(steps.label(level)))
    return refused


def _newcomer(user_id: int, game_kind: str, steps: RankLadder) -> PlayerRank:
    level, points = steps.start()
    return PlayerRank(user_id=user_id, game_kind=game_kind, level=level, points=points)


def _locked(game_kind: str, users: list[int], steps: RankLadder) -> dict[int, PlayerRank]:
    # As for ratings: create missing rows, then lock them all in one order.
    PlayerRank.objects.bulk_create([_newcomer(user, game_kind, steps) for user in users], ignore_conflicts=True)
    locked = PlayerRank.objects.select_for_update().filter(game_kind=game_kind, user__in=users).order_by("user_id")
    return {rank.user_id: rank for rank in locked}
