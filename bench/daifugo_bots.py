"""Daifugo bot strength: whole games between bot strengths, seats rotated over the same deals.

A lineup (one strength per seat, e.g. expert, normal, beginner, normal) plays one game of
``--hands-per-game`` hands once per rotation of the lineup around the table, every rotation
with the same deals; so each strength holds every seat's cards equally often. The unit of
the confidence intervals is one such set of rotated games (its games share deals and are
correlated; different sets are independent): for each set, every strength's average points
per hand, and the margin of the lineup's first strength over its second. Intervals are 95 %
normal intervals over the sets.

    nice -n 19 .venv/bin/python bench/daifugo_bots.py --lineup expert,normal,beginner,normal \\
        --hands 1008 --budget 0.05 --seed 1
"""

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from daifugo.engine import shuffled_deal  # noqa: E402
from daifugo.bots.arena import play_game  # noqa: E402


def mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return round(mean, 3), round(mean - half, 3), round(mean + half, 3)


def play_set(lineup, options, deals, rng, budget):
    """Every rotation of the lineup on the same deals: per strength, points and hands."""
    players = len(lineup)
    seats = [str(i + 1) for i in range(players)]
    points = {s: 0 for s in lineup}
    hands = {s: 0 for s in lineup}
    for shift in range(players):
        strengths = {seats[(i + shift) % players]: lineup[i] for i in range(players)}
        state = play_game(options, strengths, rng, budgets={s: budget for s in seats}, deals=deals)
        for result in state.results:
            for seat, strength in strengths.items():
                points[strength] += result["points"][seat]
                hands[strength] += 1
    return {s: points[s] / hands[s] for s in points}, len(state.results) * players


def run(lineup, hands_wanted, hands_per_game, revolution, budget, seed, progress):
    rng = random.Random(seed)
    players = len(lineup)
    options = {"players": players, "hands": hands_per_game, "revolution": revolution}
    per_set = []
    hands = 0
    started = time.time()
    while hands < hands_wanted:
        deals = [shuffled_deal(rng, players) for _ in range(hands_per_game)]
        averages, played = play_set(lineup, options, deals, rng, budget)
        per_set.append(averages)
        hands += played
        if progress:
            print(f"{hands} hands, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
    strengths = list(dict.fromkeys(lineup))
    first, second = strengths[:2]
    margins = [a[first] - a[second] for a in per_set]
    return {
        "lineup": lineup,
        "players": players,
        "revolution": revolution,
        "budget": budget,
        "seed": seed,
        "hands": hands,
        "sets": len(per_set),
        "points_per_hand": {s: mean_ci([a[s] for a in per_set]) for s in strengths},
        f"{first}_minus_{second}": mean_ci(margins),
        "seconds": round(time.time() - started),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lineup", default="expert,normal,beginner,normal",
                        help="one strength per seat, comma-separated (4 or 5)")
    parser.add_argument("--hands", type=int, default=1008, help="play at least this many hands (whole sets)")
    parser.add_argument("--hands-per-game", type=int, default=4, choices=(4, 8))
    parser.add_argument("--revolution", action="store_true")
    parser.add_argument("--budget", type=float, default=0.2, help="expert seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args()
    lineup = args.lineup.split(",")
    print(json.dumps(run(lineup, args.hands, args.hands_per_game, args.revolution, args.budget,
                         args.seed, args.progress)))


if __name__ == "__main__":
    main()
