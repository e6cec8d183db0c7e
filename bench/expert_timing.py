"""Tichu expert bot: wall-clock time per decision at its default budget.

Expert bots sit at North/South against normal bots; every decision the game waited for
from an expert (Grand Tichu, exchange, each turn of play, the Dragon gift) is timed, on
one core. Searches run in the play, on the Grand Tichu call near its threshold and in the
exchange (whole hands played out for each of a few gives).

    .venv/bin/python bench/expert_timing.py --hands 30 --seed 1
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tichu.engine import shuffled_deal  # noqa: E402
from tichu.bots.actions import must_decide  # noqa: E402
from tichu.bots.arena import play_hand  # noqa: E402


def _quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(hands, seed, budget):
    rng = random.Random(seed)
    all_times, play_times = [], []

    def observe(seat, view, action, seconds):
        if seat in "NS" and must_decide(view):
            all_times.append(seconds)
            if view["phase"] == "play" and view["turn"] == seat:
                play_times.append(seconds)

    strengths = {"S": "expert", "N": "expert", "E": "normal", "W": "normal"}
    started = time.time()
    for _ in range(hands):
        play_hand(shuffled_deal(rng), strengths, rng, budgets={"S": budget, "N": budget}, observe=observe)
    return {
        "hands": hands, "seed": seed, "budget": budget or "default",
        "decisions": len(all_times),
        "median_s": round(_quantile(all_times, 0.5), 3), "p95_s": round(_quantile(all_times, 0.95), 3),
        "max_s": round(max(all_times), 3),
        "turns_of_play": len(play_times),
        "turn_median_s": round(_quantile(play_times, 0.5), 3),
        "turn_p95_s": round(_quantile(play_times, 0.95), 3),
        "seconds": round(time.time() - started, 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None)
    args = parser.parse_args()
    print(json.dumps(run(args.hands, args.seed, args.budget), indent=2))


if __name__ == "__main__":
    main()
