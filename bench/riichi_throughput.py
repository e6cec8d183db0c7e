"""Riichi engine throughput: random-bot hanchan per second, and scoring calls per second
through the mahjong package, in one process.

    python bench/riichi_throughput.py [--games N] [--repeat R] [--seed S]
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from riichi.engine import apply, legal_actions, new_game, next_hand, shuffled_deal  # noqa: E402
from riichi.engine.scoring import SCORE_CACHE, score_hand  # noqa: E402
from riichi.engine.options import DEFAULT_RULES  # noqa: E402
from riichi.engine.tiles import parse  # noqa: E402


def random_choice(rng, actions):
    """A random bot that still wins when it can and mostly declines calls, so hands last."""
    calls, riichi, plain, passing = [], [], [], None
    for action in actions:
        kind = action["type"]
        if kind == "tsumo" or kind == "ron":
            return action
        if kind == "pass":
            passing = action
        elif kind == "discard":
            (riichi if "riichi" in action else plain).append(action)
        elif kind != "nine_terminals":
            calls.append(action)
    if calls and rng.random() < 0.15:
        return rng.choice(calls)
    if passing is not None:
        return passing
    if riichi and rng.random() < 0.5:
        return rng.choice(riichi)
    return rng.choice(plain or actions)


def play_match(rng, options=None, on_state=None):
    """One random match to its end; returns the final state."""
    options = options or {}
    red = options.get("red_fives", True)
    state = new_game(options, shuffled_deal(rng, red))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state = next_hand(state, shuffled_deal(rng, red))
            continue
        if on_state:
            on_state(state)
        if state.step == "calls":
            seat = next(int(s) for s in state.window["options"] if s not in state.window["answers"])
        else:
            seat = state.turn
        state, _ = apply(state, random_choice(rng, legal_actions(state, seat)))
    return state


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    play_match(rng)  # a server process runs with warm shape caches
    best_wall = best_cpu = None
    for _ in range(args.repeat):
        start, cpu = time.perf_counter(), time.process_time()
        rounds = 0
        for _ in range(args.games):
            rounds += len(play_match(rng).results)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        best_wall = elapsed if best_wall is None else min(best_wall, elapsed)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    # CPU time too: on a shared machine the wall clock also counts other processes' turns
    print(f"random-bot hanchan (best of {args.repeat} x {args.games} games): "
          f"{args.games / best_wall:.1f}/s wall, {args.games / best_cpu:.1f}/s CPU "
          f"(~{rounds / best_cpu:.0f} hands per CPU second)")

    hand = [parse(t) for t in "2m 3m 4m 5p 6p 7p 3s 4s 0s 6s 7s 8s 9p 9p".split()]
    calls = 2000
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(calls):
        SCORE_CACHE.clear()
        score_hand(DEFAULT_RULES, hand, [], hand[i % 12], 27 + i % 4, 27, [parse("1z")], [],
                   {"tsumo": bool(i % 2), "riichi": True})
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"scoring through the mahjong package (uncached): {calls / elapsed:.0f} calls/s wall, "
          f"{calls / cpu:.0f} calls/s CPU")


if __name__ == "__main__":
    main()
