"""The card record names every page shares, and their translated names: the standard deck,
and the decks games register (`register`), each with its own names and its SVG faces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from django.utils.translation import pgettext, pgettext_lazy

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
STANDARD_SUITS = ("club", "diamond", "heart", "spade")

STANDARD_CARDS = tuple(f"{s}-{r}" for s in STANDARD_SUITS for r in RANKS)

# Contexts keep these short words from colliding with other apps' catalogues.
SUIT_NAMES = {
    "club": pgettext_lazy("card suit", "Clubs"),
    "diamond": pgettext_lazy("card suit", "Diamonds"),
    "heart": pgettext_lazy("card suit", "Hearts"),
    "spade": pgettext_lazy("card suit", "Spades"),
}
RANK_NAMES = {
    "J": pgettext_lazy("card rank", "Jack"),
    "Q": pgettext_lazy("card rank", "Queen"),
    "K": pgettext_lazy("card rank", "King"),
    "A": pgettext_lazy("card rank", "Ace"),
}


class UnknownCard(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(f"Unknown card name {name!r}: expected a card of a known deck, e.g. 'heart-10'")
        self.name = name


@dataclass(frozen=True)
class Deck:
    cards: frozenset[str]
    # Where the faces live under the static root: `{faces}/{card}.svg`.
    faces: str
    # The card's name in the active language.
    name: Callable[[str], str]


def rank_name(rank: str) -> str:
    return str(RANK_NAMES.get(rank, rank))


def _standard_name(name: str) -> str:
    suit, rank = name.split("-")
    return pgettext("standard card", "%(rank)s of %(suit)s") % {"suit": SUIT_NAMES[suit], "rank": rank_name(rank)}


DECKS: list[Deck] = [Deck(frozenset(STANDARD_CARDS), "cards/standard", _standard_name)]


def register(deck: Deck) -> None:
    """A game's own deck (from its AppConfig.ready); its cards share no name with another's."""
    if any(deck.cards & other.cards for other in DECKS if other != deck):
        raise ValueError("a card name of this deck is already another deck's")
    if deck not in DECKS:
        DECKS.append(deck)


def _deck_of(name: str) -> Deck:
    for deck in DECKS:
        if name in deck.cards:
            return deck
    raise UnknownCard(name)


def static_path(name: str) -> str:
    """The card's SVG path relative to the static root."""
    return f"{_deck_of(name).faces}/{name}.svg"


def card_name(name: str) -> str:
    """The card's name in the active language, e.g. "Ace of Hearts"."""
    return _deck_of(name).name(name)
