"""Bots decide from their view alone: never from another seat's hidden cards."""

import copy
import json
import random

import pytest

from tichu import engine as tichu
from tichu.bots import STRENGTHS, choose_action
from tichu.bots.knowledge import Knowledge
from tichu.bots.sampling import sample_hands
from tichu.engine.cards import CARD_IDS, cards_of

from .positions import position

MY_HAND = ["mahjong", "jade-2", "jade-3", "sword-4", "star-7", "pagoda-7", "jade-9", "star-J",
           "sword-Q", "jade-A", "phoenix"]
TRICK = [("E", ["jade-5"])]


def _two_positions_differing_only_in_hidden_hands(turn="S", trick=()):
    used = set(MY_HAND) | {c for _, cards in trick for c in cards}
    rest = [n for n in CARD_IDS if n not in used]
    one, two = rest[:], rest[:]
    random.Random(1).shuffle(one)
    random.Random(2).shuffle(two)
    hidden = lambda cards: {"E": cards[:12], "N": cards[12:24], "W": cards[24:36]}  # noqa: E731
    states = []
    for cards in (one, two):
        states.append(position({"S": MY_HAND, **hidden(cards)}, turn=turn, trick=trick))
    return states


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("trick", [(), TRICK])
def test_the_decision_is_the_same_whatever_the_hidden_hands(strength, trick):
    first, second = _two_positions_differing_only_in_hidden_hands(trick=trick)
    assert first.hands != second.hands
    view_one, view_two = tichu.view(first, "S"), tichu.view(second, "S")
    assert view_one == view_two
    actions = [choose_action(v, strength, random.Random(7), budget=0.05) for v in (view_one, view_two)]
    assert actions[0] == actions[1]
    assert actions[0] is not None


@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_bot_works_from_a_json_copy_of_the_view_alone(strength):
    state = position({"S": MY_HAND}, turn="S", trick=TRICK, counts={"E": 9, "N": 12, "W": 7})
    seen = json.loads(json.dumps(tichu.view(state, "S")))
    untouched = copy.deepcopy(seen)
    action = choose_action(seen, strength, random.Random(3), budget=0.05)
    assert {k: v for k, v in action.items() if k != "wish"} in seen["legal_actions"]
    assert seen == untouched


def test_sampled_hands_respect_counts_own_cards_and_seen_plays():
    state = position({"S": MY_HAND}, turn="S", trick=TRICK, counts={"E": 9, "N": 12, "W": 7})
    know = Knowledge(tichu.view(state, "S"))
    for seed in range(20):
        hands = sample_hands(know, random.Random(seed))
        assert hands[0] == know.hand
        assert [h.bit_count() for h in hands] == [11, 9, 12, 7]
        everything = 0
        for h in hands:
            assert not everything & h
            everything |= h
        assert not everything & know.gone()
        assert CARD_IDS["jade-5"] not in {c for h in hands for c in cards_of(h)}


def test_memory_keeps_the_plays_of_collected_tricks():
    state = position({"S": MY_HAND}, turn="S", trick=TRICK, counts={"E": 9, "N": 12, "W": 7})
    memory = {}

    def without_played(view):  # a view as callers without the engine's `played` field see it
        view.pop("played")
        return view

    Knowledge(without_played(tichu.view(state, "S")), memory)
    later = position({"S": MY_HAND}, turn="S", counts={"E": 9, "N": 12, "W": 7})
    know = Knowledge(without_played(tichu.view(later, "S")), memory)
    assert know.played[1] == 1 << CARD_IDS["jade-5"]
    assert memory == json.loads(json.dumps(memory))
