"""Shanten and waits: ours (riichi/bots/shanten.py, riichi/engine/shapes.py) beside the pinned
`mahjong` package's on the same hands in one run, each checked against the other.

    python bench/riichi_shapes.py [--hands 20000] [--seed 1]

Hands are drawn from shuffled walls: 14 tiles for shanten (as after a draw), 13 for waits (as
after a discard), and as many again taken from real play's shapes (a concealed hand built by
discarding to lower shanten, so that tenpai hands with waits are common). Each side is timed
twice: cold (its memo emptied) and warm (the same hands again, as a bot's search asks them)."""

import argparse
import importlib
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.agari import Agari  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from riichi.engine import shapes  # noqa: E402

ours_shanten = importlib.import_module("riichi.bots.shanten")  # the package exports the function by that name


def _counts(tiles) -> list:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def _wall(rng) -> list:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    return wall


def _near_tenpai(rng) -> list:
    """13 tiles after discarding greedily from a random start: shapes a table sees late."""
    wall = _wall(rng)
    hand, rest = wall[:13], wall[13:]
    for draw in rest[:rng.randrange(6, 18)]:
        hand.append(draw)
        counts = _counts(hand)

        def after(t):
            counts[t] -= 1
            value = ours_shanten.shanten(counts)
            counts[t] += 1
            return value, rng.random()
        hand.remove(min(set(hand), key=after))
    return hand


def hands(n: int, seed: int) -> tuple[list, list]:
    rng = random.Random(seed)
    fourteen = [_counts(_wall(rng)[:14]) for _ in range(n)]
    thirteen = [_counts(_wall(rng)[:13]) for _ in range(n // 2)]
    thirteen += [_counts(_near_tenpai(rng)) for _ in range(n - n // 2)]
    return fourteen, thirteen


def package_waits(counts: list, agari=Agari()) -> tuple:
    found = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if agari.is_agari(counts):
                found.append(k)
            counts[k] -= 1
    return tuple(found)


def timed(work, items) -> tuple[float, list]:
    started = time.perf_counter()
    results = [work(item) for item in items]
    return time.perf_counter() - started, results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    fourteen, thirteen = hands(args.hands, args.seed)
    calculator = Shanten()

    ours_shanten._shanten.cache_clear()
    ours_shanten._suit_blocks.cache_clear()
    ours_shanten._splits.cache_clear()
    shapes.SHAPE_CACHE.clear()
    rows = []
    for name, work, items in (
        ("shanten, ours", lambda c: ours_shanten.shanten(c), fourteen),
        ("shanten, mahjong 2.1.0", lambda c: calculator.calculate_shanten(c), fourteen),
        ("waits, ours", lambda c: shapes.waits(c), thirteen),
        ("waits, mahjong 2.1.0 (is_agari per kind)", package_waits, thirteen),
    ):
        cold, first = timed(work, items)
        warm, second = timed(work, items)
        assert first == second
        rows.append((name, cold, warm, first))

    shanten_same = sum(a == b for a, b in zip(rows[0][3], rows[1][3]))
    # The package's is_agari knows no seven pairs or thirteen orphans; ours lists them as waits.
    regular_waits = [tuple(k for k in w if k in package) for w, package in zip(rows[2][3], rows[3][3])]
    waits_same = sum(a == b for a, b in zip(regular_waits, rows[3][3]))
    tenpai = sum(1 for w in rows[3][3] if w)
    print(f"{len(fourteen)} hands of 14 for shanten, {len(thirteen)} of 13 for waits ({tenpai} tenpai), seed {args.seed}")
    for name, cold, warm, _ in rows:
        n = len(fourteen) if name.startswith("shanten") else len(thirteen)
        print(f"{name:45s} cold {1e6 * cold / n:8.1f} us/hand   warm {1e6 * warm / n:8.1f} us/hand")
    print(f"shanten equal on {shanten_same}/{len(fourteen)}; waits equal on {waits_same}/{len(thirteen)}")


if __name__ == "__main__":
    main()
