"""The bots play through their views only, always with a legal action."""

import random

import pytest

from riichi.bots import choose_action
from riichi.engine import apply, legal_actions, new_game, next_hand, shuffled_deal, view


def acting_seats(state):
    return [s for s in range(4) if legal_actions(state, s)]


@pytest.mark.parametrize("strength, rounds", [("beginner", 99), ("normal", 2)])
def test_bots_play_with_legal_actions_only(strength, rounds):
    rng = random.Random(3)
    state = new_game({"length": "east"}, shuffled_deal(rng))
    wins = 0
    while state.phase != "game_over" and len(state.results) < rounds:
        if state.phase == "round_over":
            wins += state.results[-1]["result"] in ("ron", "tsumo")
            state = next_hand(state, shuffled_deal(rng))
            continue
        seat = acting_seats(state)[0]
        shown = view(state, seat)
        action = choose_action(shown, strength, rng)
        assert action in shown["legal_actions"]
        state, _ = apply(state, action)
    assert sum(state.scores) + 1000 * state.sticks == 100000
    if strength == "beginner":
        assert state.phase == "game_over" and wins >= 1


def test_a_seat_with_nothing_to_decide_gets_none():
    state = new_game({}, shuffled_deal(random.Random(1)))
    assert choose_action(view(state, 1), "normal", random.Random(0)) is None
