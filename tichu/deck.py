"""Tichu's deck for the pages: its card names as records write them, their names in the
active language, and where their faces are (drawn by tichu/build_svgs.py)."""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from cards.deck import RANKS, Deck, rank_name

TICHU_SUITS = ("jade", "sword", "pagoda", "star")
SPECIALS = ("mahjong", "dog", "phoenix", "dragon")
TICHU_CARDS = tuple(f"{s}-{r}" for s in TICHU_SUITS for r in RANKS) + SPECIALS

SUIT_NAMES = {
    "jade": pgettext_lazy("tichu suit", "Jade"),
    "sword": pgettext_lazy("tichu suit", "Sword"),
    "pagoda": pgettext_lazy("tichu suit", "Pagoda"),
    "star": pgettext_lazy("tichu suit", "Star"),
}
SPECIAL_NAMES = {
    "mahjong": pgettext_lazy("special card", "Mahjong"),
    "dog": pgettext_lazy("special card", "Dog"),
    "phoenix": pgettext_lazy("special card", "Phoenix"),
    "dragon": pgettext_lazy("special card", "Dragon"),
}


def card_name(name: str) -> str:
    """E.g. "Jade 7", "Phoenix"."""
    if name in SPECIAL_NAMES:
        return str(SPECIAL_NAMES[name])
    suit, rank = name.split("-")
    # Tichu players say the suit first ("Jade 7"), as on the rule sheets.
    return pgettext("tichu card", "%(suit)s %(rank)s") % {"suit": SUIT_NAMES[suit], "rank": rank_name(rank)}


DECK = Deck(frozenset(TICHU_CARDS), "tichu/cards", card_name)
