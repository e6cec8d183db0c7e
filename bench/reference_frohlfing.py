"""This Tichu engine beside the reference issue #3 names, in the same minutes.

Issue #3 sets its goals (1,200 random hands/s, 10,000 lead listings/s) against "the fastest
Python Tichu engine we know": about 400 complete random hands a second and about 3,100
listings a second of the benchmark hand on this machine. Those are frohlfing/tichu's own
arena with four ``RandomAgent``s (one process, one worker) and its ``build_combinations``.
This machine's speed drifts by a factor of two to three over a day, so a rate means little
without the reference's rate measured beside it: this script alternates samples of both.

    python bench/reference_frohlfing.py --root PATH [--rounds 5] [--games 100]

``PATH`` is a checkout of https://github.com/frohlfing/tichu (its ``src`` package); the
Python running this needs what that package imports on an arena run (``aiohttp``,
``python-dotenv``, or stand-ins for the little an arena run uses of them) — nothing of it is
part of this repository. bench/HISTORY.md names the files and commits such a checkout was put
together from ("The Tichu engine against frohlfing/tichu again"). Each round measures, in
alternating order: the reference arena playing ``--games`` games (hands = its own count of
"Runden"; every hand is a deal, the Grand Tichu question, the exchange, the play with bombs,
wish and Dragon gift, and scoring), this engine's random hands as ``engine_throughput.py``
plays them (the public ``legal_actions`` and ``apply``) for as much CPU time as the arena
took, then one second each of the reference's ``build_combinations`` and this engine's cold
lead listing of the benchmark hand. Rates are per second of this process's CPU time.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engine_throughput import LEAD_HAND, Bench, _rate, hands_per_second  # noqa: E402
from tichu import engine as tichu  # noqa: E402

# the benchmark hand (phoenix mahjong 2 3 4 5 5 6 6 7 7 10 10 A) in the reference's notation
REFERENCE_HAND = "Ph GA RZ SZ G7 B7 R6 S6 G5 B5 R4 S3 G2 Ma"


def reference(root):
    """The reference's arena runner and lister, imported from its checkout."""
    sys.path.insert(0, str(Path(root).resolve()))
    from src import config
    config.LOG_LEVEL = "WARNING"  # as its bin/run_arena.py does
    from src.arena import Arena
    from src.lib.cards import parse_cards
    from src.lib.combinations import build_combinations
    from src.players.random_agent import RandomAgent

    def arena_hands_per_second(games, seed):
        arena = Arena(agents=[RandomAgent(seed=seed + i) for i in range(4)], max_games=games,
                      worker=1, seed=seed)
        started = time.process_time()
        arena.run()
        spent = time.process_time() - started
        return arena.rounds / spent, spent

    hand = parse_cards(REFERENCE_HAND)
    return arena_hands_per_second, lambda: build_combinations(hand), len(build_combinations(hand))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", required=True, help="a checkout of frohlfing/tichu")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=100, help="reference games per sample")
    args = parser.parse_args()
    arena, their_listing, their_count = reference(args.root)
    bench = Bench(tichu)
    our_listing = bench.cold_listing(LEAD_HAND)
    rates = {"their hands": [], "our hands": [], "their listings": [], "our listings": []}
    print(f"Python {sys.version.split()[0]}; the benchmark hand: {their_count} combinations "
          f"(reference), {len(bench.legal_actions(bench.lead_state(LEAD_HAND), 'S'))} actions (ours)")
    for index in range(args.rounds):
        samples = []
        hands, spent = arena(args.games, index)
        samples.append(("their hands", hands))
        samples.append(("our hands", hands_per_second(bench.random_hand, spent, index)[0]))
        listings = [("their listings", their_listing), ("our listings", our_listing)]
        for name, run in listings if index % 2 == 0 else listings[::-1]:
            samples.append((name, _rate(run, 1.0)))
        for name, value in samples:
            rates[name].append(value)
        print(f"round {index + 1}: " + ", ".join(f"{name} {value:,.0f}/s" for name, value in samples))
    median = {name: statistics.median(values) for name, values in rates.items()}
    print(f"median: random hands ours {median['our hands']:,.0f}/s, reference "
          f"{median['their hands']:,.0f}/s (x{median['our hands'] / median['their hands']:.2f}); "
          f"cold lead listings ours {median['our listings']:,.0f}/s, reference "
          f"{median['their listings']:,.0f}/s (x{median['our listings'] / median['their listings']:.2f})")
    # a round's two samples are seconds apart: their ratio drifts less with the host's load
    # than the ratio of medians taken from different rounds
    ratios = sorted(ours / theirs for ours, theirs in zip(rates["our hands"], rates["their hands"]))
    print("random hands, ours / reference per round: "
          + ", ".join(f"x{ratio:.2f}" for ratio in ratios)
          + f"; median x{statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
