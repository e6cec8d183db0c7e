"""Bit tricks on hand masks for the playouts' inner loop.

A normal card's id is ``rank * 4 + suit``, so the four bits at ``4 * rank`` are that rank's
cards, and shifting a mask by 4 moves every card one rank up within its suit.
"""

from ..cards import NORMAL_MASK
from ..combinations import (FULL_HOUSE, PAIR, PAIRS, SINGLE, STRAIGHT, TRIPLE, bombs,
                            consecutive_pairs, full_houses, ranks_of, same_rank, singles,
                            straights)

LONE = [bin(n).count("1") == 1 for n in range(16)]
RANK_BASES = sum(1 << (4 * r) for r in range(2, 15))


def lone_ranks(hand: int, below: int) -> int:
    """How many ranks from the Mahjong's 1 up to ``below`` - 1 the hand holds exactly once."""
    return sum(1 for r in range(1, below) if LONE[(hand >> (4 * r)) & 15])


def has_bomb(hand: int) -> bool:
    normal = hand & NORMAL_MASK
    if normal & (normal >> 1) & (normal >> 2) & (normal >> 3) & RANK_BASES:
        return True
    return bool(normal & (normal >> 4) & (normal >> 8) & (normal >> 12) & (normal >> 16))


def answers(hand: int, top) -> list:
    """The engine's ``answers``, skipping the bomb search for the many hands without one."""
    ranks = ranks_of(hand)
    kind, length, rank = top[0], top[1], top[2]
    if kind == SINGLE:
        found = singles(hand, ranks, top)
    elif kind == PAIR:
        found = same_rank(hand, ranks, PAIR, 2, rank)
    elif kind == TRIPLE:
        found = same_rank(hand, ranks, TRIPLE, 3, rank)
    elif kind == FULL_HOUSE:
        found = full_houses(hand, ranks, rank)
    elif kind == PAIRS:
        found = consecutive_pairs(hand, ranks, length, rank)
    elif kind == STRAIGHT:
        found = straights(hand, ranks, length, rank)
    else:
        found = []
    if has_bomb(hand):
        found += bombs(hand, ranks, top)
    return found
