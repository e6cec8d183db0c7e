"""The expert's searched calls: the Grand Tichu call on the first 8 cards, played out over
whole hands with and without the call (``expert.wants_grand``)."""

import random

from tichu import engine as tichu
from tichu.bots import calls, choose_action, expert
from tichu.bots.knowledge import mask_of_names
from tichu.engine.cards import CARD_IDS

# a bomb of Aces, the Dragon and the Phoenix: below the normal bot's threshold (the Aces count
# once, as a bomb), yet it goes out first nearly always
OVERWHELMING = ["jade-A", "sword-A", "pagoda-A", "star-A", "dragon", "phoenix", "star-Q", "jade-J"]
# two Aces and the Phoenix in the band that is searched, the rest low and scattered
WEAK = ["jade-A", "star-A", "phoenix", "jade-2", "sword-4", "pagoda-6", "star-8", "jade-10"]


def grand_view(first_eight, seed=1):
    """South's view at the Grand Tichu decision with ``first_eight`` as its visible cards;
    the rest of the deck (its other 6 cards and the others' hands) shuffled by ``seed``."""
    rest = [n for n in CARD_IDS if n not in first_eight]
    random.Random(seed).shuffle(rest)
    deal = {"S": list(first_eight) + rest[:6], "E": rest[6:20], "N": rest[20:34], "W": rest[34:48]}
    view = tichu.view(tichu.new_game({"target": 1000}, deal), "S")
    assert sorted(view["hand"]) == sorted(first_eight)
    return view


def test_the_search_calls_grand_tichu_on_an_overwhelming_hand_the_normal_bot_passes():
    hand = mask_of_names(OVERWHELMING)
    assert not calls.grand_worthy(hand)
    assert calls.grand_strength(hand) >= expert.GRAND_SEARCH_FROM
    action = choose_action(grand_view(OVERWHELMING), "expert", random.Random(0), budget=0.1)
    assert action == {"seat": "S", "type": "grand", "call": True}
    assert choose_action(grand_view(OVERWHELMING), "normal", random.Random(0))["call"] is False


def test_the_search_does_not_call_grand_tichu_on_a_weak_hand_in_its_band():
    hand = mask_of_names(WEAK)
    assert calls.grand_strength(hand) >= expert.GRAND_SEARCH_FROM
    for seed in range(3):
        action = choose_action(grand_view(WEAK), "expert", random.Random(seed), budget=0.1)
        assert action == {"seat": "S", "type": "grand", "call": False}


def test_the_grand_decision_is_the_same_for_every_hidden_deal_consistent_with_the_view():
    for hand in (OVERWHELMING, WEAK):
        views = [grand_view(hand, seed) for seed in (1, 2, 3)]
        assert views[0] == views[1] == views[2]
        answers = {choose_action(v, "expert", random.Random(5), budget=0.05)["call"] for v in views}
        assert len(answers) == 1


def test_the_call_searches_get_more_playouts_than_a_play_but_never_beyond_their_cap():
    assert expert.call_budget(0.1) > 0.1
    assert expert.call_budget(5.0) == expert.CALL_BUDGET_MAX
