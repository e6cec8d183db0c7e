"""What a finished game does to ratings. The games app calls `settle_game` inside the
transaction that ends the game; the table page calls `expected_score`."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from ratings import conf, glicko
from ratings.models import GameKind, Outcome, Rating, RatingChange, Settlement

Team = Sequence[AbstractBaseUser]


def settle_game(
    *,
    game_kind: str,
    game_id: int,
    teams: tuple[Team, Team],
    outcome: str,
    winner: int | None,
    leaver_team: int | None,
    target: int,
    team_points: tuple[int, int],
    active_seconds: float,
    rated: bool,
    has_bots: bool,
) -> list[RatingChange]:
    """Apply a two-team game's result to its players' ratings, exactly once per
    (game_kind, game_id): a second call changes nothing and returns the first call's changes.

    `winner` is the index of the winning team for a "normal" or "reserve_out" outcome;
    `leaver_team` the index of the team that left for an "abandonment". A bot's seat may be
    None. The result lists the players whose rating moved, team 0 first."""
    _check(game_kind, teams, outcome, winner, leaver_team, has_bots)
    weight = conf.game_weight(target)
    with transaction.atomic():
        settlement, created = Settlement.objects.select_for_update().get_or_create(
            game_kind=game_kind,
            game_id=game_id,
            defaults={
                "outcome": outcome,
                "rated": rated,
                "has_bots": has_bots,
                "weight": weight,
                "sides": [[player and player.pk for player in team] for team in teams],
            },
        )
        if not created:
            return list(settlement.changes.select_related("user").order_by("id"))
        if not rated or has_bots or outcome == Outcome.VOID:
            return []
        if outcome == Outcome.ABANDONMENT:
            places = [2 if side == leaver_team else 1 for side in (0, 1)]
            # Before the game had progressed, only the leaver's team is rated (with a loss).
            moved = [0, 1] if _progressed(target, team_points, active_seconds) else [leaver_team]
        else:
            places = [1 if side == winner else 2 for side in (0, 1)]
            moved = [0, 1]
        settlement.places = places
        settlement.save(update_fields=["places"])
        return _apply(settlement, [list(team) for team in teams], places, moved, weight)


def expected_score(team_a: Team, team_b: Team, game_kind: str = GameKind.TICHU) -> float:
    """The chance that `team_a` beats `team_b` with their current ratings."""
    ratings = ratings_of([*team_a, *team_b], game_kind)
    return glicko.expected_score([_estimate(ratings[p.pk]) for p in team_a], [_estimate(ratings[p.pk]) for p in team_b])


def ratings_of(players: Sequence[AbstractBaseUser], game_kind: str) -> dict[int, Rating]:
    """Each player's rating by player id; a player without one gets an unsaved newcomer's."""
    known = {r.user_id: r for r in Rating.objects.filter(game_kind=game_kind, user__in=players)}
    return {player.pk: known.get(player.pk) or _newcomer(player, game_kind) for player in players}


def _check(
    game_kind: str, teams: tuple[Team, Team], outcome: str, winner: int | None, leaver_team: int | None, has_bots: bool
) -> None:
    if game_kind not in GameKind.values:
        raise ValueError(f"unknown game kind {game_kind!r}")
    if outcome not in Outcome.values:
        raise ValueError(f"unknown outcome {outcome!r}")
    if len(teams) != 2 or not all(teams):
        raise ValueError("a team game has two teams with players")
    players = [player.pk for team in teams for player in team if player is not None]
    if len(set(players)) != len(players):
        raise ValueError("a player cannot sit in a game twice")
    if not has_bots and len(players) != sum(len(team) for team in teams):
        raise ValueError("only a game with bots has seats without a player")
    if outcome in (Outcome.NORMAL, Outcome.RESERVE_OUT) and winner not in (0, 1):
        raise ValueError(f"a {outcome} result needs the winning team, 0 or 1")
    if outcome == Outcome.ABANDONMENT and leaver_team not in (0, 1):
        raise ValueError("an abandonment needs the leaver's team, 0 or 1")


def _progressed(target: int, team_points: tuple[int, int], active_seconds: float) -> bool:
    """Whether an abandoned game had run long enough to count as a win for those who stayed."""
    points, seconds = conf.abandonment_progress(target)
    return max(team_points) > points or active_seconds > seconds


def _newcomer(player: AbstractBaseUser, game_kind: str) -> Rating:
    start = conf.parameters().newcomer()
    return Rating(user=player, game_kind=game_kind, value=start.rating, deviation=start.deviation)


def _estimate(rating: Rating) -> glicko.Estimate:
    return glicko.Estimate(rating.value, rating.deviation)


def _locked_ratings(game_kind: str, players: list[AbstractBaseUser]) -> dict[int, Rating]:
    # Create missing rows first, then lock all of them in one order (by player id), so two
    # games ending at once for the same newcomer neither collide nor deadlock.
    Rating.objects.bulk_create([_newcomer(player, game_kind) for player in players], ignore_conflicts=True)
    locked = Rating.objects.select_for_update().filter(game_kind=game_kind, user__in=players).order_by("user_id")
    return {rating.user_id: rating for rating in locked}


def _apply(
    settlement: Settlement,
    sides: list[list[AbstractBaseUser]],
    places: list[int],
    moved: list[int],
    weight: float,
) -> list[RatingChange]:
    ratings = _locked_ratings(settlement.game_kind, [player for side in sides for player in side])
    before = [[_estimate(ratings[p.pk]) for p in side] for side in sides]
    after = glicko.rate(before, places, parameters=conf.parameters(), weight=weight)
    changes = []
    for a in sorted(moved):
        others = [side for b, side in enumerate(before) if b != a]
        opponent_rating = sum(glicko.strength(side) for side in others) / len(others)
        score = sum(glicko.pair_score(places[a], places[b]) for b in range(len(sides)) if b != a) / len(others)
        expected = sum(glicko.expected_score(before[a], side) for side in others) / len(others)
        for player, old, new in zip(sides[a], before[a], after[a], strict=True):
            rating = ratings[player.pk]
            rating.value, rating.deviation, rating.games = new.rating, new.deviation, rating.games + 1
            rating.save(update_fields=["value", "deviation", "games", "updated_at"])
            changes.append(
                RatingChange(
                    settlement=settlement,
                    user=player,
                    game_kind=settlement.game_kind,
                    rating_before=old.rating,
                    rating_after=new.rating,
                    deviation_before=old.deviation,
                    deviation_after=new.deviation,
                    score=score,
                    expected=expected,
                    team_rating=glicko.strength(before[a]),
                    opponent_rating=opponent_rating,
                )
            )
    return RatingChange.objects.bulk_create(changes)
