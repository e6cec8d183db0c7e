"""Stich's Riichi bots against an outside bot: one of ours against three of the `mjai`
package's RulebaseBot (0.2.1; mjai.app's reference bot, on Mortal's libriichi), each in its
own process speaking mjai through riichi.mjai, seats rotated. Per pairing: average place, and
per hand the win, deal-in, riichi and call rates of our seat, each with a 95 % interval.

The RulebaseBot pins mahjong~=1.2 (Stich runs 2.1), so it gets its own virtualenv, made on
the first run under var/mjai-venv (pip install mjai==0.2.1; `make install-test` makes the same
from riichi/mjai/requirements.lock).

    python bench/riichi_vs_mjai.py [--games N] [--seed S] [--strengths beginner,normal,expert]
                                   [--lengths east,hanchan] [--every 50] [--bot "COMMAND {seat}"]
"""

import argparse
import logging
import math
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from riichi import engine  # noqa: E402
from riichi.mjai import OwnBot, command_seat, play_match  # noqa: E402

VENV = ROOT / "var" / "mjai-venv"
RULEBASE = (f"{VENV / 'bin' / 'python'} -c "
            "'from mjai.bot.rulebase import RulebaseBot; RulebaseBot(player_id={seat}).start()'")


def ensure_venv():
    python = VENV / "bin" / "python"
    if python.exists() and subprocess.run([python, "-c", "import mjai.bot.rulebase"],
                                          capture_output=True).returncode == 0:
        return
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "mjai==0.2.1"],
                   check=True)


def hand_stats(record, seat) -> list[dict]:
    """Per round of a record: did ``seat`` win, deal in, declare riichi, call."""
    rows = []
    for entry in record["rounds"]:
        actions = entry["actions"]
        winners = {a["seat"] for a in actions if a["type"] in ("ron", "tsumo")}
        last_play = next((a for a in reversed(actions) if a["type"] not in ("ron", "tsumo")), None)
        rons = any(a["type"] == "ron" for a in actions)
        rows.append({
            "win": seat in winners,
            "deal_in": rons and last_play is not None and last_play["seat"] == seat,
            "riichi": any(a["seat"] == seat and a.get("riichi") for a in actions),
            "call": any(a["seat"] == seat and (a["type"] in ("chi", "pon") or a.get("kind") == "open")
                        for a in actions),
        })
    return rows


def interval(values) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{mean:.3f} ± {half:.3f}"


def run_pairing(strength, length, games, seed, bot, every):
    rng = random.Random(seed)
    places, hands, defaults = [], [], 0
    started = time.time()
    for n in range(games):
        hero = n % 4
        players = [OwnBot(strength, rng) if s == hero else command_seat(s, bot, timeout=10.0) for s in range(4)]
        state = play_match(players, rng, {"length": length})
        places.append(state.final["places"][hero])
        hands.extend(hand_stats(engine.build_record(state), hero))
        defaults += sum(p.defaults for p in players if not isinstance(p, OwnBot))
        if every and (n + 1) % every == 0 and n + 1 < games:
            # a long run on a shared machine may have to stop early: what it has so far
            report(strength, length, places, hands, defaults, started, partial=True)
    report(strength, length, places, hands, defaults, started)


def report(strength, length, places, hands, defaults, started, partial=False):
    rates = ", ".join(f"{key} {interval([float(h[key]) for h in hands])}" for key in ("win", "deal_in", "riichi", "call"))
    print(f"{'(so far) ' if partial else ''}{strength} vs 3 mjai RulebaseBot, {length}: {len(places)} games, "
          f"average place {interval(places)} "
          f"(95 % CI; 2.5 is even), firsts {places.count(1)}, lasts {places.count(4)}; per hand ({len(hands)}): "
          f"{rates}; outside answers replaced by a default: {defaults}; {time.time() - started:.0f} s", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strengths", default="beginner,normal,expert")
    parser.add_argument("--lengths", default="east,hanchan")
    parser.add_argument("--every", type=int, default=50, help="print the figures so far every N games (0: only at the end)")
    parser.add_argument("--bot", default=None, help="the mjai bot's command line ({seat}: its seat)")
    args = parser.parse_args()
    # a replaced answer is counted in the summary rather than logged each time
    logging.getLogger("riichi.mjai").setLevel(logging.ERROR)
    if args.bot is None:
        ensure_venv()
    bot = args.bot or RULEBASE
    for length in args.lengths.split(","):
        for strength in args.strengths.split(","):
            run_pairing(strength, length, args.games, args.seed, bot, args.every)


if __name__ == "__main__":
    main()
