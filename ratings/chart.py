"""The geometry of a rating history chart, drawn by the template as plain SVG: no script, no
inline style (the site's CSP forbids both), so the numbers are all a template needs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 480
HEIGHT = 180
# Room for the rating labels on the left and half a marker at the other edges.
LEFT = 46
PAD = 8
# Ratings that hardly moved still get a readable band instead of a flat line at the edge.
MIN_SPAN = 40


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    rating: int
    label: str


@dataclass(frozen=True)
class Tick:
    y: float
    rating: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    points: list[Point]
    ticks: list[Tick]

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def rating_chart(ratings: Sequence[float], labels: Sequence[str]) -> Chart:
    """A chart of `ratings` in order, the first being the rating before the first game shown;
    `labels` name each point (its date, say) for the tooltip."""
    if len(ratings) != len(labels) or not ratings:
        raise ValueError("a chart needs one label per rating and at least one rating")
    low, high = min(ratings), max(ratings)
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    low, high = math.floor(low / 10) * 10, math.ceil(high / 10) * 10
    step = (WIDTH - LEFT - PAD) / max(len(ratings) - 1, 1)

    def y(rating: float) -> float:
        return PAD + (high - rating) / (high - low) * (HEIGHT - 2 * PAD)

    points = [
        Point(LEFT + i * step, y(rating), round(rating), label)
        for i, (rating, label) in enumerate(zip(ratings, labels, strict=True))
    ]
    ticks = [Tick(y(value), value) for value in (high, round((high + low) / 2), low)]
    return Chart(WIDTH, HEIGHT, LEFT, points, ticks)
