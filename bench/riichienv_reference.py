"""This Riichi engine beside ``riichienv`` 0.4.11 (a Rust engine with Python bindings), in the
same minutes: random-bot hanchan per second of CPU time, each engine with its own random
policy (ours: ``riichi_throughput.random_choice``; theirs: its ``agents.RandomAgent``, a
uniform choice among ``obs.legal_actions()``), both with red fives and their game records
kept (our ``actions``, its mjai log).

riichienv gets its own virtualenv (``--venv``, default /tmp/riichienv-venv; made on the first
run with ``pip install riichienv==0.4.11``), never this project's. Each round alternates a
sample of each: riichienv's hanchan in a child process (timed inside it, so the start-up is
left out), and ours in this process for about as much CPU time.

    python bench/riichienv_reference.py [--rounds 5] [--games 40] [--venv /tmp/riichienv-venv]
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from riichi_throughput import play_match  # noqa: E402

VERSION = "0.4.11"

THEIRS = """
import json, sys, time
from riichienv import RiichiEnv
from riichienv.agents import RandomAgent
games, seed = int(sys.argv[1]), int(sys.argv[2])
agent = RandomAgent(seed=seed)
hands = 0
started = time.process_time()
for game in range(games):
    env = RiichiEnv(game_mode="4p-red-half", seed=seed * 100_000 + game)
    observations = env.reset()
    while not env.done():
        observations = env.step({seat: agent.act(obs) for seat, obs in observations.items()})
    hands += sum(1 for event in env.mjai_log if event["type"] == "start_kyoku")
print(json.dumps({"cpu": time.process_time() - started, "games": games, "hands": hands}))
"""


def ensure_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    check = [python, "-c", f"import importlib.metadata as m; assert m.version('riichienv') == '{VERSION}'"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    f"riichienv=={VERSION}"], check=True)
    return python


def theirs(python, games, seed) -> tuple:
    out = subprocess.run([python, "-c", THEIRS, str(games), str(seed)], capture_output=True,
                         text=True, check=True).stdout
    sample = json.loads(out.splitlines()[-1])
    return sample["games"] / sample["cpu"], sample["hands"] / sample["games"], sample["cpu"]


def ours(rng, cpu_budget) -> tuple:
    games = hands = 0
    started = time.process_time()
    while games == 0 or time.process_time() - started < cpu_budget:
        hands += len(play_match(rng).results)
        games += 1
    spent = time.process_time() - started
    return games / spent, hands / games


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="riichienv hanchan per sample")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--venv", type=Path, default=Path("/tmp/riichienv-venv"))
    args = parser.parse_args()
    python = ensure_venv(args.venv)
    rng = random.Random(args.seed)
    play_match(rng)  # a server process runs with warm shape caches
    rates = {"theirs": [], "ours": []}
    for index in range(args.rounds):
        their_rate, their_hands, spent = theirs(python, args.games, args.seed + index)
        our_rate, our_hands = ours(rng, spent)
        rates["theirs"].append(their_rate)
        rates["ours"].append(our_rate)
        print(f"round {index + 1}: riichienv {their_rate:.1f} hanchan/s CPU ({their_hands:.1f} hands each), "
              f"ours {our_rate:.1f} hanchan/s CPU ({our_hands:.1f} hands each), x{our_rate / their_rate:.2f}")
    ratios = [o / t for o, t in zip(rates["ours"], rates["theirs"])]
    print(f"median: ours {statistics.median(rates['ours']):.1f}, riichienv {VERSION} "
          f"{statistics.median(rates['theirs']):.1f} hanchan per CPU second; "
          f"ratio x{statistics.median(ratios):.2f} (rounds {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
