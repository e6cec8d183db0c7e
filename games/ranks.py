"""Rank ladders: the steps a player climbs by placing well, declared by the game
(`games.registry.Game.rank_ladder`) and kept per player by ratings, which names no game.

A player climbs by rank points the game awards for each place. Reaching a rank's target
promotes them, and they start the next rank at its base points; falling below zero at a rank
that can be lost demotes them, and they start the rank below at its base points. Ratings settle
a ladder on the same finished games and by the same rules as the rating (rated, no bots, not
voided; an early abandonment moves the leaver only).

A game with a ladder may offer the table option `min_rank` (a level, 0 the lowest): ratings
then refuse a seat to a player below it."""

from __future__ import annotations

import abc
from dataclasses import dataclass

from games.outcome import Outcome

MIN_RANK_OPTION = "min_rank"


@dataclass(frozen=True)
class Rank:
    label: str              # shown to players, marked for translation
    base: int               # the points a player starts this rank with
    target: int | None      # the points that promote to the next rank; None at the top
    can_fall: bool          # whether points below zero demote from this rank


class RankLadder(abc.ABC):
    """The steps of a game's ladder, lowest first, and the points a place is worth."""

    ranks: tuple[Rank, ...]

    @abc.abstractmethod
    def points(self, level: int, place: int, outcome: Outcome) -> int:
        """The rank points a player at `level` gains (or loses, negative) for `place` (1 =
        first) in this finished game."""

    def label(self, level: int) -> str:
        return self.ranks[level].label

    def start(self) -> tuple[int, int]:
        """A newcomer's (level, points)."""
        return 0, self.ranks[0].base

    def move(self, level: int, points: int, change: int) -> tuple[int, int]:
        """(level, points) after `change` rank points: at most one step up or down a game."""
        rank, points = self.ranks[level], points + change
        if rank.target is not None and points >= rank.target and level + 1 < len(self.ranks):
            return level + 1, self.ranks[level + 1].base
        if points < 0:
            if rank.can_fall and level > 0:
                return level - 1, self.ranks[level - 1].base
            return level, 0
        return level, points
