"""Riichi's rank ladder, from 10 kyu to 10 dan, as Tenhou keeps its kyu and dan ranks
(https://riichi.wiki/Tenhou.net_ranking, its general room): first and second place gain rank
points, third none, fourth loses them, the more the higher the rank, and nothing below 1 dan.
A rank's target promotes; points below zero at a dan rank demote, to the base points of the
rank below. A hanchan is worth one and a half East-only matches, as on Tenhou. Tenhou's step
above 10 dan (Tenhou-i, at 4000 points) is not kept: 10 dan is the top.

The learn page (riichi:ranks) shows these tables."""

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games.models import Table
from games.outcome import Outcome
from games.ranks import Rank, RankLadder

# Per East-only match: the points for first, second and third place.
EAST_PLACE_POINTS = (20, 10, 0)
# A hanchan's points are the East-only ones times this.
HANCHAN_FACTOR = 1.5

# (name, base points, target points, East-only points lost for fourth), 10 kyu first.
LADDER = (
    *((format_lazy(_("{n} kyu"), n=n), 0, target, 0)
      for n, target in zip(range(10, 0, -1), (20, 20, 20, 20, 40, 60, 80, 100, 100, 100))),
    *((format_lazy(_("{n} dan"), n=n), 200 * n, 400 * n if n < 10 else None, -(20 + 10 * n))
      for n in range(1, 11)),
)
FIRST_DAN = 10


def place_points(level: int, place: int, length: str) -> int:
    """The rank points of `place` (1-4) at `level` (0 = 10 kyu) in a match of `length`."""
    east = EAST_PLACE_POINTS[place - 1] if place < 4 else LADDER[level][3]
    return round(east * (HANCHAN_FACTOR if length == "hanchan" else 1))


class RiichiLadder(RankLadder):
    ranks = tuple(Rank(label=name, base=base, target=target, can_fall=level >= FIRST_DAN)
                  for level, (name, base, target, _fourth) in enumerate(LADDER))

    def points(self, level: int, place: int, outcome: Outcome) -> int:
        length = Table.objects.values_list("options__length", flat=True).get(pk=outcome.game_id)
        return place_points(level, place, length)


def table_rows() -> list[dict]:
    """The learn page's table: each rank with its points, East-only and hanchan."""
    return [{"name": name, "base": base, "target": target,
             "fourth_east": place_points(level, 4, "east"), "fourth_hanchan": place_points(level, 4, "hanchan")}
            for level, (name, base, target, _fourth) in enumerate(LADDER)]


def place_rows() -> list[dict]:
    return [{"place": place, "east": place_points(0, place, "east"), "hanchan": place_points(0, place, "hanchan")}
            for place in (1, 2, 3)]
