"""The revolution rule (seed 004, "Revolution (optional)"; spec daifugo.md, "Revolution")."""

import pytest

from daifugo.engine import IllegalAction, apply, next_hand, view

from .helpers import deal, finish_hand, game, pass_, play

QUAD_5 = "club-5 diamond-5 heart-5 spade-5"
QUAD_4 = "club-4 diamond-4 heart-4 spade-4"
QUAD_6 = "club-6 diamond-6 heart-6 spade-6"


def start(revolution=True):
    return game({"1": f"club-3 {QUAD_5} club-K", "2": f"{QUAD_4} spade-2 diamond-3",
                 "3": f"{QUAD_6} heart-3", "4": "spade-3 club-A"}, revolution=revolution)


def code_of(state, seat, cards):
    with pytest.raises(IllegalAction) as caught:
        apply(state, {"seat": seat, "type": "play", "cards": cards.split()})
    return caught.value.code


def test_four_of_a_kind_reverses_the_order_at_once():
    state, events = apply(start(), {"seat": "1", "type": "play", "cards": QUAD_5.split()})
    assert {"type": "revolution", "reversed": True} in events
    assert view(state)["reversed"] is True
    assert view(play(state, "2", QUAD_4))["top"]["seat"] == "2"


def test_after_a_revolution_3_is_highest_and_2_lowest():
    state = play(start(), "1", QUAD_5)
    for seat in ("2", "3", "4"):
        state = pass_(state, seat)
    state = play(state, "1", "club-K")
    assert code_of(state, "2", "spade-2") == "does_not_beat"
    state = play(state, "2", "diamond-3")
    assert code_of(pass_(state, "3"), "4", "club-A") == "does_not_beat"


def test_plays_compare_by_the_order_in_force():
    state = play(start(), "1", QUAD_5)
    state = pass_(state, "2")
    assert code_of(state, "3", QUAD_6) == "does_not_beat"


def test_another_four_of_a_kind_restores_the_normal_order():
    state = play(play(start(), "1", QUAD_5), "2", QUAD_4)
    assert view(state)["reversed"] is False
    assert view(play(state, "3", QUAD_6))["top"]["seat"] == "3"


def test_without_the_rule_four_of_a_kind_is_a_plain_play():
    state = play(start(revolution=False), "1", QUAD_5)
    assert view(state)["reversed"] is False
    assert code_of(state, "2", QUAD_4) == "does_not_beat"


def test_every_hand_starts_in_the_normal_order():
    state = finish_hand(play(start(), "1", QUAD_5))
    assert state.reversed
    assert view(next_hand(state, deal({})))["reversed"] is False


def test_the_hand_is_shown_sorted_by_the_order_in_force():
    state = start()
    assert view(state, "4")["hand"][0] == "spade-3"
    state = play(state, "1", QUAD_5)
    assert view(state, "4")["hand"][-1] == "spade-3"
    assert view(state, "2")["hand"][0] == "spade-2"
