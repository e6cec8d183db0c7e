"""Same view, same rng state: same action, for every strength."""

import random

import pytest

from tichu import engine as tichu
from tichu.bots import STRENGTHS, choose_action
from tichu.bots.arena import play_hand


def _views_of_a_hand(seed):
    views = []

    def keep(seat, view, action, seconds):
        views.append(view)

    rng = random.Random(seed)
    play_hand(tichu.shuffled_deal(rng), {s: "normal" for s in "SENW"}, rng, observe=keep)
    return views[::7]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_seeded_rng_gives_the_same_action_twice(strength):
    views = _views_of_a_hand(3)
    if strength == "expert":
        views = [v for v in views if v["phase"] == "play" and v["turn"] == v["seat"]][:6]
    assert views
    for view in views:
        first = choose_action(view, strength, random.Random(11), budget=0.05)
        second = choose_action(view, strength, random.Random(11), budget=0.05)
        assert first == second


def test_the_beginner_varies_with_the_rng():
    views = [v for v in _views_of_a_hand(4) if len(v["legal_actions"]) > 3 and v["turn"] == v["seat"]]
    actions = {str(choose_action(views[0], "beginner", random.Random(seed))) for seed in range(20)}
    assert len(actions) > 1
