"""Records: what build_record writes, and what replay makes of valid, invalid and
unfinished records."""

import json
import random
import sys
from pathlib import Path

import pytest

from riichi.engine import IllegalAction, apply, build_record, replay, replay_text, view

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
    assert replay_text("{")["error"] == "invalid_json"
    assert replay({"format": "tichu-record/1"})["error"] == "bad_format"
    assert replay({"format": "riichi-record/1", "rules": {"uma": [1, 2]}, "rounds": [
        {**deal(), "actions": []}]})["error"] == "bad_options"


def replays_to_itself(state):
    out = replay(json.loads(json.dumps(build_record(state))))
    assert out["ok"], out
    assert out["rounds"] == state.results


def test_live_answers_become_a_record_of_calls_only_double_ron():
    from riichi.engine import apply
    from .helpers import ron
    state = start(hands={0: "59m19p19s1234567z", 1: "34m234p456p678s22s", 2: "55m13579p135s11z",
                         3: "34m234p456p678s33s"}, draws="4z")
    state, _ = apply(state, discard(0, "5m"))
    state, _ = apply(state, {"seat": 2, "type": "pass"})
    state, _ = apply(state, ron(3))
    state, _ = apply(state, ron(1))
    assert state.results[-1]["result"] == "ron"
    actions = build_record(state)["rounds"][0]["actions"]
    assert [a["type"] for a in actions] == ["discard", "ron", "ron"]
    replays_to_itself(state)


def test_kans_and_a_robbed_kan_replay_to_themselves():
    from .helpers import kan, play, pon, ron, settle
    state = start(hands={0: "5p2468m2468s666z", 1: "50p19m19s1234567z", 2: "34p234m567m678s22s"},
                  draws="3z 9m 9s 2z 5p")
    state = play(state, discard(0, "5p"), pon(1, "550p"), discard(1, "1m"),
                 discard(2, "9m"), discard(3, "9s"), discard(0, "2z"))
    state = play(settle(state), kan(1, "added", "5550p"), ron(2))
    replays_to_itself(state)
    state = start(hands={0: "1111m2222m3333m4z", 1: "9999p135s2468p17z"}, draws="5z 6z",
                  rinshan="9s 8s 7s 7z")
    state = play(state, kan(0, "closed", "1111m"), kan(0, "closed", "2222m"), kan(0, "closed", "3333m"),
                 discard(0, "9s"))
    state = settle(play(settle(state), kan(1, "closed", "9999p"), discard(1, "7z")))
    assert state.results[-1]["result"] == "abort:four_kans"
    replays_to_itself(state)


def test_a_discard_of_the_drawn_tiles_twin_from_the_hand_stays_tedashi_in_the_river_and_record():
    state = start(hands={0: "8m59m19p19s123456z"}, draws="8m")
    tedashi, _ = apply(state, {"seat": 0, "type": "discard", "tile": "8m", "tedashi": True})
    assert view(tedashi, None)["rivers"][0] == [{"tile": "8m", "tsumogiri": False, "riichi": False, "called": False}]
    assert build_record(tedashi)["rounds"][0]["actions"] == [
        {"seat": 0, "type": "discard", "tile": "8m", "tedashi": True}]
    plain, _ = apply(state, {"seat": 0, "type": "discard", "tile": "8m"})
    assert view(plain, None)["rivers"][0][0]["tsumogiri"] is True
    assert "tedashi" not in build_record(plain)["rounds"][0]["actions"][0]
    # a tile other than the drawn one always comes from the hand: the flag adds nothing
    other, _ = apply(state, {"seat": 0, "type": "discard", "tile": "5m", "tedashi": True})
    assert build_record(other)["rounds"][0]["actions"] == [{"seat": 0, "type": "discard", "tile": "5m"}]


def test_a_tedashi_without_a_twin_in_the_hand_or_not_a_boolean_is_refused():
    state = start(hands={0: "59m19p19s1234567z"}, draws="8m")
    for flag in (True, "yes"):
        with pytest.raises(IllegalAction) as refused:
            apply(state, {"seat": 0, "type": "discard", "tile": "8m", "tedashi": flag})
        assert refused.value.code == "bad_action"
