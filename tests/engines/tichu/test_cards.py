"""Card names of masks (``names_of`` reads a mask in 12-bit chunks through tables)."""

from hypothesis import given
from hypothesis import strategies as st

from games.engines.tichu.cards import ALL_CARDS, CARD_NAMES, FULL_DECK, names_of


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_the_names_of_a_set_of_cards_are_in_card_order(cards):
    mask = sum(1 << card for card in cards)
    assert names_of(mask) == [CARD_NAMES[card] for card in sorted(cards)]


def test_every_card_is_named_once():
    assert names_of(FULL_DECK) == [CARD_NAMES[card] for card in sorted(ALL_CARDS)]
    assert names_of(0) == []
