"""Cards, ranks and seats.

A card is an int ``rank * 4 + suit``: ranks 0..12 stand for ``3 4 5 6 7 8 9 10 J Q K A 2``
(normal order, low to high), suits 0..3 for club, diamond, heart, spade. Sorting ids sorts
by normal rank, so the 3 of clubs is card 0. Seats are ``"1"``..``"5"`` in turn order;
inside the engine they are the indexes 0..4.
"""

import random

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS = ("club", "diamond", "heart", "spade")
CARD_NAMES = tuple(f"{SUITS[card % 4]}-{RANKS[card // 4]}" for card in range(52))
CARD_IDS = {name: card for card, name in enumerate(CARD_NAMES)}
CLUB_3 = CARD_IDS["club-3"]
PLAYER_COUNTS = (4, 5)
ALL_SEATS = ("1", "2", "3", "4", "5")


def rank_of(card: int) -> int:
    return card // 4


def strength(rank: int, reversed_order: bool) -> int:
    """A rank's place in the order in force: higher beats lower."""
    return 12 - rank if reversed_order else rank


def seats_for(players: int) -> tuple:
    return ALL_SEATS[:players]


def hand_sizes(players: int) -> tuple:
    """The card counts of a deal as even as possible (5 players: 11, 11, 10, 10, 10)."""
    base, extra = divmod(52, players)
    return tuple(base + 1 if seat < extra else base for seat in range(players))


def names(cards) -> list:
    return [CARD_NAMES[c] for c in cards]


def sorted_names(cards, reversed_order: bool = False) -> list:
    """Card names sorted low to high by the order in force (suits break ties)."""
    return [CARD_NAMES[c] for c in sorted(cards, key=lambda c: (strength(rank_of(c), reversed_order), c % 4))]


def shuffled_deal(rng: random.Random, players: int) -> dict:
    """A deal shuffled with the caller's ``random.Random``: cards go round from seat 1, so
    with 5 players seats 1 and 2 hold the two extra cards."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Daifugo is played by 4 or 5 players, not {players!r}")
    deck = list(range(52))
    rng.shuffle(deck)
    seats = seats_for(players)
    return {seat: [CARD_NAMES[c] for c in deck[i::players]] for i, seat in enumerate(seats)}
