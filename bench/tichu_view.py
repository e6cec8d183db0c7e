"""Cost of the Tichu engine's ``view`` (what every page of a table is drawn from, once per seat
and spectator on every move), measured late in hands where the walk over the hand's action
log (cards played, the last trick) is longest. Pure Python, one process, CPU time.

Run: ``.venv/bin/python bench/tichu_view.py`` for this checkout, ``--root PATH`` for another
checkout's engine (e.g. ``git worktree add /tmp/old main``), to compare the two.
"""

import argparse
import random
import statistics
import sys
import time


def states(engine, hands: int, seed: int) -> list:
    """The state before the last few actions of each of ``hands`` random hands."""
    rng, picked = random.Random(seed), []
    for _ in range(hands):
        state = engine.new_game({"target": 1000}, engine.shuffled_deal(rng))
        history = []
        while state.phase not in ("hand_over", "game_over"):
            if state.window:
                state, _ = engine.apply(state, {"type": "collect"})
                continue
            seat = next(s for s in "SENW" if [a for a in engine.legal_actions(state, s) if a["type"] != "tichu"])
            legal = [a for a in engine.legal_actions(state, seat) if a["type"] != "tichu"]
            action = legal[int(rng.random() * len(legal))]
            if action["type"] == "exchange":
                action = {"seat": seat, "type": "exchange", "give": dict(zip(action["to"], action["hand"][:3]))}
            history.append(state)
            state, _ = engine.apply(state, action)
        picked.append(history[-4])
    return picked


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", help="a checkout whose engine to measure instead of this one")
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    if args.root:
        sys.path.insert(0, args.root)
    else:
        sys.path.insert(0, __file__.rsplit("/bench/", 1)[0])
    from tichu import engine

    late = states(engine, args.hands, seed=3)
    samples = []
    for _ in range(args.rounds):
        start = time.process_time()
        for state in late:
            for seat in ("S", "E", "N", "W", None):
                engine.view(state, seat)
        samples.append((time.process_time() - start) / (len(late) * 5) * 1e6)
    print(f"view late in a hand: median {statistics.median(samples):.1f} µs a call "
          f"(min {min(samples):.1f}, {args.hands} hands x 5 viewers x {args.rounds} rounds)")


if __name__ == "__main__":
    main()
