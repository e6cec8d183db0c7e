"""The 56 Tichu cards.

Inside the engine a card is a small int and a set of cards is an int bitmask, because
hands, tricks and piles are compared, merged and counted on every action. Card names
(``jade-7``, ``phoenix``) exist only at the edges: actions, views, JSON and records.

A normal card is ``rank * 4 + suit`` (rank 2..14, so ids 8..59); the Mahjong is 4 so that
``card >> 2`` gives rank 1 for it too. Dog, Phoenix and Dragon take the free ids 0..2.
"""

import random

SEATS = ("S", "E", "N", "W")
SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS)}
TEAMS = ("NS", "EW")
SUITS = ("jade", "sword", "pagoda", "star")

DOG = 0
PHOENIX = 1
DRAGON = 2
MAHJONG = 4

RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_VALUES = {name: rank for rank, name in RANK_NAMES.items()}

NORMAL_CARDS = tuple(rank * 4 + suit for rank in range(2, 15) for suit in range(4))
ALL_CARDS = (MAHJONG, DOG, PHOENIX, DRAGON) + NORMAL_CARDS
FULL_DECK = 0
for _card in ALL_CARDS:
    FULL_DECK |= 1 << _card

CARD_NAMES = {MAHJONG: "mahjong", DOG: "dog", PHOENIX: "phoenix", DRAGON: "dragon"}
for _card in NORMAL_CARDS:
    CARD_NAMES[_card] = f"{SUITS[_card & 3]}-{RANK_NAMES[_card >> 2]}"
CARD_IDS = {name: card for card, name in CARD_NAMES.items()}

POINTS = [0] * 60
for _suit in range(4):
    POINTS[5 * 4 + _suit] = 5
    POINTS[10 * 4 + _suit] = 10
    POINTS[13 * 4 + _suit] = 10
POINTS[DRAGON] = 25
POINTS[PHOENIX] = -25

NORMAL_MASK = 0
for _card in NORMAL_CARDS:
    NORMAL_MASK |= 1 << _card
RANK_MASKS = [0] * 15
for _card in NORMAL_CARDS:
    RANK_MASKS[_card >> 2] |= 1 << _card
RANK_MASKS[1] = 1 << MAHJONG

# RANK_BITS[rank][nibble]: the card bits of that rank for the 4-bit suit pattern of a hand
RANK_BITS = [[tuple(1 << (rank * 4 + suit) for suit in range(4) if nibble >> suit & 1)
              for nibble in range(16)] for rank in range(15)]
RANK_BITS[0] = [()] * 16
RANK_BITS[1] = [((1 << MAHJONG),) if nibble & 1 else () for nibble in range(16)]


def ranks_of(hand: int) -> list:
    """Cards of a hand grouped by rank (index 1 is the Mahjong), as bit masks."""
    return [RANK_BITS[rank][hand >> (rank * 4) & 15] for rank in range(15)]


def team_of(seat: int) -> int:
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) & 3


def cards_of(mask: int) -> list:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def mask_of(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# the cards worth 5 and 10 points, as masks: a pile's points are two bit counts
_FIVES = mask_of(card for card in NORMAL_CARDS if POINTS[card] == 5)
_TENS = mask_of(card for card in NORMAL_CARDS if POINTS[card] == 10)


def points_of(mask: int) -> int:
    return (5 * (mask & _FIVES).bit_count() + 10 * (mask & _TENS).bit_count()
            + POINTS[DRAGON] * (mask >> DRAGON & 1) + POINTS[PHOENIX] * (mask >> PHOENIX & 1))


def _chunk_names(first: int) -> list:
    """``table[chunk]``: the names of cards ``first + bit`` for the set bits of a 12-bit chunk,
    in card order (each entry is its lowest card's name before the entry without it)."""
    table = [()]
    for chunk in range(1, 4096):
        low = chunk & -chunk
        name = CARD_NAMES.get(first + low.bit_length() - 1)
        table.append((name,) + table[chunk ^ low] if name else table[chunk ^ low])
    return table


# Five 12-bit chunks of a mask, five lookups (a byte at a time took eight): names are built
# for every new play a listing finds (``listed.fresh_plays`` does these lookups inline), and
# for every snapshot.
NAME_CHUNKS = _NAMES_0, _NAMES_1, _NAMES_2, _NAMES_3, _NAMES_4 = tuple(
    _chunk_names(12 * i) for i in range(5))


def names_of(mask: int) -> list:
    """Card names of a set of cards, in card id order."""
    return [*_NAMES_0[mask & 4095], *_NAMES_1[mask >> 12 & 4095], *_NAMES_2[mask >> 24 & 4095],
            *_NAMES_3[mask >> 36 & 4095], *_NAMES_4[mask >> 48]]


# the Dragon and Phoenix names that open a sorted hand (by ``mask >> 1 & 3``), and the
# Mahjong and Dog names that close it (by ``mask >> 3 & 2 | mask & 1``)
_OPENING = ((), (CARD_NAMES[PHOENIX],), (CARD_NAMES[DRAGON],),
            (CARD_NAMES[DRAGON], CARD_NAMES[PHOENIX]))
_CLOSING = ((), (CARD_NAMES[DOG],), (CARD_NAMES[MAHJONG],), (CARD_NAMES[MAHJONG], CARD_NAMES[DOG]))


def sorted_names(mask: int) -> list:
    """Card names as the holder sees them: Dragon, Phoenix, A..2, Mahjong, Dog (the normal
    cards' ids already ascend with their rank)."""
    names = [*_OPENING[mask >> 1 & 3], *reversed(names_of(mask & NORMAL_MASK))]
    names += _CLOSING[mask >> 3 & 2 | mask & 1]
    return names


def names(cards) -> list:
    return [CARD_NAMES[c] for c in cards]


def shuffled_deal(rng: random.Random) -> dict:
    """A deal for ``new_game``/``next_hand``; the engine itself never shuffles."""
    deck = [CARD_NAMES[c] for c in ALL_CARDS]
    rng.shuffle(deck)
    return {seat: deck[i * 14:(i + 1) * 14] for i, seat in enumerate(SEATS)}
