"""Records: what build_record writes, and what replay makes of valid, invalid and
unfinished records."""

import json
import random
import sys
from pathlib import Path

from riichi.engine import build_record, replay, replay_text

from .helpers import deal, discard, start

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from riichi_throughput import play_match  # noqa: E402


def test_a_played_match_replays_to_the_same_results_and_its_record_has_no_passes():
    state = play_match(random.Random(7), {"length": "east"})
    record = build_record(state)
    assert record["format"] == "riichi-record/1"
    assert set(record["rounds"][0]) == {"haipai", "draws", "dora_indicators", "ura_indicators", "rinshan",
                                        "actions"}
    assert all(a["type"] != "pass" for r in record["rounds"] for a in r["actions"])
    out = replay(json.loads(json.dumps(record)))
    assert out == {"ok": True, "rounds": state.results, **state.final}


def test_a_record_that_stops_mid_round_is_in_progress():
    state = start(hands={0: "59m19p19s1234567z"}, draws="8m")
    from .helpers import play
    state = play(state, discard(0, "8m"))
    out = replay(build_record(state))
    assert out["ok"] and out["in_progress"] and out["rounds"] == []


def test_the_first_offending_action_is_reported():
    record = {"format": "riichi-record/1", "rules": {}, "rounds": [
        {**deal(hands={0: "59m19p19s1234567z"}, draws="8m"),
         "actions": [{"seat": 0, "type": "discard", "tile": "8m"}, {"seat": 3, "type": "discard", "tile": "8m"}]}]}
    out = replay(record)
    assert out["ok"] is False and out["hand"] == 0 and out["action"] == 1
    assert out["error"] == "not_your_turn" and out["message"]


def test_a_bad_wall_and_bad_json_are_reported():
    record = {"format": "riichi-record/1", "rules": {}, "rounds": [{**deal(), "actions": []}]}
    record["rounds"][0]["haipai"]["0"] = ["1m"] * 13
    out = replay(record)
    assert out["ok"] is False and out["action"] is None and out["error"] == "bad_deal"
    assert replay_text("{")["error"] == "bad_json"
    assert replay({"format": "tichu-record/1"})["error"] == "bad_format"
    assert replay({"format": "riichi-record/1", "rules": {"uma": [1, 2]}, "rounds": [
        {**deal(), "actions": []}]})["error"] == "bad_options"
