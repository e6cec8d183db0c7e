"""Glicko-1 ratings for games between sides: two teams of two, or single players ranked by
their places. Pure Python, no Django, so the maths is tested and tuned on its own.

Sources:
  [G95] Mark E. Glickman, "The Glicko system" (1995), glicko.net/glicko/glicko.pdf.
  [G99] Mark E. Glickman, "Parameter estimation in large dynamic paired comparison
        experiments", Applied Statistics 48 (1999) 377-394.

Glicko's step 1 (the deviation growing with time between rating periods, [G95]) is left
out on purpose: the rules say a rating never changes with inactivity, so there is no decay
constant. Instead every deviation has a floor, which keeps an experienced player's rating
movable.

One knob is ours: `information_scale` multiplies the information a game adds (Glicko's
d⁻²). Plain Glicko with these teams and an initial deviation of 500 moves a player by 74,
33 and 7.7 points after 10, 25 and 100 even games; the site's calibration asks for about
60, 25 and 6, i.e. a rated game narrows the deviation about 1.3 times as much as one Glicko
game would. A 1000-point game is many hands long, so it does say more than a single
coin-flip result.

Teams. A side's strength is the mean of its players' ratings, and the game is a comparison
of two side strengths. In that difference player i enters with the weight w = 1 / len(side),
and everyone else at the table is, from i's point of view, the "opponent" whose uncertainty
is the variance of the rest of the difference. Glicko's update is a one-step approximation
of the posterior around the current rating ([G99]); by the chain rule the gradient picks up
w and the information w², which is all that changes from the one-on-one formulas. Team mates
therefore move in the same direction, each by an amount set by their own deviation.

Placements. More than two sides (four players ranked 1–4, say) are scored as every pair of
sides playing one game, the way [G95] step 2 sums the games of a rating period: against each
other side a side scores 1 if it placed better, ½ if it placed the same (a tie), 0 if worse
(`pair_score`). So between equals 1st gains what 4th loses, 2nd what 3rd loses, and 1st
three times as much as 2nd; sides that tie move alike. The uncertainty model is the same as
for teams (one information scale, one floor), but a player alone at a four-player table
takes part in three comparisons, each about them alone, where a team player has one shared
with a team mate: a placement game narrows a deviation much faster. With the defaults a
newcomer's first game moves 1st by +349, 2nd +116, 3rd −116, 4th −349, and the deviation
reaches its floor after 18 games (two teams: 196), where a game moves 1st by ±16 and 2nd by
±5 (`manage.py rating_calibration` prints both formats). The pairs of one game are not
independent games (a ranking of four carries log2 24 ≈ 4.6 bits, six pair results six), so
the count is somewhat generous; a game that finds its format too lucky passes a smaller
outcome weight.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# [G95] step 2: q = ln(10) / 400, the logistic scale in rating points.
Q = math.log(10) / 400


@dataclass(frozen=True)
class Estimate:
    """A player's rating and its deviation (Glicko's r and RD)."""

    rating: float
    deviation: float


@dataclass(frozen=True)
class Parameters:
    initial_rating: float = 1500.0
    initial_deviation: float = 500.0
    min_deviation: float = 45.0
    information_scale: float = 1.3

    def newcomer(self) -> Estimate:
        return Estimate(self.initial_rating, self.initial_deviation)


def g(deviation: float) -> float:
    """[G95] step 2: g(RD) = 1 / sqrt(1 + 3 q² RD² / π²), how much an uncertain opponent's
    rating difference is discounted."""
    return 1 / math.sqrt(1 + 3 * Q**2 * deviation**2 / math.pi**2)


def _win_chance(difference: float, deviation: float) -> float:
    """[G95] step 2: E = 1 / (1 + 10^(-g(RD) (r - r_j) / 400))."""
    return 1 / (1 + 10 ** (-g(deviation) * difference / 400))


def strength(side: Sequence[Estimate]) -> float:
    """A side's rating: the mean of its players' ratings."""
    return sum(player.rating for player in side) / len(side)


def _variance(side: Sequence[Estimate]) -> float:
    """The variance of a side's strength: the mean of n independent ratings has Σ RD² / n²."""
    return sum(player.deviation**2 for player in side) / len(side) ** 2


def expected_score(side: Sequence[Estimate], other: Sequence[Estimate]) -> float:
    """The chance that `side` beats `other`. [G99] predicts a game between two rated players
    with g(sqrt(RD_i² + RD_j²)); here both deviations are those of the side strengths."""
    return _win_chance(strength(side) - strength(other), math.sqrt(_variance(side) + _variance(other)))


def expected_places(sides: Sequence[Sequence[Estimate]]) -> list[float]:
    """Each side's expected place: 1 plus its expected losses to every other side, so a sure
    winner expects 1, a sure last len(sides), and equals (1 + len(sides)) / 2."""
    return [
        1 + sum(1 - expected_score(side, other) for b, other in enumerate(sides) if b != a)
        for a, side in enumerate(sides)
    ]


def pair_score(place: int, other_place: int) -> float:
    """The score of a side that finished in `place` against one in `other_place`."""
    if place < other_place:
        return 1.0
    return 0.5 if place == other_place else 0.0


def rate(
    sides: Sequence[Sequence[Estimate]],
    places: Sequence[int],
    *,
    parameters: Parameters,
    weight: float = 1.0,
) -> list[list[Estimate]]:
    """Every player's estimate after one game. `places[k]` is side k's finishing place, lower
    is better, equal is a draw. `weight` scales the game: the rating change is exactly
    `weight` times that of a full game, and the game adds `weight` times its information."""
    if len(sides) != len(places) or len(sides) < 2:
        raise ValueError("a game needs at least two sides, each with a place")
    updated = []
    for a, side in enumerate(sides):
        share = 1 / len(side)
        new_side = []
        for i, player in enumerate(side):
            teammates = [p for k, p in enumerate(side) if k != i]
            teammates_variance = sum(p.deviation**2 for p in teammates) * share**2
            gradient = 0.0
            information = 0.0
            for b, other in enumerate(sides):
                if b == a:
                    continue
                rest = math.sqrt(teammates_variance + _variance(other))
                chance = _win_chance(strength(side) - strength(other), rest)
                slope = share * g(rest)
                # [G95] step 2: the sum of g(RD_j) (s_j - E) and d⁻² = q² Σ g(RD_j)² E (1 - E).
                gradient += slope * (pair_score(places[a], places[b]) - chance)
                information += slope**2 * chance * (1 - chance)
            # [G95] step 2: r' = r + q / (1/RD² + 1/d²) · gradient, RD' = (1/RD² + 1/d²)^-1/2.
            inverse_d2 = Q**2 * parameters.information_scale * information
            rating = player.rating + weight * Q * gradient / (1 / player.deviation**2 + inverse_d2)
            deviation = 1 / math.sqrt(1 / player.deviation**2 + weight * inverse_d2)
            new_side.append(Estimate(rating, max(deviation, parameters.min_deviation)))
        updated.append(new_side)
    return updated


# Table formats for the calibration: the sizes of the sides.
TWO_TEAMS = (2, 2)
FOUR_PLAYERS = (1, 1, 1, 1)


def _even_table(player: Estimate, table_format: Sequence[int]) -> tuple[list[list[Estimate]], list[int]]:
    """Everyone at the table is `player`; the sides finish in order, 1st to last."""
    return [[player] * size for size in table_format], list(range(1, len(table_format) + 1))


def deviations_after_even_games(
    parameters: Parameters, games: int, table_format: Sequence[int] = TWO_TEAMS
) -> list[float]:
    """The deviation of a player after 0, 1, …, `games` even games at a table where everyone
    has played as many: the outcome of an even game does not move a deviation, so this is
    what the model gives a player of that experience."""
    player = parameters.newcomer()
    deviations = [player.deviation]
    for _ in range(games):
        after = rate(*_even_table(player, table_format), parameters=parameters)[0][0]
        player = Estimate(parameters.initial_rating, after.deviation)
        deviations.append(player.deviation)
    return deviations


def changes_by_place(
    parameters: Parameters, games: Sequence[int] = (0, 10, 25, 100, 500), table_format: Sequence[int] = TWO_TEAMS
) -> dict[int, list[float]]:
    """The rating change of each place, 1st first, in one even game: everyone at the
    initial rating with `n` past games, for every n in `games`."""
    deviations = deviations_after_even_games(parameters, max(games), table_format)
    changes = {}
    for n in games:
        player = Estimate(parameters.initial_rating, deviations[n])
        after = rate(*_even_table(player, table_format), parameters=parameters)
        changes[n] = [side[0].rating - parameters.initial_rating for side in after]
    return changes


def calibration(parameters: Parameters, games: Sequence[int] = (0, 10, 25, 100, 500)) -> dict[int, float]:
    """The winners' rating change in one even game of two teams of two, all four players at
    the initial rating with `n` past games each, for every n in `games`."""
    return {n: changes[0] for n, changes in changes_by_place(parameters, games).items()}
