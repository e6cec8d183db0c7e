"""Riichi bot strength: average placement of one bot against three of another strength over
N hanchan (seats rotated), with a 95 % confidence interval, and the time per decision.

    python bench/riichi_bots.py [--games N] [--seed S] [--pairs expert:normal,normal:beginner]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from riichi import table_engine as engine  # noqa: E402
from riichi.bots import choose_action  # noqa: E402


def play(strengths, rng, timings):
    state = engine.new_game({}, engine.shuffled_deal(rng))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = engine.apply(state, {"type": "next"})
            continue
        if state.phase == "hand_over":
            state = engine.next_hand(state, engine.shuffled_deal(rng))
            continue
        for seat in engine.SEATS:
            view = engine.view(state, seat)
            started = time.process_time()
            action = choose_action(view, strengths[int(seat)], rng)
            timings.append(time.process_time() - started)
            if action is not None:
                state, _ = engine.apply(state, action | {"seat": seat})
                break
    return state.game.final["places"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default="expert:normal,normal:beginner")
    args = parser.parse_args()
    for pair in args.pairs.split(","):
        hero, field = pair.split(":")
        rng = random.Random(args.seed)
        places, timings = [], []
        started = time.time()
        for n in range(args.games):
            seat = n % 4
            strengths = [field] * 4
            strengths[seat] = hero
            places.append(play(strengths, rng, timings)[seat])
        mean = statistics.mean(places)
        half = 1.96 * statistics.stdev(places) / len(places) ** 0.5 if len(places) > 1 else float("nan")
        timings.sort()
        p95 = timings[int(0.95 * (len(timings) - 1))]
        print(f"{hero} vs 3 {field}: {len(places)} hanchan, average place {mean:.3f} ± {half:.3f} "
              f"(95 % CI; 2.5 is even), firsts {places.count(1)}, lasts {places.count(4)}; "
              f"decision p95 {p95 * 1000:.1f} ms, max {timings[-1] * 1000:.1f} ms; {time.time() - started:.0f} s",
              flush=True)


if __name__ == "__main__":
    main()
