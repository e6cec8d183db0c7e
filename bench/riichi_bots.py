"""Riichi bot strength: average placement of one bot against three of another strength over
N hanchan (seats rotated), with a 95 % confidence interval, and the CPU time per decision of
that one bot.

    python bench/riichi_bots.py [--games N] [--seed S] [--pairs expert:normal,normal:beginner] [--every N]
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


def play(strengths, rng, timings, timed):
    """One hanchan; the CPU time of each decision seat ``timed`` had to make goes into ``timings``."""
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
            if int(seat) == timed and view.get("legal_actions"):
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
    parser.add_argument("--every", type=int, default=0, help="print the figures so far every N hanchan")
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
            places.append(play(strengths, rng, timings, seat)[seat])
            if args.every and (n + 1) % args.every == 0 and n + 1 < args.games:
                report(hero, field, places, timings, started, partial=True)
        report(hero, field, places, timings, started)


def report(hero, field, places, timings, started, partial=False):
    """A run cut short on a shared machine still says what it measured (``partial``)."""
    mean = statistics.mean(places)
    half = 1.96 * statistics.stdev(places) / len(places) ** 0.5 if len(places) > 1 else float("nan")
    timings = sorted(timings)
    p50, p95 = (timings[int(q * (len(timings) - 1))] for q in (0.5, 0.95))
    print(f"{'(so far) ' if partial else ''}{hero} vs 3 {field}: {len(places)} hanchan, average place "
          f"{mean:.3f} ± {half:.3f} (95 % CI; 2.5 is even), firsts {places.count(1)}, lasts {places.count(4)}; "
          f"{hero}'s decisions p50 {p50 * 1000:.2f} ms, p95 {p95 * 1000:.1f} ms, max {timings[-1] * 1000:.1f} ms; "
          f"{time.time() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
