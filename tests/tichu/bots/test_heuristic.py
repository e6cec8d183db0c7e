"""The heuristics (the normal bot's choices out of its turn, and its first candidate in
turn), each in a situation where it matters."""

import random

from tichu import engine as tichu
from tichu.bots import heuristic
from tichu.engine.cards import CARD_IDS

from .positions import position

BOMB = ["jade-8", "sword-8", "pagoda-8", "star-8"]


def normal(state, seat="S"):
    return heuristic.choose(tichu.view(state, seat), random.Random(0))


def test_it_leads_its_lowest_single_first():
    state = position({"S": ["jade-2", "sword-5", "star-9", "jade-K", "pagoda-3"]})
    assert normal(state)["cards"] == ["jade-2"]


def test_it_leads_a_low_straight_rather_than_its_cards_one_by_one():
    hand = ["jade-3", "sword-4", "star-5", "jade-6", "pagoda-7", "star-K", "jade-A"]
    assert sorted(normal(position({"S": hand}))["cards"]) == sorted(hand[:5])


def test_it_leads_a_low_pair_as_a_pair():
    hand = ["jade-4", "sword-4", "star-9", "jade-J", "pagoda-A"]
    assert sorted(normal(position({"S": hand}))["cards"]) == ["jade-4", "sword-4"]


def test_it_does_not_beat_its_partners_winning_trick():
    state = position({"S": ["jade-Q", "sword-A", "dragon", *BOMB]}, turn="S", trick=[("N", ["jade-10"])],
                     passed=["W"])
    assert normal(state)["type"] == "pass"


def test_it_does_not_bomb_its_partner_out_of_turn():
    state = position({"S": ["jade-Q", *BOMB], "N": ["star-3", "star-4"]}, turn="E",
                     trick=[("N", ["jade-A"])], counts={"E": 2, "W": 5})
    assert normal(state) is None


def test_it_bombs_an_opponent_about_to_go_out():
    state = position({"S": ["jade-Q", *BOMB], "E": ["star-3"]}, turn="N",
                     trick=[("E", ["jade-A"])], counts={"N": 9, "W": 9})
    assert sorted(normal(state)["cards"]) == sorted(BOMB)


def test_it_keeps_its_bomb_early_in_the_hand():
    state = position({"S": ["jade-2", "jade-Q", *BOMB]}, turn="N",
                     trick=[("E", ["jade-A"])], counts={"E": 12, "N": 12, "W": 12})
    assert normal(state) is None


def test_it_bombs_to_go_out_when_the_rest_of_its_hand_is_one_combination():
    hand = ["jade-K", "sword-K", *BOMB]
    on_turn = position({"S": hand}, turn="S", trick=[("W", ["jade-A"])],
                       counts={"E": 9, "N": 9, "W": 9})
    assert sorted(normal(on_turn)["cards"]) == sorted(BOMB)
    out_of_turn = position({"S": hand}, turn="N", trick=[("E", ["jade-A"])],
                           counts={"E": 9, "N": 9, "W": 9})
    assert sorted(normal(out_of_turn)["cards"]) == sorted(BOMB)


def test_it_keeps_its_bomb_when_the_rest_of_its_hand_needs_several_leads():
    state = position({"S": ["jade-3", "sword-K", *BOMB]}, turn="S", trick=[("W", ["jade-A"])],
                     counts={"E": 9, "N": 9, "W": 9})
    assert normal(state)["type"] == "pass"


def test_it_beats_an_opponent_with_its_cheapest_card():
    state = position({"S": ["jade-3", "sword-J", "star-K", "dragon", "jade-6"]}, turn="S",
                     trick=[("E", ["jade-10"])])
    assert normal(state)["cards"] == ["sword-J"]


def test_it_calls_tichu_on_a_very_strong_hand():
    hand = ["dragon", "phoenix", "jade-A", "sword-A", "star-A", "jade-K", "sword-K",
            "jade-Q", "star-Q", "pagoda-J", "star-J", "jade-10", "star-10", "mahjong"]
    state = position({"S": hand})
    assert normal(state) == {"seat": "S", "type": "tichu"}


def test_it_does_not_call_tichu_on_a_weak_hand():
    hand = ["jade-2", "sword-3", "star-5", "jade-6", "pagoda-8", "star-9", "jade-J",
            "sword-2", "pagoda-4", "star-7", "jade-10", "sword-Q", "pagoda-K", "dog"]
    assert normal(position({"S": hand}, turn="E"))is None


def test_it_does_not_call_tichu_when_its_partner_has_called():
    hand = ["dragon", "phoenix", "jade-A", "sword-A", "star-A", "jade-K", "sword-K",
            "jade-Q", "star-Q", "pagoda-J", "star-J", "jade-10", "star-10", "mahjong"]
    state = position({"S": hand}, calls={"N": "tichu"})
    assert normal(state)["type"] == "play"


def _grand_view(first_eight):
    rest = [n for n in CARD_IDS if n not in first_eight]
    deal = {"S": first_eight + rest[:6], "E": rest[6:20], "N": rest[20:34], "W": rest[34:48]}
    state = tichu.new_game({"target": 1000}, deal)
    return state


def test_it_calls_grand_tichu_on_a_very_strong_first_eight():
    state = _grand_view(["dragon", "phoenix", "jade-A", "sword-A", "star-A", "jade-K", "star-Q", "jade-J"])
    assert normal(state) == {"seat": "S", "type": "grand", "call": True}


def test_it_declines_grand_tichu_on_an_ordinary_first_eight():
    state = _grand_view(["jade-2", "sword-5", "jade-A", "sword-9", "star-7", "jade-K", "star-Q", "jade-J"])
    assert normal(state) == {"seat": "S", "type": "grand", "call": False}


def test_it_gives_its_lowest_cards_to_the_opponents_and_a_high_one_to_its_partner():
    hand = ["jade-2", "sword-3", "star-6", "jade-6", "pagoda-8", "star-9", "jade-J",
            "sword-J", "pagoda-Q", "star-K", "jade-A", "sword-10", "pagoda-7", "dog"]
    state = position({"S": hand}, phase="exchange", turn=None)
    action = normal(state)
    assert action["type"] == "exchange"
    assert sorted([action["give"]["E"], action["give"]["W"]]) == ["jade-2", "sword-3"]
    assert action["give"]["N"] == "jade-A"


def test_it_gives_the_dragon_trick_to_the_opponent_with_more_cards():
    state = position({"S": ["jade-3"]}, turn=None, trick=[("S", ["dragon"])], gift_by="S",
                     counts={"E": 2, "N": 5, "W": 7})
    assert normal(state) == {"seat": "S", "type": "gift", "to": "W"}


def test_it_wishes_for_a_rank_it_does_not_hold():
    hand = ["mahjong", "jade-A", "sword-A", "star-K", "jade-9"]
    state = position({"S": hand})
    action = normal(state)
    assert action["cards"] == ["mahjong"]
    assert action["wish"] not in ("A", "K", "9")


def test_it_leads_the_dog_to_a_partner_who_called():
    state = position({"S": ["dog", "jade-3", "sword-9", "star-K"]}, calls={"N": "tichu"})
    assert normal(state)["cards"] == ["dog"]


def test_it_spends_its_dragon_to_help_a_calling_partner():
    state = position({"S": ["jade-3", "dragon", "jade-6", "star-8"]}, turn="S",
                     trick=[("E", ["jade-A"])], calls={"N": "tichu"})
    assert normal(state)["cards"] == ["dragon"]


def test_it_keeps_its_dragon_on_a_small_card_otherwise():
    state = position({"S": ["jade-3", "dragon", "jade-6", "star-8", "sword-4", "jade-2"]}, turn="S",
                     trick=[("E", ["jade-9"])], counts={"E": 10, "N": 10, "W": 10})
    assert normal(state)["type"] == "pass"
