"""How long a whole 1000-point Tichu game against bots lasts, before and after the bomb
window could be ended early with "go on" (issue 22). Nothing sleeps: the clock is simulated
with the times the site really uses.

One seat (South) is the person, the other three are bots; every seat decides with the same
bot policy, so both runs play the very same games (same seeds) and only the clock differs.
The simulated clock charges:
  * a bot's move: BOT_DELAY_SECONDS (0.8 s, the pause before the bot runner wakes);
  * the person's move: --think seconds;
  * a bomb window: before, always its full length (--window, the table default 3 s); after,
    it closes as soon as everyone it waits on (all holding cards but the trick's top) said
    "go on": bots at their next wake-up (BOT_DELAY_SECONDS), the person after --go-on
    seconds, or never (the whole window) with --go-on none.

    .venv/bin/python bench/bomb_window_game_length.py --games 7 --seed 1
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tichu import bots, engine  # noqa: E402

PERSON = "S"
SEATS = ("S", "E", "N", "W")
BOT_DELAY = 0.8


def waivers(view: dict) -> set[str]:
    """tichu.timing.window_waivers, without Django settings in the way."""
    top = view["trick"][-1]["seat"]
    return {seat for seat, count in view["hand_counts"].items() if count and seat != top}


def window_length(view: dict, window: float, go_on: float | None) -> float:
    """Seconds the window stays open after the change, nobody bombing."""
    closes = [BOT_DELAY if seat != PERSON else (window if go_on is None else go_on) for seat in waivers(view)]
    return min(window, max(closes, default=0.0))


def play_game(seed: int, *, think: float, window: float, go_on: float | None) -> dict:
    rng = random.Random(seed)
    state = engine.new_game({"target": 1000}, engine.shuffled_deal(rng))
    moves = windows = 0
    move_seconds = before = after = 0.0
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = engine.next_hand(state, engine.shuffled_deal(rng))
            continue
        if state.window:
            public = engine.view(state, None)
            bomb = None
            for seat in SEATS:
                bomb = bots.choose_action(engine.view(state, seat), "normal", rng)
                if bomb is not None:
                    break
            if bomb is not None:  # a bomb lands inside the window, before or after alike
                state, _ = engine.apply(state, bomb)
                moves += 1
                move_seconds += think if bomb["seat"] == PERSON else BOT_DELAY
                continue
            windows += 1
            before += window
            after += window_length(public, window, go_on)
            state, _ = engine.apply(state, {"type": "collect"})
            continue
        for seat in SEATS:
            action = bots.choose_action(engine.view(state, seat), "normal", rng)
            if action is not None:
                state, _ = engine.apply(state, action)
                moves += 1
                move_seconds += think if seat == PERSON else BOT_DELAY
                break
        else:
            raise RuntimeError("nobody acts")
    return {"moves": moves, "windows": windows, "move_seconds": move_seconds,
            "before": move_seconds + before, "after": move_seconds + after,
            "window_before": before, "window_after": after}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=2.0, help="the person's seconds per move")
    parser.add_argument("--window", type=float, default=3.0, help="the table's bomb window")
    parser.add_argument("--go-on", default="1.0", help='seconds until the person says go on, or "none"')
    args = parser.parse_args()
    go_on = None if args.go_on == "none" else float(args.go_on)
    started = time.perf_counter()
    games = [play_game(args.seed + i, think=args.think, window=args.window, go_on=go_on) for i in range(args.games)]
    median = {key: statistics.median(g[key] for g in games) for key in games[0]}
    print(f"{args.games} games of 1000 points, person thinks {args.think} s/move, window {args.window} s, "
          f"person says go on after {args.go_on} s ({time.perf_counter() - started:.0f} s to simulate)")
    print(f"median moves {median['moves']:.0f}, windows {median['windows']:.0f}")
    print(f"median game length before: {median['before']:.0f} s (windows {median['window_before']:.0f} s, "
          f"{median['window_before'] / median['before']:.0%})")
    print(f"median game length after:  {median['after']:.0f} s (windows {median['window_after']:.0f} s, "
          f"{median['window_after'] / median['after']:.0%})")


if __name__ == "__main__":
    main()
