"""Tichu bots, duplicate hands: this revision's bots against the bots
as they were before issue 26 (checked out from git by ``bench/checkout_v1_bots.py``), or
any two of them.

Each deal is played twice, side A at North/South and then at East/West, so that the cards
cancel out; every hand is a fresh game. A hand is won by the side with the higher hand
score (a tie counts half). Intervals are 95 % normal intervals over the deal pairs (the two
hands of a pair are correlated, the pairs are independent). Reported per side: calls made
and how many succeeded, the share of hands it went out first, its double victories, and
the wall-clock time of every decision it was asked for (median, p95, max).

    nice -n 19 .venv/bin/python bench/tichu_duplicate.py new:expert v1:expert --deals 100 --seed 1

The deals depend on the seed alone, so two revisions run on one seed with ``--per-deal`` can
be compared deal by deal (``bench/tichu_paired.py``).

A side is ``new:STRENGTH`` (tichu.bots) or ``v1:STRENGTH`` (the bots before issue 26); ``--budget``
is the experts' search budget (default: each bot's own default).
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tichu import bots as new_bots  # noqa: E402
from tichu.bots.actions import must_decide  # noqa: E402
from tichu.engine.cards import SEATS  # noqa: E402

import checkout_v1_bots  # noqa: E402
from duplicate_deals import DuplicateMatch, play_hand  # noqa: E402

FAMILIES = {"new": new_bots.choose_action, "v1": checkout_v1_bots.load().choose_action}


def _side(spec):
    family, _, strength = spec.partition(":")
    return FAMILIES[family], strength


def run(a, b, deals, budget, seed, progress, per_deal=None):
    # The deals have a generator of their own: whatever the bots draw, two revisions (or two
    # variants) run on one seed play the same deals, so their results pair deal by deal.
    deal_rng, rng = random.Random(seed), random.Random(f"bots {seed}")
    sides = {"A": _side(a), "B": _side(b)}
    match = DuplicateMatch()

    def play(deal, team_of):
        memories = {seat: {} for seat in SEATS}
        names = {seat: f"{team_of[seat]} {sides[team_of[seat]][1]}" for seat in SEATS}

        def decide(seat, seen):
            choose, strength = sides[team_of[seat]]
            started = time.perf_counter()
            action = choose(seen, strength, rng, budget=budget, memory=memories[seat])
            if must_decide(seen):
                match.times[team_of[seat]].append(time.perf_counter() - started)
            return action

        return play_hand(deal, decide, names)

    def report_progress():
        if progress and len(match.wins) % 10 == 0:
            print(match.progress(), file=sys.stderr, flush=True)

    match.play(deals, deal_rng, play, report_progress)
    report = {"a": a, "b": b, "deals": len(match.wins), "hands": match.hands(), "budget": budget or "default",
              "seed": seed, **match.a_results("a"), "seconds": match.seconds()}
    for side in sides:
        report[side] = match.side_report(side)
    if per_deal:
        Path(per_deal).write_text(json.dumps({"a": a, "b": b, "seed": seed, "budget": budget,
                                              "wins": match.wins, "diffs": match.diffs}))
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="side A, e.g. new:expert")
    parser.add_argument("b", help="side B, e.g. v1:expert")
    parser.add_argument("--deals", type=int, default=100, help="deals, each played twice")
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--per-deal", metavar="FILE",
                        help="write each deal's result here, for bench/tichu_paired.py")
    args = parser.parse_args()
    print(json.dumps(run(args.a, args.b, args.deals, args.budget, args.seed, not args.quiet,
                         args.per_deal), indent=2))


if __name__ == "__main__":
    main()
