"""Four of the `mjai` package's RulebaseBots (mjai.app's reference bot, on Mortal's libriichi,
which checks every event it is told against its own model of the table) play a match at our
engine. They need their own virtualenv (mahjong~=1.2) under var/mjai-venv, which `make test`
makes (as does bench/riichi_vs_mjai.py); without it this test is skipped."""

import random
from pathlib import Path

import pytest

from riichi import engine
from riichi.mjai import command_seat, play_match

PYTHON = Path(__file__).resolve().parents[3] / "var" / "mjai-venv" / "bin" / "python"
RULEBASE = f"{PYTHON} -c 'from mjai.bot.rulebase import RulebaseBot; RulebaseBot(player_id={{seat}}).start()'"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not PYTHON.exists(), reason="no mjai virtualenv (run bench/riichi_vs_mjai.py once)")]


def test_four_rulebase_bots_play_a_match_that_replays_to_its_scores():
    players = [command_seat(seat, RULEBASE, timeout=30.0) for seat in range(4)]
    state = play_match(players, random.Random(21), {"length": "east"})
    record = engine.build_record(state)
    assert engine.replay(record)["scores"] == state.final["scores"]
    # none of them died or went silent; their answers were ours (a rare riichi discard that
    # leaves no tenpai by our rules is replaced by a legal one)
    assert all(p.process.starts == 1 for p in players)
    actions = [a for entry in record["rounds"] for a in entry["actions"]]
    assert sum(p.defaults for p in players) <= len(actions) // 100
    played = {a["type"] for a in actions} | {"riichi" for a in actions if a.get("riichi")}
    assert {"discard", "riichi"} <= played and played & {"ron", "tsumo"} and played & {"chi", "pon"}
