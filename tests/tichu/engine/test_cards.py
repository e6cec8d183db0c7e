"""Card names and points of masks (``names_of`` reads a mask in 12-bit chunks through tables,
``points_of`` counts the bits of the cards worth points, ``sorted_names`` as a holder sees them)."""

from hypothesis import given
from hypothesis import strategies as st

from tichu.engine.cards import (ALL_CARDS, CARD_NAMES, DOG, DRAGON, FULL_DECK, MAHJONG, NORMAL_CARDS, PHOENIX,
                                       POINTS, names_of, points_of, sorted_names)


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_the_names_of_a_set_of_cards_are_in_card_order(cards):
    mask = sum(1 << card for card in cards)
    assert names_of(mask) == [CARD_NAMES[card] for card in sorted(cards)]


def test_every_card_is_named_once():
    assert names_of(FULL_DECK) == [CARD_NAMES[card] for card in sorted(ALL_CARDS)]
    assert names_of(0) == []


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_the_points_of_a_pile_are_the_sum_of_its_cards_points(cards):
    assert points_of(sum(1 << card for card in cards)) == sum(POINTS[card] for card in cards)


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_a_sorted_hand_reads_dragon_phoenix_high_to_low_mahjong_dog(cards):
    order = [DRAGON, PHOENIX] + sorted(NORMAL_CARDS, reverse=True) + [MAHJONG, DOG]
    mask = sum(1 << card for card in cards)
    assert sorted_names(mask) == [CARD_NAMES[card] for card in order if card in cards]
