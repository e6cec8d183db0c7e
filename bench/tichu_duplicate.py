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
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tichu import bots as new_bots  # noqa: E402
from tichu.bots.actions import must_decide  # noqa: E402
from tichu.engine import apply, new_game, shuffled_deal, view  # noqa: E402
from tichu.engine.cards import SEATS  # noqa: E402

import checkout_v1_bots  # noqa: E402

FAMILIES = {"new": new_bots.choose_action, "v1": checkout_v1_bots.load().choose_action}
FINISHED = ("hand_over", "game_over")


def _mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def _quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def _asking_order(state):
    if state.turn is None:
        return SEATS
    return tuple(SEATS[(state.turn + step) & 3] for step in (1, 2, 3, 0))


def play_hand(deal, players, rng, budget, times):
    """One hand, as ``tichu.bots.arena.play_hand`` but with a bot function per seat."""
    state = new_game({"target": 1000}, deal)
    memories = {seat: {} for seat in SEATS}
    while state.phase not in FINISHED:
        for seat in _asking_order(state):
            seen = view(state, seat)
            if not seen["legal_actions"]:
                continue
            choose, strength, side = players[seat]
            started = time.perf_counter()
            action = choose(seen, strength, rng, budget=budget, memory=memories[seat])
            if must_decide(seen):
                times[side].append(time.perf_counter() - started)
            if action is None:
                if must_decide(seen):
                    raise AssertionError(f"{side} {strength} at {seat} declined {seen['legal_actions']}")
                continue
            state, _ = apply(state, action)
            break
        else:
            state, _ = apply(state, {"type": "collect"})
    return state.results[-1]


def _side(spec):
    family, _, strength = spec.partition(":")
    return FAMILIES[family], strength


def run(a, b, deals, budget, seed, progress, per_deal=None):
    # The deals have a generator of their own: whatever the bots draw, two revisions (or two
    # variants) run on one seed play the same deals, so their results pair deal by deal.
    deal_rng, rng = random.Random(seed), random.Random(f"bots {seed}")
    sides = {"A": _side(a), "B": _side(b)}
    pair_wins, pair_diffs = [], []
    stats = {side: {"calls": 0, "calls_made": 0, "grand": 0, "grand_made": 0, "first_out": 0,
                    "double_victories": 0} for side in sides}
    times = {side: [] for side in sides}
    started = time.time()
    for pair in range(deals):
        deal = shuffled_deal(deal_rng)
        wins = diffs = 0.0
        for a_team in ("NS", "EW"):
            team_of = {s: ("A" if s in a_team else "B") for s in SEATS}
            players = {s: (*sides[team_of[s]], team_of[s]) for s in SEATS}
            result = play_hand(deal, players, rng, budget, times)
            b_team = "EW" if a_team == "NS" else "NS"
            diff = result["score"][a_team] - result["score"][b_team]
            wins += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
            diffs += diff
            first = team_of[result["out"][0]]
            stats[first]["first_out"] += 1
            if result["double_victory"]:
                stats[first]["double_victories"] += 1
            for seat, call in result["calls"].items():
                key = "calls" if call == "tichu" else "grand"
                stats[team_of[seat]][key] += 1
                stats[team_of[seat]][key + "_made"] += result["called_ok"][seat]
        pair_wins.append(wins / 2)
        pair_diffs.append(diffs / 2)
        if progress and (pair + 1) % 10 == 0:
            w, d = _mean_ci(pair_wins), _mean_ci(pair_diffs)
            print(f"{pair + 1} deals, {time.time() - started:.0f} s: A wins {w[0]:.3f} "
                  f"[{w[1]:.3f}, {w[2]:.3f}], A-B {d[0]:+.1f} [{d[1]:+.1f}, {d[2]:+.1f}]",
                  file=sys.stderr, flush=True)
    win, diff = _mean_ci(pair_wins), _mean_ci(pair_diffs)
    hands = 2 * len(pair_wins)
    report = {"a": a, "b": b, "deals": len(pair_wins), "hands": hands, "budget": budget or "default",
              "seed": seed,
              "a_hands_won": round(win[0], 4), "a_hands_won_ci95": [round(win[1], 4), round(win[2], 4)],
              "a_points_per_hand": round(diff[0], 1),
              "a_points_per_hand_ci95": [round(diff[1], 1), round(diff[2], 1)],
              "seconds": round(time.time() - started, 1)}
    for side in sides:
        s = stats[side]
        report[side] = {
            "tichu_calls": s["calls"], "tichu_made": s["calls_made"],
            "grand_calls": s["grand"], "grand_made": s["grand_made"],
            "first_out_share": round(s["first_out"] / hands, 3),
            "double_victory_share": round(s["double_victories"] / hands, 3),
            "decisions": len(times[side]),
            "decision_median_ms": round(1000 * _quantile(times[side], 0.5), 1),
            "decision_p95_ms": round(1000 * _quantile(times[side], 0.95), 1),
            "decision_max_ms": round(1000 * max(times[side], default=0), 1),
        }
    if per_deal:
        Path(per_deal).write_text(json.dumps({"a": a, "b": b, "seed": seed, "budget": budget,
                                              "wins": pair_wins, "diffs": pair_diffs}))
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
