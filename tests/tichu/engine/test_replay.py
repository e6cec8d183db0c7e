"""Replaying records (spec/records.md): valid games, games in progress, and every kind of
malformed input answered with ok:false instead of an exception."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tichu.engine import build_record, replay, replay_text, shuffled_deal

from .helpers import deal_for, exchange_for, fill
from .randomplay import random_game


def _record(hands, target=1000):
    return {"format": "tichu-record/1", "target": target, "hands": hands}


def _opening(full):
    actions = [{"seat": s, "type": "grand", "call": False} for s in "SENW"]
    actions += [{"seat": s, "type": "exchange", "give": exchange_for(s, full)} for s in "SENW"]
    return actions


def test_the_records_md_example_double_victory_with_a_failed_tichu():
    """records.md: N calls Tichu, S goes out first and N second: NS 200 - 100."""
    straight = ["mahjong", "jade-2", "sword-3", "pagoda-4", "jade-5", "sword-6", "pagoda-7", "jade-8", "sword-9", "pagoda-10", "jade-J", "sword-Q", "pagoda-K", "jade-A"]
    flush = ["star-" + r for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    full = fill({"S": straight, "N": flush + ["jade-3"]})
    actions = _opening(full) + [
        {"seat": "N", "type": "tichu"},
        {"seat": "S", "type": "play", "cards": straight},
        {"seat": "N", "type": "play", "cards": flush},
        {"seat": "W", "type": "pass"},
        {"seat": "E", "type": "pass"},
        {"type": "collect"},
        {"seat": "N", "type": "play", "cards": ["jade-3"]},
    ]
    out = replay(_record([{"deal": deal_for(full), "actions": actions}]))
    assert out == {"ok": True,
                   "hands": [{"out": ["S", "N"], "double_victory": True, "card_points": {"NS": 0, "EW": 0},
                              "calls": {"N": "tichu"}, "called_ok": {"N": False}, "score": {"NS": 100, "EW": 0}}],
                   "totals": {"NS": 100, "EW": 0}, "winner": None}


def test_a_whole_random_game_replays_to_its_scores():
    state = random_game(random.Random(5), hands=30)
    out = replay(json.loads(json.dumps(build_record(state))))
    assert out["ok"] and out["winner"] == state.winner
    assert out["totals"] == {"NS": state.totals[0], "EW": state.totals[1]}
    assert len(out["hands"]) == len(state.results)


def test_a_record_between_two_hands_has_no_winner_and_is_not_in_progress():
    state = random_game(random.Random(6), hands=1)
    record = build_record(state)
    record["hands"] = record["hands"][:1]
    out = replay(record)
    assert out["ok"] and out["winner"] is None and "in_progress" not in out and len(out["hands"]) == 1


def test_an_empty_game_is_valid():
    assert replay(_record([])) == {"ok": True, "hands": [], "totals": {"NS": 0, "EW": 0}, "winner": None}


@pytest.mark.parametrize("record", [None, [], "x", 3, {"format": "tichu-record/2", "target": 1000, "hands": []},
                                    {"format": "tichu-record/1", "hands": []},
                                    {"format": "tichu-record/1", "target": "1000", "hands": []},
                                    {"format": "tichu-record/1", "target": True, "hands": []},
                                    {"format": "tichu-record/1", "target": 1000, "hands": {}}])
def test_a_record_of_the_wrong_shape_is_invalid_at_no_hand(record):
    out = replay(record)
    assert out["ok"] is False and out["hand"] is None and out["action"] is None
    assert out["error"] and out["message"]


def _bad_deal(mutate):
    deal = shuffled_deal(random.Random(1))
    mutate(deal)
    return replay(_record([{"deal": deal, "actions": []}]))


@pytest.mark.parametrize("mutate", [
    lambda d: d["S"].pop(),
    lambda d: d["S"].__setitem__(0, d["E"][0]),
    lambda d: d["S"].__setitem__(0, "jade-1"),
    lambda d: d["S"].__setitem__(0, 7),
    lambda d: d.pop("W"),
    lambda d: d.__setitem__("X", []),
    lambda d: d.__setitem__("S", "cards"),
])
def test_a_wrong_deal_is_invalid_at_its_hand_with_no_action(mutate):
    out = _bad_deal(mutate)
    assert (out["ok"], out["hand"], out["action"], out["error"]) == (False, 0, None, "bad_deal")


def test_a_hand_that_is_not_an_object_is_invalid():
    out = replay(_record(["hand"]))
    assert (out["ok"], out["hand"], out["action"]) == (False, 0, None)


def _with_actions(actions):
    full = fill({"S": ["mahjong"]})
    return replay(_record([{"deal": deal_for(full), "actions": _opening(full) + actions}]))


@pytest.mark.parametrize("action, error", [
    ({"seat": "S", "type": "dance"}, "unknown_action"),
    ({"seat": "S", "type": "pass", "extra": 1}, "bad_action"),
    ("pass", "bad_action"),
    ({"seat": "Q", "type": "pass"}, "bad_seat"),
    ({"seat": "E", "type": "pass"}, "not_your_turn"),
    ({"seat": "S", "type": "pass"}, "cannot_pass_lead"),
    ({"seat": "S", "type": "play", "cards": ["dragon"]}, "not_in_hand"),
    ({"seat": "S", "type": "grand", "call": True}, "wrong_phase"),
    ({"type": "collect"}, "nothing_to_collect"),
])
def test_the_first_offending_action_is_named_by_hand_and_index(action, error):
    out = _with_actions([action])
    assert (out["ok"], out["hand"], out["action"], out["error"]) == (False, 0, 8, error)


def test_actions_after_the_end_of_a_hand_are_invalid():
    state = random_game(random.Random(8), hands=1)
    record = build_record(state)
    record["hands"] = record["hands"][:1]
    record["hands"][0]["actions"].append({"type": "collect"})
    out = replay(record)
    assert (out["ok"], out["hand"], out["action"], out["error"]) == (
        False, 0, len(record["hands"][0]["actions"]) - 1, "hand_over")


def test_a_hand_after_an_unfinished_hand_is_invalid():
    full = fill({})
    hand = {"deal": deal_for(full), "actions": _opening(full)}
    out = replay(_record([hand, hand]))
    assert (out["ok"], out["hand"], out["action"], out["error"]) == (False, 1, None, "hand_not_over")


def test_a_hand_after_the_game_was_decided_is_invalid():
    full = fill({})
    hand = {"deal": deal_for(full), "actions": _opening(full) + [{"seat": "S", "type": "expel"}]}
    out = replay(_record([hand, hand]))
    assert (out["ok"], out["hand"], out["action"], out["error"]) == (False, 1, None, "game_over")


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2", '{"format": }'])
def test_text_that_is_not_json_is_reported_not_raised(text):
    out = replay_text(text)
    assert (out["ok"], out["hand"], out["action"], out["error"]) == (False, None, None, "invalid_json")


def test_deeply_nested_input_is_reported_not_raised():
    assert replay_text("[" * 100000 + "]" * 100000)["ok"] is False


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["S", "E", "N", "W", "play", "pass", "grand", "exchange", "gift", "tichu",
                       "collect", "jade-7", "phoenix", "mahjong", "7", "A"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["seat", "type", "cards", "call", "give", "to", "wish", "phoenix", "x"]), inner, max_size=5),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_value_as_an_action_gets_an_answer_not_an_exception(action):
    full = fill({"S": ["mahjong"]})
    out = replay(_record([{"deal": deal_for(full), "actions": _opening(full) + [action]}]))
    assert out["ok"] in (True, False)


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_any_json_value_as_a_record_gets_an_answer_not_an_exception(record):
    assert replay(record)["ok"] in (True, False)
