"""Tichu bot strength: two bot strengths play duplicate hands against each other.

Each deal is played twice, once with strength A at North/South and once with A at
East/West, so that the cards cancel out; every hand is a fresh game (scores start at 0).
A hand is won by the team with the higher hand score (a tie counts half). Confidence
intervals are 95 % normal intervals over the deal pairs (the two hands of a pair are
correlated, the pairs are independent).

    .venv/bin/python bench/bot_strength.py expert normal --hands 1000 --budget 0.1 --seed 1
"""

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tichu.engine import shuffled_deal  # noqa: E402
from tichu.bots.arena import play_hand  # noqa: E402


def _mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _hand(deal, a, b, a_team, rng, budget, memory):
    seats = {"S": a, "N": a, "E": b, "W": b} if a_team == "NS" else {"S": b, "N": b, "E": a, "W": a}
    budgets = {s: budget for s in seats}
    result = play_hand(deal, seats, rng, budgets=budgets, memory=memory).results[-1]
    other = "EW" if a_team == "NS" else "NS"
    diff = result["score"][a_team] - result["score"][other]
    calls = [(seat, ok) for seat, ok in result["called_ok"].items() if (seat in a_team)]
    return diff, calls


def run(a, b, hands, budget, seed, progress, memory=True):
    rng = random.Random(seed)
    pair_wins, pair_diffs = [], []
    a_calls = [0, 0]
    started = time.time()
    for pair in range(hands // 2):
        deal = shuffled_deal(rng)
        wins = diffs = 0.0
        for a_team in ("NS", "EW"):
            diff, calls = _hand(deal, a, b, a_team, rng, budget, memory)
            wins += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
            diffs += diff
            for _, ok in calls:
                a_calls[0 if ok else 1] += 1
        pair_wins.append(wins / 2)
        pair_diffs.append(diffs / 2)
        if progress and (pair + 1) % 25 == 0:
            w = _mean_ci(pair_wins)
            d = _mean_ci(pair_diffs)
            print(f"{2 * (pair + 1)} hands, {time.time() - started:.0f} s: win {w[0]:.3f} "
                  f"[{w[1]:.3f}, {w[2]:.3f}], diff {d[0]:+.1f} [{d[1]:+.1f}, {d[2]:+.1f}]",
                  file=sys.stderr, flush=True)
    win, diff = _mean_ci(pair_wins), _mean_ci(pair_diffs)
    return {
        "a": a, "b": b, "hands": 2 * len(pair_wins), "budget": budget, "seed": seed, "memory": memory,
        "win_rate": round(win[0], 4), "win_rate_ci95": [round(win[1], 4), round(win[2], 4)],
        "point_diff": round(diff[0], 2), "point_diff_ci95": [round(diff[1], 2), round(diff[2], 2)],
        "a_calls_made_good_bad": a_calls, "seconds": round(time.time() - started, 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=None, help="expert search seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-memory", action="store_true",
                        help="bots keep no memory of collected tricks between calls")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    print(json.dumps(run(args.a, args.b, args.hands, args.budget, args.seed, not args.quiet,
                         memory=not args.no_memory), indent=2))


if __name__ == "__main__":
    main()
