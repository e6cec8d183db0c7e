"""Plays: one to four cards of one rank. A play is compared only with a play of the same
size, by its rank in the order in force."""

from itertools import combinations

from .cards import CARD_IDS, rank_of, strength
from .errors import IllegalAction


def parse_cards(names, hand) -> tuple:
    """Card names of a play or a give → sorted card ids the hand holds; raises on unknown,
    repeated or missing cards."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise IllegalAction("bad_action", detail="cards must be a list of card names")
    cards = []
    for name in names:
        if name not in CARD_IDS:
            raise IllegalAction("unknown_card", card=name)
        card = CARD_IDS[name]
        if card in cards:
            raise IllegalAction("duplicate_card", card=name)
        if card not in hand:
            raise IllegalAction("not_in_hand", card=name)
        cards.append(card)
    return tuple(sorted(cards))


def play_rank(cards) -> int:
    """The rank of a play; raises if it is empty or mixes ranks."""
    if not cards:
        raise IllegalAction("no_cards")
    rank = rank_of(cards[0])
    if any(rank_of(c) != rank for c in cards):
        raise IllegalAction("not_one_rank")
    return rank


def check_beats(rank: int, size: int, top, reversed_order: bool) -> None:
    """Raise unless a play of ``size`` cards of ``rank`` may follow ``top`` ((rank, size))."""
    top_rank, top_size = top
    if size != top_size:
        raise IllegalAction("does_not_match", count=top_size)
    if strength(rank, reversed_order) <= strength(top_rank, reversed_order):
        raise IllegalAction("does_not_beat")


def by_rank(hand) -> dict:
    """rank → the hand's cards of that rank, low ranks first."""
    groups = {}
    for card in sorted(hand):
        groups.setdefault(rank_of(card), []).append(card)
    return groups


def legal_plays(hand, top, reversed_order: bool) -> list:
    """Every play (tuple of card ids) the hand may make: any set of one rank when leading
    (``top`` None), else every set of ``top``'s size of a strictly higher rank."""
    plays = []
    for rank, cards in by_rank(hand).items():
        if top is None:
            sizes = range(1, len(cards) + 1)
        elif len(cards) >= top[1] and strength(rank, reversed_order) > strength(top[0], reversed_order):
            sizes = (top[1],)
        else:
            continue
        for size in sizes:
            plays.extend(combinations(cards, size))
    return plays
