"""Our shanten and waits (kept over the pinned `mahjong` package's because they are faster:
bench/riichi_shapes.py, BENCHMARKS.md) agree with the package's on the same hands, drawn
from shuffled walls and from hands played down towards tenpai."""

import importlib

from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from riichi.engine import shapes

ours = importlib.import_module("riichi.bots.shanten")
WALL = [k for k in range(34) for _ in range(4)]


def _counts(tiles) -> list:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def _regular_waits(counts) -> tuple:
    found = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if Agari().is_agari(counts):
                found.append(k)
            counts[k] -= 1
    return tuple(found)


@settings(max_examples=400, deadline=None)
@given(st.permutations(WALL), st.sampled_from([13, 14]))
def test_shanten_equals_the_packages(wall, size):
    counts = _counts(wall[:size])
    assert ours.shanten(counts) == Shanten().calculate_shanten(counts)


@settings(max_examples=300, deadline=None)
@given(st.permutations(WALL), st.integers(min_value=0, max_value=14))
def test_waits_equal_the_packages_beside_seven_pairs_and_thirteen_orphans(wall, draws):
    hand, rest = list(wall[:13]), wall[13:]
    for draw in rest[:draws]:  # play down towards tenpai, so that waits are common
        hand.append(draw)
        counts = _counts(hand)

        def after(t, counts=counts):
            counts[t] -= 1
            value = ours.shanten(counts)
            counts[t] += 1
            return value, t
        hand.remove(min(set(hand), key=after))
    counts = _counts(hand)
    package = _regular_waits(list(counts))
    mine = shapes.waits(counts)
    assert tuple(k for k in mine if k in package) == package
    for extra in set(mine) - set(package):  # only a seven-pairs or thirteen-orphans finish
        counts[extra] += 1
        assert ours.seven_pairs(counts) == -1 or ours.thirteen_orphans(counts) == -1
        counts[extra] -= 1
