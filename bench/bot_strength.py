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
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tichu.bots.arena import play_hand  # noqa: E402
from tichu.engine.cards import SEATS  # noqa: E402

from duplicate_deals import DuplicateMatch, mean_ci  # noqa: E402


def run(a, b, hands, budget, seed, progress, memory=True):
    rng = random.Random(seed)
    match = DuplicateMatch()

    def play(deal, team_of):
        strengths = {seat: a if team_of[seat] == "A" else b for seat in SEATS}
        budgets = dict.fromkeys(SEATS, budget)
        return play_hand(deal, strengths, rng, budgets=budgets, memory=memory).results[-1]

    def report_progress():
        if progress and len(match.wins) % 25 == 0:
            print(match.progress(a, b), file=sys.stderr, flush=True)

    match.play(hands // 2, rng, play, report_progress)
    win, diff = mean_ci(match.wins), mean_ci(match.diffs)
    a_counts = match.counts["A"]
    a_made = a_counts["calls_made"] + a_counts["grand_made"]
    return {
        "a": a, "b": b, "hands": match.hands(), "budget": budget, "seed": seed, "memory": memory,
        "win_rate": round(win[0], 4), "win_rate_ci95": [round(win[1], 4), round(win[2], 4)],
        "point_diff": round(diff[0], 2), "point_diff_ci95": [round(diff[1], 2), round(diff[2], 2)],
        "a_calls_made_good_bad": [a_made, a_counts["calls"] + a_counts["grand"] - a_made],
        "seconds": match.seconds(),
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
