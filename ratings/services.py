"""What a finished game does to ratings. Ratings listen to games.events.game_finished
(ratings.receivers) and settle the game's games.outcome.Outcome inside the transaction that
ends it; the table page calls `expected_score` or `expected_places`.

The rules, for any game: a table that was not rated, had bots or was voided leaves a
settlement and changes nothing. Otherwise the sides are rated on their places (Glicko over
every pair of sides, ratings.glicko), the outcome's weight scaling the game. An abandonment
puts the leaver's side last; unless the game had progressed far enough, only that side is
rated (with its loss) and the others keep their ratings and game counts. A game with a rank
ladder moves the same players' ranks by the same places (ratings.ranks)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from games import registry
from games.outcome import Outcome, competition_ranks
from ratings import conf, glicko, ranks
from ratings.models import Rating, RatingChange, Reason, Settlement

Team = Sequence[AbstractBaseUser]


def settle_outcome(outcome: Outcome) -> list[RatingChange]:
    """Apply a finished game to its players' ratings, exactly once per (game, game_id): a
    second call changes nothing and returns the first call's changes. The result lists the
    players whose rating moved, side by side in seat order."""
    if outcome.game not in registry.GAMES:
        raise ValueError(f"unknown game {outcome.game!r}")
    if outcome.rated and not registry.GAMES[outcome.game].rated:
        raise ValueError(f"{outcome.game} tables are never rated")
    places = _rated_places(outcome)
    with transaction.atomic():
        settlement, created = Settlement.objects.select_for_update().get_or_create(
            game_kind=outcome.game,
            game_id=outcome.game_id,
            defaults={
                "outcome": outcome.reason,
                "rated": outcome.rated,
                "has_bots": outcome.has_bots,
                "weight": outcome.weight,
                "sides": [list(side.players) for side in outcome.sides],
            },
        )
        if not created:
            return list(settlement.changes.select_related("user").order_by("id"))
        if not outcome.rated or outcome.has_bots or outcome.reason == Reason.VOID:
            return []
        settlement.places = places
        settlement.save(update_fields=["places"])
        moved = _moved(outcome)
        ranks.settle(settlement, outcome, places, moved)
        return _apply(settlement, [list(side.players) for side in outcome.sides], places, moved)


def expected_score(team_a: Team, team_b: Team, game_kind: str) -> float:
    """The chance that `team_a` beats `team_b` with their current ratings."""
    ratings = ratings_of([*team_a, *team_b], game_kind)
    return glicko.expected_score([_estimate(ratings[p.pk]) for p in team_a], [_estimate(ratings[p.pk]) for p in team_b])


def expected_places(sides: Sequence[Team], game_kind: str) -> list[float]:
    """Each side's expected place with the current ratings: 1 for a sure winner, len(sides)
    for a sure last, (1 + len(sides)) / 2 between equals."""
    ratings = ratings_of([player for side in sides for player in side], game_kind)
    return glicko.expected_places([[_estimate(ratings[p.pk]) for p in side] for side in sides])


def ratings_of(players: Sequence[AbstractBaseUser], game_kind: str) -> dict[int, Rating]:
    """Each player's rating by player id; a player without one gets an unsaved newcomer's."""
    known = {r.user_id: r for r in Rating.objects.filter(game_kind=game_kind, user__in=players)}
    return {player.pk: known.get(player.pk) or _newcomer(player.pk, game_kind) for player in players}


def _rated_places(outcome: Outcome) -> list[int]:
    """The places the game is rated on: its own, except that a side that abandoned it is
    last and the others keep their order among themselves."""
    places = [side.place for side in outcome.sides]
    if outcome.reason != Reason.ABANDONMENT:
        return places
    others = [place for k, place in enumerate(places) if k != outcome.leaver]
    reranked = iter(competition_ranks(others))
    return [len(places) if k == outcome.leaver else next(reranked) for k in range(len(places))]


def _moved(outcome: Outcome) -> list[int]:
    if outcome.reason == Reason.ABANDONMENT and not outcome.progressed:
        return [outcome.leaver]
    return list(range(len(outcome.sides)))


def _newcomer(user_id: int, game_kind: str) -> Rating:
    start = conf.parameters().newcomer()
    return Rating(user_id=user_id, game_kind=game_kind, value=start.rating, deviation=start.deviation)


def _estimate(rating: Rating) -> glicko.Estimate:
    return glicko.Estimate(rating.value, rating.deviation)


def _locked_ratings(game_kind: str, users: list[int]) -> dict[int, Rating]:
    # Create missing rows first, then lock all of them in one order (by player id), so two
    # games ending at once for the same newcomer neither collide nor deadlock.
    Rating.objects.bulk_create([_newcomer(user, game_kind) for user in users], ignore_conflicts=True)
    locked = Rating.objects.select_for_update().filter(game_kind=game_kind, user__in=users).order_by("user_id")
    return {rating.user_id: rating for rating in locked}


def _apply(settlement: Settlement, sides: list[list[int]], places: list[int], moved: list[int]) -> list[RatingChange]:
    ratings = _locked_ratings(settlement.game_kind, [user for side in sides for user in side])
    before = [[_estimate(ratings[user]) for user in side] for side in sides]
    after = glicko.rate(before, places, parameters=conf.parameters(), weight=settlement.weight)
    changes = []
    for a in sorted(moved):
        others = [side for b, side in enumerate(before) if b != a]
        opponent_rating = sum(glicko.strength(side) for side in others) / len(others)
        score = sum(glicko.pair_score(places[a], places[b]) for b in range(len(sides)) if b != a) / len(others)
        expected = sum(glicko.expected_score(before[a], side) for side in others) / len(others)
        for user, old, new in zip(sides[a], before[a], after[a], strict=True):
            rating = ratings[user]
            rating.value, rating.deviation, rating.games = new.rating, new.deviation, rating.games + 1
            rating.save(update_fields=["value", "deviation", "games", "updated_at"])
            changes.append(
                RatingChange(
                    settlement=settlement,
                    user_id=user,
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
