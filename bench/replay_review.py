"""The replay viewer and the post-game review on whole 1000-point Tichu games. Pure engine
and bots, one process. Run: ``nice -n 10 .venv/bin/python bench/replay_review.py --games 3``.

Each game is played to 1000 by normal bots on their own views (seeded); then:

* ``moment``: the CPU time of building one replay moment (the record replayed through the
  engine up to it, every seat's view, the trick ends of its hand) for every moment of the
  game, the mean and the worst — what one step of the viewer costs the server besides
  drawing the page;
* ``review``: the CPU time of reviewing one seat of the whole game (tichu.bots.review,
  ``verdict.SAMPLES`` deals per decision), with the number of decisions judged and marked,
  in all and by kind (calls, exchange, plays, gifts), and the CPU time by kind (the first
  decision's also carries replaying the record, which the review does first).

Times are CPU seconds of this process (``time.process_time``): other load on a shared
machine distorts them less than wall time would.
"""

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from games import registry  # noqa: E402
from replay import positions  # noqa: E402
from tichu.bots import choose_action, verdict  # noqa: E402

game = registry.get("tichu")
engine = game.engine


def played_game(seed: int) -> dict:
    rng = random.Random(seed)
    state = engine.new_game({"target": 1000}, engine.shuffled_deal(rng))
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = engine.next_hand(state, engine.shuffled_deal(rng))
            continue
        for seat in game.seats:
            action = choose_action(engine.view(state, seat), "normal", rng)
            if action is not None:
                break
        else:
            action = {"type": "collect"}
        state, _ = engine.apply(state, action)
    return engine.build_record(state)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for n in range(args.games):
        record = played_game(args.seed + n)
        moments = []
        for h, actions in enumerate(game.record_hands(record)):
            for step in range(len(actions) + 1):
                started = time.process_time()
                positions.moment(game, record, h, step)
                moments.append(time.process_time() - started)
        ticks = [time.process_time()]
        judged = game.review(record, "S", seed=0, progress=lambda done, total: ticks.append(time.process_time()))
        spent = ticks[-1] - ticks[0]
        by_kind = Counter()
        for decision, before, after in zip(judged, ticks, ticks[1:]):
            by_kind[decision["kind"]] += after - before
        print(f"game {n + 1}: {len(record['hands'])} hands, {len(moments)} moments; "
              f"moment mean {statistics.mean(moments) * 1000:.1f} ms, worst {max(moments) * 1000:.1f} ms; "
              f"review of S: {len(judged)} decisions, {sum(d['flagged'] for d in judged)} marked, "
              f"{spent:.1f} s CPU ({spent / max(1, len(judged)) * 1000:.0f} ms a decision, "
              f"{verdict.SAMPLES} deals each); judged by kind {dict(Counter(d['kind'] for d in judged))}, "
              f"marked {dict(Counter(d['kind'] for d in judged if d['flagged']))}, "
              f"CPU s by kind { {kind: round(t, 1) for kind, t in by_kind.items()} }")


if __name__ == "__main__":
    main()
