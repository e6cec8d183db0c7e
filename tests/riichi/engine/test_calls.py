"""Draws, discards and the call window: chi from the left only, pon over chi, ron over all,
kuikae, double and triple ron."""

import pytest

from riichi.engine import IllegalAction, apply, legal_actions, server_actions

from .helpers import chi, discard, play, pon, ron, start, tsumogiri, types

DEALER = "59m19p19s1234567z"


def test_a_discard_nobody_calls_passes_the_turn_to_the_right_who_draws():
    state = start(hands={0: DEALER}, draws="8m")
    state = play(state, discard(0, "8m"))
    assert state.turn == 1 and len(state.hands[1]) == 14
    assert state.live_left == 68


def test_chi_only_from_the_left_with_every_tile_choice():
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z", 2: "46m13579p135s11z"}, draws="4z")
    state = play(state, discard(0, "5m"))
    chis = sorted(a["tiles"] for a in legal_actions(state, 1) if a["type"] == "chi")
    assert chis == [["3m", "4m", "5m"], ["4m", "5m", "6m"], ["5m", "6m", "7m"]]
    assert not [a for a in legal_actions(state, 2) if a["type"] == "chi"]


def test_kuikae_forbids_discarding_the_called_kind_or_the_other_end():
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z"}, draws="4z")
    state = play(state, discard(0, "5m"), chi(1, "345m"))
    assert state.turn == 1 and state.step == "discard"
    for tile in ("0m",):
        with pytest.raises(IllegalAction) as error:
            apply(state, discard(1, tile))
        assert error.value.code == "kuikae"
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z"}, draws="4z")
    state = play(state, discard(0, "5m"), chi(1, "567m"))
    discards = {a["tile"] for a in legal_actions(state, 1) if a["type"] == "discard"}
    assert "0m" not in discards and "3m" in discards


def test_the_window_waits_for_every_seat_and_pon_beats_chi():
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z", 2: "55m13579p135s11z"}, draws="4z")
    state, _ = apply(state, discard(0, "5m"))
    assert state.step == "calls"
    assert sorted(a["seat"] for a in server_actions(state)) == [1, 2]
    state, _ = apply(state, chi(1, "345m"))
    assert state.step == "calls"
    assert legal_actions(state, 1) == []
    state, _ = apply(state, pon(2, "555m"))
    assert state.turn == 2 and state.melds[2][0][0] == "pon" and state.melds[1] == []
    state, _ = apply(state, discard(2, "1z"))
    state = play(state, {"seat": 3, "type": "pass"}) if state.step == "calls" else state
    assert state.turn == 3


def test_passing_on_a_call_lets_the_next_seat_draw():
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z"}, draws="4z")
    state, _ = apply(state, discard(0, "5m"))
    state, _ = apply(state, {"seat": 1, "type": "pass"})
    assert state.turn == 1 and len(state.hands[1]) == 14 and state.step == "discard"


TANYAO_25M = "34m234p456p678s22s"


def test_ron_beats_pon():
    state = start(hands={0: DEALER, 1: TANYAO_25M, 2: "55m13579p135s11z"}, draws="4z")
    state, _ = apply(state, discard(0, "5m"))
    state, _ = apply(state, pon(2, "555m"))
    state, _ = apply(state, ron(1))
    assert state.results[-1]["result"] == "ron"
    # tanyao and pinfu, 30 fu: 2000
    assert state.results[-1]["deltas"] == [-2000, 2000, 0, 0]


def test_double_ron_gives_honba_and_sticks_to_the_first_winner_in_turn_order():
    state = start(hands={0: DEALER, 1: TANYAO_25M, 3: "34m234p456p678s33s"}, draws="4z")
    state.honba, state.sticks, state.round_sticks = 2, 1, 1
    state = play(state, discard(0, "5m"), ron(3), ron(1))
    result = state.results[-1]
    assert result["result"] == "ron" and result["honba"] == 2 and result["sticks"] == 1
    assert result["deltas"] == [-4600, 2000 + 600 + 1000, 0, 2000]
    assert state.sticks == 0
    assert state.last_result["next_round"] == 1 and state.last_result["next_honba"] == 0


def test_without_double_ron_only_the_first_in_turn_order_wins():
    state = start({"double_ron": False}, hands={0: DEALER, 1: TANYAO_25M, 3: "34m234p456p678s33s"}, draws="4z")
    state = play(state, discard(0, "5m"), ron(3), ron(1))
    assert state.results[-1]["deltas"] == [-2000, 2000, 0, 0]


def test_triple_ron_is_an_abortive_draw():
    state = start(hands={0: DEALER, 1: TANYAO_25M, 2: "34m678p345s567s88p", 3: "34m234p456p678s33s"},
                  draws="4z")
    state = play(state, discard(0, "5m"), ron(1), ron(2), ron(3))
    assert state.results[-1]["result"] == "abort:triple_ron"
    assert state.results[-1]["deltas"] == [0, 0, 0, 0]
    assert state.last_result["next_round"] == 0 and state.last_result["next_honba"] == 1


def test_without_double_ron_three_rons_are_a_head_bump_not_a_draw():
    state = start({"double_ron": False}, hands={0: DEALER, 1: TANYAO_25M, 2: "34m678p345s567s88p",
                                                3: "34m234p456p678s33s"}, draws="4z")
    state = play(state, discard(0, "5m"), ron(1), ron(2), ron(3))
    assert state.results[-1]["result"] == "ron" and state.results[-1]["deltas"][2:] == [0, 0]


def test_no_call_on_a_tile_with_nothing_to_call_and_turn_actions_only_for_the_turn():
    state = start(hands={0: DEALER}, draws="8m")
    assert legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as error:
        apply(state, tsumogiri(state, 0) | {"seat": 1})
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as error:
        apply(state, {"seat": 1, "type": "pass"})
    assert error.value.code == "no_call_pending"
    assert "discard" in types(state, 0)


def test_apply_never_changes_the_state_it_is_given():
    from riichi.engine import to_json
    state = start(hands={0: DEALER, 1: "34m67m0m99p2468s77z", 2: "55m13579p135s11z"}, draws="4z")
    state, _ = apply(state, discard(0, "5m"))
    before = to_json(state)
    import json
    snapshot = json.dumps(before)
    apply(state, chi(1, "345m"))
    apply(state, {"seat": 2, "type": "pass"})
    assert json.dumps(to_json(state)) == snapshot
