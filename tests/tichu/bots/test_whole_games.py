"""Bots of every strength play whole hands through the engine's ``apply``; every decision is
checked against the view's legal actions."""

import random

import pytest

from tichu.engine import shuffled_deal
from tichu.bots.actions import must_decide
from tichu.bots.arena import play_hand

EXPERT_TEST_BUDGET = 0.01
TEAM = {"S": "NS", "N": "NS", "E": "EW", "W": "EW"}


def _strip_wish(action):
    return {k: v for k, v in action.items() if k != "wish"}


def check_decision(seat, view, action, seconds):
    legal = view["legal_actions"]
    if action is None:
        assert not must_decide(view), f"{seat} declined a required decision"
        return
    assert action["seat"] == seat
    if action["type"] == "exchange":
        template = next(a for a in legal if a["type"] == "exchange")
        give = action["give"]
        assert sorted(give) == sorted(template["to"])
        assert len(set(give.values())) == 3
        assert set(give.values()) <= set(template["hand"])
        return
    if action["type"] == "gift":
        assert TEAM[action["to"]] != TEAM[seat], "the Dragon trick went to the partner"
    if "wish" in action:
        assert "mahjong" in action["cards"]
        assert action["wish"] in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert _strip_wish(action) in legal


def _play(strengths, hands, seed):
    rng = random.Random(seed)
    for _ in range(hands):
        state = play_hand(shuffled_deal(rng), strengths, rng,
                          budgets={s: EXPERT_TEST_BUDGET for s in strengths}, observe=check_decision)
        assert state.phase == "hand_over"
        assert len(state.results) == 1


@pytest.mark.parametrize("strength,hands", [("beginner", 30), ("normal", 30), ("expert", 6)])
def test_every_strength_plays_only_legal_actions_through_whole_hands(strength, hands):
    _play({s: strength for s in "SENW"}, hands, seed=len(strength))


def test_mixed_tables_finish_their_hands():
    _play({"S": "expert", "E": "beginner", "N": "normal", "W": "normal"}, 2, seed=5)
    _play({"S": "beginner", "E": "normal", "N": "beginner", "W": "normal"}, 10, seed=6)


def test_an_unknown_strength_is_refused():
    from tichu.engine import new_game, view
    from tichu.bots import choose_action

    state = new_game({"target": 1000}, shuffled_deal(random.Random(0)))
    with pytest.raises(ValueError):
        choose_action(view(state, "S"), "grandmaster", random.Random(0))
