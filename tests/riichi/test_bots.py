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
    wins, playing = 0, state.round_no
    while state.phase != "game_over" and len(state.results) < rounds:
        if state.phase == "round_over":
            wins += state.results[-1]["result"] in ("ron", "tsumo")
            assert state.results[-1]["round"] == playing  # the score sheet names the hand by it
            state = next_hand(state, shuffled_deal(rng))
            playing = state.round_no
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


def _table_view(hand, rivers, riichi_seats=(), dora="9s"):
    """A real seat-0 view (the dealer to discard) with its hand and rivers replaced."""
    shown = view(new_game({}, shuffled_deal(random.Random(1))), 0)
    shown["hand"] = list(hand)
    shown["dora_indicators"] = [dora]
    shown["rivers"] = [[{"tile": t, "tsumogiri": False, "riichi": t == riichi_tile, "called": False}
                        for t in river] for river, riichi_tile in rivers]
    shown["riichi"] = [s in riichi_seats for s in range(4)]
    shown["live_left"] = 40
    shown["legal_actions"] = [{"seat": 0, "type": "discard", "tile": t} for t in dict.fromkeys(hand)]
    return shown


def test_expert_folds_a_cheap_far_hand_to_a_tile_the_riichi_let_pass():
    from riichi.bots import tiles as tk
    from riichi.bots.shanten import shanten

    hand = ["2m", "3m", "7m", "9m", "3p", "5p", "8p", "1s", "4s", "5s", "6s", "9s", "2z", "2z"]
    assert min(shanten(tk.counts(hand[:i] + hand[i + 1:])) for i in range(14)) == 2
    # seat 1 declared riichi with 1z; seat 2 then discarded 5p and seat 1 did not ron it
    rivers = [([], None), (["9p", "1z"], "1z"), (["2s", "5p"], None), (["7z"], None)]
    action = choose_action(_table_view(hand, rivers, riichi_seats=(1,)), "expert", random.Random(0))
    assert action["tile"] == "5p"


def test_wait_danger_counts_suji_and_kabe():
    from riichi.bots import tiles as tk
    from riichi.bots.danger import passed, wait_danger

    hand = ["3p", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1z", "1z", "1z", "2z"]

    def risks(others):
        rivers = [([], None), (["4p", "1z"], "1z"), (others, None), ([], None)]
        shown = _table_view(hand, rivers, riichi_seats=(1,))
        unseen, safe = tk.unseen(shown), passed(shown, 1)
        return {n: wait_danger(shown, 1, tk.kind(n), unseen, safe) for n in ("1p", "2p", "4p", "5p", "7p")}

    risk = risks([])
    assert risk["4p"] == 0  # its own discard
    assert risk["1p"] < risk["7p"] < risk["5p"]  # 1p is suji of 4p, 7p half suji, 5p neither
    kabe = risks(["3p", "3p", "3p"])  # with the hand's, every 3p is in sight
    assert kabe["2p"] < risk["2p"] and kabe["2p"] == kabe["1p"]  # only a pair wait is left
