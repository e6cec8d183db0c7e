"""The bots: legal answers from their own view only, the normal heuristics, determinism."""

import random

import pytest

from daifugo.engine import apply, legal_actions, new_game, next_hand, server_actions, shuffled_deal, view
from daifugo.bots import choose_action, expert
from daifugo.bots.arena import play_game

from .helpers import deal, game, pass_, play, second_hand

BUDGET = 0.003


def is_answer(action, legal):
    """The action is listed, or completes the exchange template with cards of its hand."""
    if action in legal:
        return True
    template = legal[0]
    return (template["type"] == "give" and template["cards"] is None and action["to"] == template["to"]
            and len(action["cards"]) == template["count"] and set(action["cards"]) <= set(template["hand"]))


@pytest.mark.parametrize("strength", ["beginner", "normal", "expert"])
def test_every_strength_answers_every_decision_with_a_legal_action(strength):
    rng = random.Random(5)
    state = new_game({"players": 5, "hands": 4, "revolution": True}, shuffled_deal(rng, 5))
    seats = view(state)["seats"]
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = next_hand(state, shuffled_deal(rng, 5))
            continue
        forced = server_actions(state)
        if forced:
            state, _ = apply(state, forced[0])
            continue
        for seat in seats:
            seat_view = view(state, seat)
            action = choose_action(seat_view, strength, rng, budget=BUDGET)
            if seat_view["legal_actions"]:
                assert is_answer(action, seat_view["legal_actions"])
                state, _ = apply(state, action)
                break
            assert action is None


def normal(state, seat):
    return choose_action(view(state, seat), "normal", random.Random(0))


def test_the_normal_bot_beats_a_pair_of_9s_with_its_jacks_and_keeps_the_2():
    """FAQ 1: on a pair of 9s the pair of jacks beats, the single 2 does not; keep the 2
    for singles."""
    state = play(game({"1": "club-3 club-9 heart-9", "2": "club-J spade-J heart-2 diamond-4 club-6"}),
                 "1", "club-9 heart-9")
    assert normal(state, "2") == {"seat": "2", "type": "play", "cards": ["club-J", "spade-J"]}


def test_the_normal_bot_leads_its_lowest_full_set():
    state = game({"1": "club-3 heart-3 diamond-4 club-6 diamond-7 club-8 club-9 heart-10 club-J diamond-Q spade-K "
                       "heart-A spade-2"})
    assert normal(state, "1") == {"seat": "1", "type": "play", "cards": ["club-3", "heart-3"]}


def test_the_normal_bot_keeps_its_2_rather_than_spend_it_on_a_low_single_early():
    state = play(game({"1": "club-3", "2": "spade-2 club-4 diamond-4 heart-5 spade-5 club-7 diamond-7 club-9 diamond-9 "
                                        "club-10 heart-10 club-8 diamond-8"}), "1", "club-3")
    assert {"seat": "2", "type": "play", "cards": ["spade-2"]} in legal_actions(state, "2")
    assert normal(state, "2") == {"seat": "2", "type": "pass"}


def test_the_normal_bot_breaks_a_low_pair_reluctantly():
    state = play(game({"1": "club-3", "2": "club-4 heart-4 club-5 diamond-5 spade-6 heart-6 club-7 heart-7 club-9 "
                                        "heart-9 club-10 heart-10 spade-10"}), "1", "club-3")
    assert normal(state, "2") == {"seat": "2", "type": "pass"}


def test_the_normal_bot_starts_a_revolution_only_with_a_low_hand():
    low = game({"1": "club-3 club-9 diamond-9 heart-9 spade-9 diamond-3 heart-4 club-5 diamond-6 heart-7"},
               revolution=True)
    assert normal(low, "1")["cards"] == ["club-9", "diamond-9", "heart-9", "spade-9"]
    high = game({"1": "club-3 club-9 diamond-9 heart-9 spade-9 club-A diamond-K heart-Q club-2 heart-J"},
                revolution=True)
    assert len(normal(high, "1")["cards"]) != 4


def test_the_normal_bot_gives_back_its_lowest_single_cards():
    state, places = second_hand({0: "club-4 diamond-4 heart-6 club-8 spade-10", 3: "club-2 diamond-2"})
    for action in server_actions(state):
        state, _ = apply(state, action)
    hand = view(state, places[0])["hand"]
    singles = [c for c in hand if sum(1 for d in hand if d.split("-")[1] == c.split("-")[1]) == 1]
    assert normal(state, places[0])["cards"] == singles[:2]


@pytest.mark.parametrize("strength", ["beginner", "normal", "expert"])
def test_the_same_view_and_random_state_give_the_same_action(strength, monkeypatch):
    monkeypatch.setattr(expert, "MAX_SAMPLES", 8)
    state = play(game({"1": "club-3"}), "1", "club-3")
    answers = {str(choose_action(view(state, "2"), strength, random.Random(9), budget=60)) for _ in range(3)}
    assert len(answers) == 1


def test_the_expert_decides_on_its_own_view_only(monkeypatch):
    monkeypatch.setattr(expert, "MAX_SAMPLES", 8)
    base = deal({"1": "club-3"})
    swapped = {**base, "2": base["3"][:], "3": base["2"][:]}
    first = play(new_game({"players": 4}, base), "1", "club-3")
    second = play(new_game({"players": 4}, swapped), "1", "club-3")
    assert view(first, "4") == view(second, "4")
    assert view(first, "2") != view(second, "2")
    state_first = pass_(pass_(first, "2"), "3")
    state_second = pass_(pass_(second, "2"), "3")
    assert choose_action(view(state_first, "4"), "expert", random.Random(3), budget=60) == \
        choose_action(view(state_second, "4"), "expert", random.Random(3), budget=60)


def test_normal_bots_outscore_beginners():
    totals = {"normal": 0, "beginner": 0}
    for seed in range(6):
        lineup = {"1": "normal", "2": "beginner", "3": "normal", "4": "beginner"}
        if seed % 2:
            lineup = {seat: "beginner" if s == "normal" else "normal" for seat, s in lineup.items()}
        state = play_game({"players": 4, "hands": 4}, lineup, random.Random(seed))
        for seat, strength in lineup.items():
            totals[strength] += state.totals[int(seat) - 1]
    assert totals["normal"] > 1.5 * totals["beginner"]
