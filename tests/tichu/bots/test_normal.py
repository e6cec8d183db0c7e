"""The normal bot: the heuristics everywhere but its own turns in the play, where it looks
ahead over a few candidates (``normal``, ``lookahead``). Asked through the public entry point
on the engine's own view of a real state."""

import random

from tichu import engine as tichu
from tichu.bots import choose_action, heuristic, lookahead
from tichu.bots.arena import play_hand

from .positions import position


def normal(state, seat="S", seed=0):
    return choose_action(tichu.view(state, seat), "normal", random.Random(seed))


def test_with_both_opponents_on_one_card_it_leads_its_pair_not_its_single():
    # the heuristic leads the 4 (its lowest single), which either opponent can beat to go out
    state = position({"S": ["jade-K", "star-K", "jade-4"]}, counts={"E": 1, "N": 6, "W": 1})
    assert heuristic.choose(tichu.view(state, "S"), random.Random(0))["cards"] == ["jade-4"]
    assert sorted(normal(state)["cards"]) == ["jade-K", "star-K"]


def test_it_passes_the_lead_to_a_partner_near_the_end_with_the_dog():
    state = position({"S": ["jade-5", "dog", "jade-8", "jade-10"]}, counts={"E": 7, "N": 3, "W": 6})
    assert heuristic.choose(tichu.view(state, "S"), random.Random(0))["cards"] == ["jade-5"]
    assert normal(state)["cards"] == ["dog"]


def test_out_of_its_turn_and_before_the_play_it_answers_as_the_heuristics():
    seen = []

    def observe(seat, view, action, seconds):
        if view["turn"] != seat or view["phase"] != "play":
            seen.append(action == heuristic.choose(view, random.Random(0), None))

    for seed in range(3):
        deal = tichu.shuffled_deal(random.Random(seed))
        play_hand(deal, {s: "normal" for s in "SENW"}, random.Random(seed), observe=observe,
                  memory=False)
    assert len(seen) > 50 and all(seen)


def test_a_search_the_deadline_cuts_short_keeps_the_heuristic_move(monkeypatch):
    state = position({"S": ["jade-K", "star-K", "jade-4"]}, counts={"E": 1, "N": 6, "W": 1})
    now = [0.0]

    def slow_clock():
        now[0] += 1.0  # every look at the clock a second later: past the deadline at once
        return now[0]

    monkeypatch.setattr(lookahead, "clock", slow_clock)
    assert normal(state)["cards"] == ["jade-4"]
