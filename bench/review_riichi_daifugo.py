"""The post-game review of one seat of a whole Riichi hanchan and of a whole Daifugo game
(4 players, 4 hands, revolutions on), each played by normal bots on their own views (seeded).
Pure engine and bots, one process. Run:
``nice -n 19 .venv/bin/python bench/review_riichi_daifugo.py --games 3``.

Prints per game the CPU seconds of reviewing seat "0" (Riichi) and seat "1" (Daifugo), with
the decisions judged, those where the seat's choice differed from the expert's (Riichi plays
only those out) and the marked ones. CPU time of this process (``time.process_time``)."""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from daifugo import engine as daifugo_engine  # noqa: E402
from daifugo import review as daifugo_review  # noqa: E402
from daifugo.bots.arena import play_game  # noqa: E402
from riichi import review as riichi_review  # noqa: E402
from riichi import table_engine  # noqa: E402
from riichi.bots import choose_action  # noqa: E402


def riichi_record(seed: int) -> dict:
    rng = random.Random(seed)
    state = table_engine.new_game({"length": "hanchan"}, table_engine.shuffled_deal(rng))
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = table_engine.apply(state, {"type": "next"})
        elif state.phase == "hand_over":
            state = table_engine.next_hand(state, table_engine.shuffled_deal(rng))
        else:
            for seat in table_engine.SEATS:
                action = choose_action(table_engine.view(state, seat), "normal", rng)
                if action is not None:
                    state, _ = table_engine.apply(state, action | {"seat": seat})
                    break
    return table_engine.build_record(state)


def daifugo_record(seed: int) -> dict:
    state = play_game({"players": 4, "hands": 4, "revolution": True}, dict.fromkeys("1234", "normal"),
                      random.Random(seed))
    return daifugo_engine.build_record(state)


def timed(review, record, seat):
    started = time.process_time()
    judged = review(record, seat, 0)
    return time.process_time() - started, judged


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for n in range(args.games):
        record = riichi_record(args.seed + n)
        spent, judged = timed(riichi_review.review, record, "0")
        print(f"riichi hanchan {n + 1}: {len(record['rounds'])} rounds; review of seat 0 {spent:.1f} s CPU, "
              f"{len(judged)} decisions, {sum(d['score'] is not None for d in judged)} unlike the expert, "
              f"{sum(d['flagged'] for d in judged)} marked", flush=True)
        record = daifugo_record(args.seed + n)
        spent, judged = timed(daifugo_review.review, record, "1")
        print(f"daifugo game {n + 1}: review of seat 1 {spent:.1f} s CPU, {len(judged)} decisions, "
              f"{sum(d['flagged'] for d in judged)} marked", flush=True)


if __name__ == "__main__":
    main()
