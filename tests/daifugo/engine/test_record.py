"""``daifugo-record/1``: building records and replaying valid, unfinished, invalid and
malformed ones (spec daifugo.md, "Record"; spec records.md)."""

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from daifugo.engine import apply, build_record, next_hand, replay, replay_text
from daifugo.bots.arena import play_game
from daifugo.engine.cards import CARD_IDS

from .helpers import deal, finish_hand, game, pass_, play

SEATS = ("1", "2", "3", "4")


@pytest.fixture(scope="module")
def finished():
    return play_game({"players": 4, "hands": 4, "revolution": True}, {s: "normal" for s in SEATS},
                     random.Random(7))


@pytest.fixture()
def record(finished):
    return copy.deepcopy(build_record(finished))


def test_a_record_has_the_options_and_each_hands_deal_and_actions(record):
    assert (record["format"], record["players"], record["hands_total"], record["revolution"]) == (
        "daifugo-record/1", 4, 4, True)
    assert len(record["hands"]) == 4
    assert set(record["hands"][0]["deal"]) == set(SEATS)
    assert sum(len(cards) for cards in record["hands"][0]["deal"].values()) == 52


def test_the_forced_gives_are_recorded_as_give_actions(record):
    second = record["hands"][1]["actions"]
    assert [a["type"] for a in second[:4]] == ["give"] * 4
    assert all(set(a) == {"seat", "type", "cards", "to"} for a in second[:4])
    assert not any(a["type"] == "give" for a in record["hands"][0]["actions"])


def test_replay_prints_places_points_per_hand_and_totals(record, finished):
    result = replay(record)
    assert result["ok"] is True
    assert [set(h) for h in result["hands"]] == [{"places", "titles", "points"}] * 4
    assert result["totals"] == {seat: sum(h["points"][seat] for h in result["hands"]) for seat in SEATS}
    best = max(result["totals"].values())
    assert result["winner"] == [seat for seat in SEATS if result["totals"][seat] == best]
    assert replay_text(json.dumps(record)) == result


def test_a_record_that_stops_inside_a_hand_is_in_progress(record):
    record["hands"] = record["hands"][:2]
    record["hands"][1]["actions"] = record["hands"][1]["actions"][:10]
    result = replay(record)
    assert (result["ok"], len(result["hands"]), result["winner"], result["in_progress"]) == (True, 1, None, True)


def test_a_record_that_stops_between_hands_is_undecided_and_not_in_progress(record):
    record["hands"] = record["hands"][:2]
    result = replay(record)
    assert (len(result["hands"]), result["winner"], "in_progress" in result) == (2, None, False)


def test_a_record_without_hands_replays_to_nothing(record):
    record["hands"] = []
    assert replay(record) == {"ok": True, "hands": [], "totals": {s: 0 for s in SEATS}, "winner": None}


def failure(record):
    result = replay(record)
    assert result["ok"] is False
    assert set(result) == {"ok", "hand", "action", "error", "message"}
    return result["hand"], result["action"], result["error"]


def test_an_illegal_action_is_reported_with_its_hand_and_index(record):
    actions = record["hands"][2]["actions"]
    index = next(i for i, a in enumerate(actions) if a["type"] == "play" and i > 5)
    actions[index]["seat"] = "4" if actions[index]["seat"] != "4" else "3"
    assert failure(record) == (2, index, "not_your_turn")


def test_actions_after_the_end_of_a_hand_are_invalid(record):
    record["hands"][0]["actions"].append({"seat": "1", "type": "pass"})
    assert failure(record) == (0, len(record["hands"][0]["actions"]) - 1, "hand_over")


def test_a_hand_after_the_game_is_decided_is_invalid(record):
    record["hands"].append(copy.deepcopy(record["hands"][1]))
    assert failure(record) == (4, None, "game_over")


def test_a_new_hand_before_the_last_one_finished_is_invalid(record):
    record["hands"][0]["actions"].pop()
    assert failure(record) == (1, None, "hand_not_over")


@pytest.mark.parametrize("change, code", [
    (lambda d: d["1"].append(d["2"].pop()), "bad_deal"),
    (lambda d: d["1"].__setitem__(0, d["2"][0]), "bad_deal"),
    (lambda d: d.pop("4"), "bad_deal"),
    (lambda d: d["1"].__setitem__(0, "joker"), "bad_deal"),
])
def test_a_wrong_deal_is_reported_without_an_action(record, change, code):
    change(record["hands"][1]["deal"])
    assert failure(record) == (1, None, code)


@pytest.mark.parametrize("field, value, code", [
    ("format", "tichu-record/1", "bad_format"), ("players", 6, "bad_options"), ("players", 4.0, "bad_options"),
    ("hands_total", 5, "bad_options"), ("revolution", "yes", "bad_options"), ("hands", {}, "bad_record"),
])
def test_wrong_options_are_reported_without_a_hand(record, field, value, code):
    record[field] = value
    assert failure(record) == (None, None, code)


def test_a_forced_give_that_keeps_a_high_card_is_invalid(record):
    beggar_give = record["hands"][1]["actions"][0]
    deal_of = record["hands"][1]["deal"][beggar_give["seat"]]
    lowest_given = min(CARD_IDS[c] // 4 for c in beggar_give["cards"])
    beggar_give["cards"][0] = next(c for c in deal_of if CARD_IDS[c] // 4 < lowest_given)
    assert failure(record) == (1, 0, "must_give_highest")


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "nul", "\x00", None, 12])
def test_text_that_is_not_json_is_an_invalid_record(text):
    result = replay_text(text)
    assert (result["ok"], result["hand"], result["action"], result["error"]) == (False, None, None, "invalid_json")


@pytest.mark.parametrize("value", [None, 1, "x", [], [1], {}, {"format": "daifugo-record/1"},
                                   {"format": "daifugo-record/1", "players": 4, "hands_total": 4, "revolution": False,
                                    "hands": [None]},
                                   {"format": "daifugo-record/1", "players": 4, "hands_total": 4, "revolution": False,
                                    "hands": [{"deal": [], "actions": []}]}])
def test_any_malformed_value_is_reported_not_raised(value):
    assert replay(value)["ok"] is False


def test_deeply_nested_json_is_reported_not_raised():
    assert replay_text("[" * 100000 + "]" * 100000)["ok"] is False


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                           max_leaves=20)


@settings(max_examples=80, deadline=None)
@given(json_values)
def test_arbitrary_json_never_raises(value):
    assert replay(value)["ok"] is False


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_record_with_one_action_replaced_by_garbage_never_raises(data):
    record = copy.deepcopy(RECORD)
    hand = data.draw(st.integers(0, len(record["hands"]) - 1))
    actions = record["hands"][hand]["actions"]
    index = data.draw(st.integers(0, len(actions) - 1))
    actions[index] = data.draw(json_values | st.fixed_dictionaries(
        {"seat": json_values, "type": st.sampled_from(["play", "pass", "give", "strike", "void"]),
         "cards": json_values, "to": json_values}))
    result = replay(record)
    assert result["ok"] is True or (result["hand"], result["action"]) <= (hand, index)


RECORD = build_record(play_game({"players": 5, "hands": 4}, {s: "beginner" for s in ("1", "2", "3", "4", "5")},
                                random.Random(11)))


def test_three_strikes_end_the_game_as_an_abandonment():
    state = game({})
    for _ in range(2):
        state, _ = apply(state, {"seat": "2", "type": "strike"})
    assert state.phase == "play"
    state, events = apply(state, {"seat": "2", "type": "strike"})
    assert state.phase == "game_over"
    result = replay(build_record(state))
    assert (result["end"], result["abandoned_by"]) == ({"reason": "strikes", "seat": "2"}, "2")
    assert result["winner"] == ["1", "3", "4"]
    assert result["hands"] == []


def test_a_kick_leaves_the_best_other_total_as_winner_and_a_void_has_none():
    state = finish_hand(game({"1": "club-3"}, hands_total=8))
    leader = state.results[0]["places"][0]
    state = next_hand(state, deal({}))
    kicked, _ = apply(state, {"seat": leader, "type": "kick"})
    assert kicked.winner == (state.results[0]["places"][1],)
    voided, _ = apply(state, {"type": "void"})
    assert replay(build_record(voided))["voided"] is True
    assert voided.winner is None


def test_a_played_position_records_exactly_the_actions_applied():
    state = pass_(play(game({"1": "club-3"}), "1", "club-3"), "2")
    assert build_record(state)["hands"][0]["actions"] == [
        {"seat": "1", "type": "play", "cards": ["club-3"]}, {"seat": "2", "type": "pass"}]
