"""The card record names every page and engine shares, and their translated names."""

from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TICHU_SUITS = ("jade", "sword", "pagoda", "star")
STANDARD_SUITS = ("club", "diamond", "heart", "spade")
SPECIALS = ("mahjong", "dog", "phoenix", "dragon")

TICHU_CARDS = tuple(f"{s}-{r}" for s in TICHU_SUITS for r in RANKS) + SPECIALS
STANDARD_CARDS = tuple(f"{s}-{r}" for s in STANDARD_SUITS for r in RANKS)

# Contexts keep these short words from colliding with other apps' catalogues.
SUIT_NAMES = {
    "jade": pgettext_lazy("tichu suit", "Jade"),
    "sword": pgettext_lazy("tichu suit", "Sword"),
    "pagoda": pgettext_lazy("tichu suit", "Pagoda"),
    "star": pgettext_lazy("tichu suit", "Star"),
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
SPECIAL_NAMES = {
    "mahjong": pgettext_lazy("special card", "Mahjong"),
    "dog": pgettext_lazy("special card", "Dog"),
    "phoenix": pgettext_lazy("special card", "Phoenix"),
    "dragon": pgettext_lazy("special card", "Dragon"),
}


class UnknownCard(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(
            f"Unknown card name {name!r}: expected e.g. 'jade-7', 'star-A', 'phoenix' "
            f"or 'heart-10'"
        )
        self.name = name


def static_path(name: str) -> str:
    """The card's SVG path relative to the static root."""
    if name in TICHU_CARDS:
        return f"cards/tichu/{name}.svg"
    if name in STANDARD_CARDS:
        return f"cards/standard/{name}.svg"
    raise UnknownCard(name)


def card_name(name: str) -> str:
    """The card's name in the active language, e.g. "Jade 7" or "Ace of Hearts"."""
    if name in SPECIAL_NAMES:
        return str(SPECIAL_NAMES[name])
    static_path(name)
    suit, rank = name.split("-")
    rank_name = str(RANK_NAMES.get(rank, rank))
    if suit in TICHU_SUITS:
        # Tichu players say the suit first ("Jade 7"), as on the rule sheets.
        return pgettext("tichu card", "%(suit)s %(rank)s") % {
            "suit": SUIT_NAMES[suit],
            "rank": rank_name,
        }
    return pgettext("standard card", "%(rank)s of %(suit)s") % {
        "suit": SUIT_NAMES[suit],
        "rank": rank_name,
    }
