"""The expert's searched exchange: the normal gives and a few variants played out over whole
hands from completions of the deal (``expert.exchange_search``, ``exchange.variants``)."""

import random

from tichu import engine as tichu
from tichu.bots import calls, choose_action, exchange, hand_start
from tichu.bots.knowledge import mask_of_names
from tichu.engine.cards import CARD_IDS, FULL_DECK, SEATS

# a bomb of sevens, the Dragon and two Aces; low singles to spare
BOMB_HAND = ["jade-7", "sword-7", "pagoda-7", "star-7", "dragon", "jade-A", "sword-A", "jade-2",
             "sword-3", "star-4", "pagoda-6", "jade-9", "star-J", "sword-K"]


def exchange_state(mine, seed=1, grand=()):
    """The exchange with South holding ``mine``; the others' hands shuffled by ``seed``,
    ``grand`` the seats that called Grand Tichu."""
    rest = [n for n in CARD_IDS if n not in mine]
    random.Random(seed).shuffle(rest)
    deal = {"S": list(mine), "E": rest[:14], "N": rest[14:28], "W": rest[28:42]}
    # the engine deals the first 8 of each list before the Grand Tichu decision
    state = tichu.new_game({"target": 1000}, deal)
    for seat in SEATS:
        state, _ = tichu.apply(state, {"seat": seat, "type": "grand", "call": seat in grand})
    return state


def exchange_view(mine, seed=1, grand=()):
    view = tichu.view(exchange_state(mine, seed, grand), "S")
    assert view["phase"] == "exchange" and sorted(view["hand"]) == sorted(mine)
    return view


def test_the_exchange_is_legal():
    state = exchange_state(BOMB_HAND)
    action = choose_action(tichu.view(state, "S"), "expert", random.Random(2), budget=0.05)
    assert action["type"] == "exchange"
    tichu.apply(state, action)  # raises IllegalAction otherwise


def test_the_expert_never_breaks_its_bomb_nor_gives_an_opponent_the_dragon_or_an_ace():
    for seed in range(3):
        action = choose_action(exchange_view(BOMB_HAND, seed), "expert", random.Random(seed), budget=0.1)
        given = action["give"]
        assert not {card for card in given.values() if card.endswith("-7")}
        for opponent in ("E", "W"):
            assert given[opponent] not in ("dragon", "jade-A", "sword-A")


def test_the_exchange_is_the_same_for_every_hidden_deal_consistent_with_the_view():
    for grand in ((), ("E",)):
        views = [exchange_view(BOMB_HAND, seed, grand) for seed in (1, 2, 3)]
        assert views[0] == views[1] == views[2]
        gives = {str(choose_action(v, "expert", random.Random(5), budget=0.05)) for v in views}
        assert len(gives) == 1


def test_the_variants_start_with_the_normal_gives_and_keep_the_bomb():
    hand = mask_of_names(BOMB_HAND)
    calls = [None] * 4
    found = exchange.variants(hand, 0, calls)
    assert found[0] == exchange.choose_gives(hand, 0, calls)
    assert len(found) > 1 and len({tuple(sorted(g.items())) for g in found}) == len(found)
    sevens = {CARD_IDS[n] for n in BOMB_HAND if n.endswith("-7")}
    for gives in found:
        assert sorted(gives) == [1, 2, 3] and not sevens & set(gives.values())


def test_a_grand_tichu_caller_is_dealt_a_stronger_hand_than_a_seat_that_did_not_call():
    strength = {}
    for grand in ((), ("E",)):
        start = hand_start.Start(exchange_view(BOMB_HAND, grand=grand))
        rng = random.Random(4)
        total = 0.0
        for _ in range(40):
            hands, _ = hand_start.sample(start, rng)
            assert hands[0] == start.known and [h.bit_count() for h in hands] == [14] * 4
            assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
            total += calls.controls(hands[1])
        strength[grand] = total / 40
    assert strength[("E",)] > strength[()] + 0.5
