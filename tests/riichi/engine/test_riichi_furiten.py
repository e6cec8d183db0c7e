"""Riichi (its conditions, the stick, ippatsu) and the three kinds of furiten."""

import pytest

from riichi.engine import IllegalAction, apply, legal_actions

from .helpers import discard, parse, play, pon, ron, settle, start, tsumo, tsumogiri

TENPAI_AFTER_1Z = "234m234p456p678s2s"  # with a drawn 1z: riichi on a 2s (or 1z) tanki


def riichi_discards(state, seat):
    return sorted(a["tile"] for a in legal_actions(state, seat) if a.get("riichi"))


def test_riichi_needs_a_tenpai_discard():
    state = start(hands={0: TENPAI_AFTER_1Z}, draws="1z")
    assert riichi_discards(state, 0) == ["1z", "2s"]
    with pytest.raises(IllegalAction) as error:
        apply(state, discard(0, "2m", riichi=True))
    assert error.value.code == "riichi_not_tenpai"


def test_riichi_needs_1000_points():
    state = start(hands={0: TENPAI_AFTER_1Z}, draws="1z")
    state.scores[0] = 900
    assert riichi_discards(state, 0) == []


def test_riichi_needs_four_tiles_left_in_the_live_wall():
    state = start(hands={0: TENPAI_AFTER_1Z}, draws="1z")
    state.draw_pos = 67
    assert state.live_left == 3
    assert riichi_discards(state, 0) == []


def test_riichi_needs_a_closed_hand():
    state = start(hands={0: "59m19p19s1234567z", 1: "44z234m234p456p67s"}, draws="4z")
    state = play(state, discard(0, "4z"), pon(1, "444z"))
    assert riichi_discards(state, 1) == []


def test_the_riichi_stick_is_paid_once_the_discard_passes_and_ippatsu_starts():
    state = start(hands={0: TENPAI_AFTER_1Z}, draws="1z")
    state, _ = apply(state, discard(0, "1z", riichi=True))
    state = play(state, tsumogiri(state, 1)) if state.step == "discard" else state
    assert state.scores[0] == 24000 and state.sticks == 1
    assert state.riichi[0] == 2  # on the first discard before any call: double riichi


def test_a_ronned_riichi_discard_pays_no_stick():
    state = start(hands={0: TENPAI_AFTER_1Z.replace("2s", "5m"), 1: "34m234p456p678s55s"}, draws="1z")
    state = play(state, discard(0, "5m", riichi=True), ron(1))
    assert state.sticks == 0
    assert state.results[-1]["deltas"][0] < 0 and state.scores[0] == 25000 + state.results[-1]["deltas"][0]


def test_after_riichi_only_the_drawn_tile_may_be_discarded():
    state = start(hands={0: TENPAI_AFTER_1Z}, draws="1z 9m 9p 9s 8p")
    state = play(state, discard(0, "1z", riichi=True), discard(1, "9m"), discard(2, "9p"), discard(3, "9s"))
    assert [a["tile"] for a in legal_actions(state, 0) if a["type"] == "discard"] == ["8p"]
    with pytest.raises(IllegalAction) as error:
        apply(state, discard(0, "2m"))
    assert error.value.code == "riichi_must_discard_drawn"


def test_ippatsu_tsumo_on_the_next_draw():
    state = start(hands={0: TENPAI_AFTER_1Z}, draws="1z 9m 9p 9s 2s")
    state = play(state, discard(0, "1z", riichi=True), discard(1, "9m"), discard(2, "9p"), discard(3, "9s"),
                 tsumo(0))
    yaku = state.last_result["details"][0]["yaku"]
    assert "Ippatsu" in yaku and "Double Riichi" in yaku


def test_ippatsu_is_broken_by_any_call():
    state = start(hands={0: TENPAI_AFTER_1Z, 2: "99m1357p1357s123z"}, draws="1z 9m 9s 2s")
    state = play(state, discard(0, "1z", riichi=True), discard(1, "9m"), pon(2, "999m"),
                 discard(2, "1z"), discard(3, "9s"), tsumo(0))
    assert "Ippatsu" not in state.last_result["details"][0]["yaku"]


def test_furiten_by_own_discard_forbids_ron_but_not_tsumo():
    hand = "234m234p456p678s2s"
    state = start(hands={0: "59m19p19s1234567z", 1: hand}, draws="8m 2s 1p 1s 5m 5m")
    state = play(state, discard(0, "8m"), discard(1, "2m"), discard(2, "1p"), discard(3, "1s"))
    state = settle(play(state, discard(0, "5m")))
    assert state.turn == 1 and {"type": "tsumo", "seat": 1} in legal_actions(state, 1)


def test_passing_a_winning_tile_is_furiten_until_the_own_next_discard():
    state = start(hands={0: "59m19p19s1234567z", 1: "2m3579p13579s12z", 2: "34m234p456p678s22s"},
                  draws="8m 9m 9p")
    state, _ = apply(state, discard(0, "5m"))
    state, _ = apply(state, {"seat": 2, "type": "pass"})
    state = settle(state)
    assert state.furiten_temp[2]
    state, _ = apply(state, discard(1, "2m"))
    assert {"seat": 2, "type": "ron"} not in legal_actions(state, 2)
    state = settle(state)
    state, _ = apply(state, discard(2, "9p"))
    assert not state.furiten_temp[2]


def test_after_riichi_a_passed_winning_tile_is_furiten_for_good():
    state = start(hands={0: "59m19p19s1234567z", 1: "34m234p456p678s22s", 2: "5m3579p13579s12z"},
                  draws="8m 2s 9p 9s 1z 9m")
    state = play(state, discard(0, "8m"), discard(1, "2s", riichi=True), discard(2, "5m"))
    assert state.step == "calls" and {"seat": 1, "type": "ron"} in legal_actions(state, 1)
    state, _ = apply(state, {"seat": 1, "type": "pass"})
    state = settle(state)
    assert state.furiten_riichi[1]
    state = settle(play(state, discard(3, "9s"), discard(0, "5m")))
    assert state.turn == 1 and state.drawn == parse("9m")
    state = settle(play(state, discard(1, "9m")))
    assert state.furiten_riichi[1]
