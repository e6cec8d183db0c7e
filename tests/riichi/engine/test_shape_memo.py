"""The hand shapes memoised during play, some derived from the hand before the draw rather
than counted afresh, equal the shapes of the same hands computed from nothing."""

import random
import sys
from pathlib import Path

from gamekit import memos
from riichi.engine.shapes import SHAPE_CACHE, hand_shape

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from riichi_throughput import play_match  # noqa: E402


def test_every_memoised_shape_equals_a_fresh_one():
    SHAPE_CACHE.clear()
    rng = random.Random(39)
    for game in range(6):
        play_match(rng, {"length": "east", "red_fives": game % 2 == 0})
    memoised = dict(SHAPE_CACHE.hands)
    assert len(memoised) > 1000
    for hand, shape in memoised.items():
        SHAPE_CACHE.clear()
        assert hand_shape(list(hand)) == shape, hand


def test_the_engine_memoises_through_the_kit():
    """Shapes and scores are gamekit memos: a census sees them filled by play, bounded, and
    `clear_all` empties them as it does every engine's."""
    play_match(random.Random(40), {"length": "east", "red_fives": True})
    ours = {name: made for name, made in memos.MEMOS.items() if name.startswith("riichi.")}
    assert {"riichi.shapes.hands", "riichi.shapes.groups", "riichi.scores"} <= set(ours)
    assert all(made.limit > 0 for made in ours.values())
    assert memos.sizes()["riichi.shapes.hands"] > 0 and memos.sizes()["riichi.scores"] > 0
    memos.clear_all()
    assert not any(memos.sizes()[name] for name in ours)
