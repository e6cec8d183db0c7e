"""The run loop shared by the benches that play one of our Tichu bots against an outside bot in
duplicate hands (tichu_vs_heuristic.py, tichu_vs_sifounak.py): deals, seating, timing of
decisions, our expert's deadline hits, the outside bot's fallbacks and the JSON report.

An outside seat is an object made per seat and hand by the bench's ``outside(seat, rng)``:
``choose(view) -> action | None`` sees that seat's view only, ``fallbacks`` counts the answers
of its bot that no legal action carried, and ``close()`` (optional) runs when its hand is over.
"""

import argparse
import json
import random
import sys
import time

from tichu import bots
from tichu.bots import expert
from tichu.bots.actions import must_decide
from tichu.engine.cards import SEATS

from duplicate_deals import DuplicateMatch, play_hand


def counted(seen):
    """Whether a decision's time counts: those the game waits for, and bomb chances out of turn
    (a search may run there)."""
    return must_decide(seen) or (seen["turn"] != seen["seat"] and any(a["type"] == "play" for a in seen["legal_actions"]))


def run_match(strength, deals, budget, seed, progress, *, name, outside, extra=None):
    """Our bot of ``strength`` (side A) against the outside bot ``name`` (side B) over ``deals``
    deal pairs. With ``strength == name`` the outside bot takes all four seats (a check of the
    adapter: its fallbacks should be 0). ``extra()`` adds keys to the report."""
    deal_rng, rng = random.Random(seed), random.Random(f"bots {seed}")
    span = max(expert.DEADLINE_FACTOR * (expert.DEFAULT_BUDGET if budget is None else budget), expert.MIN_DEADLINE)
    match = DuplicateMatch()
    hits, fallbacks = [], 0

    def play(deal, team_of):
        nonlocal fallbacks
        memories = {seat: {} for seat in SEATS}
        theirs = {seat: outside(seat, rng) for seat in SEATS if team_of[seat] == "B" or strength == name}
        names = {seat: name if seat in theirs else "ours" for seat in SEATS}

        def decide(seat, seen):
            started, cpu_started = time.perf_counter(), time.process_time()
            if seat in theirs:
                action = theirs[seat].choose(seen)
            else:
                action = bots.choose_action(seen, strength, rng, budget=budget, memory=memories[seat])
            spent, cpu = time.perf_counter() - started, time.process_time() - cpu_started
            if counted(seen):
                match.times[team_of[seat]].append(spent)
                if seat not in theirs:
                    hits.append((spent >= span, cpu >= span))
            return action

        try:
            result = play_hand(deal, decide, names)
        finally:
            for seat in theirs.values():
                getattr(seat, "close", lambda: None)()
        fallbacks += sum(seat.fallbacks for seat in theirs.values())
        return result

    def report_progress():
        if progress and len(match.wins) % 5 == 0:
            print(f"{match.progress('ours', name)}, deadline hits {sum(h for h, _ in hits)}/{len(hits)}, "
                  f"{name} fallbacks {fallbacks}", file=sys.stderr, flush=True)

    match.play(deals, deal_rng, play, report_progress)
    return {"ours": strength, "deals": len(match.wins), "hands": match.hands(), "budget": budget or "default",
            "seed": seed, "deadline_s": round(span, 3), **match.a_results("ours"),
            "ours_deadline_hits": sum(h for h, _ in hits),
            "ours_deadline_hit_share": round(sum(h for h, _ in hits) / max(1, len(hits)), 4),
            # a decision whose CPU time alone reached the span would hit it on an idle core too
            "ours_cpu_over_deadline_share": round(sum(c for _, c in hits) / max(1, len(hits)), 4),
            f"{name}_fallbacks": fallbacks,
            **(extra() if extra else {}),
            "seconds": match.seconds(),
            "ours_side": match.side_report("A"), f"{name}_side": match.side_report("B")}


def cli(run, doc: str, root_help: str, ours_help: str = "our bot's strength") -> None:
    """The benches' command line: ``run(root, strength, deals, budget, seed, progress)``'s
    report printed as JSON."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--root", required=True, help=root_help)
    parser.add_argument("--ours", default="expert", help=ours_help)
    parser.add_argument("--deals", type=int, default=50, help="deals, each played twice")
    parser.add_argument("--budget", type=float, default=None, help="our expert's budget (default: its own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    print(json.dumps(run(args.root, args.ours, args.deals, args.budget, args.seed, not args.quiet), indent=2))
