"""Combinations: what a set of cards can be played as, how combinations compare, and every
combination a hand can form.

A combination is a tuple ``(kind, length, rank, mask, phoenix)``:
``length`` is the number of cards, ``mask`` the cards, ``phoenix`` the rank the Phoenix
stands for (0 when it is not part of a multi-card combination). ``rank`` is what decides
between two combinations of the same kind and length:

* singles use doubled ranks so that the Phoenix can sit half a rank above a card
  (Mahjong 2, a 2 is 4, an A 28, a led Phoenix 3, the Dragon 40);
* full houses rank by their triple, straights and consecutive pairs by their top card;
* bombs carry their strength: a four of a kind its rank (2..14), a straight flush
  ``100 * length + top``, so every straight flush beats every four of a kind, the longer
  straight flush wins and equal lengths compare by the top card.
"""

from itertools import combinations as _choose

from .cards import DOG, DRAGON, MAHJONG, PHOENIX, RANK_NAMES

SINGLE, PAIR, TRIPLE, PAIRS, FULL_HOUSE, STRAIGHT, FOUR_OF_A_KIND, STRAIGHT_FLUSH, DOG_LEAD = range(9)
KIND_NAMES = ("single", "pair", "triple", "consecutive_pairs", "full_house", "straight",
              "four_of_a_kind", "straight_flush", "dog")
BOMBS = (FOUR_OF_A_KIND, STRAIGHT_FLUSH)

DRAGON_RANK = 40
LED_PHOENIX_RANK = 3
PHOENIX_BIT = 1 << PHOENIX


def is_bomb(combo) -> bool:
    return combo[0] >= FOUR_OF_A_KIND and combo[0] != DOG_LEAD


def beats(new, top) -> bool:
    """Whether ``new`` may be played on ``top`` (singles: Phoenix rank already resolved)."""
    new_kind = new[0]
    if new_kind == FOUR_OF_A_KIND or new_kind == STRAIGHT_FLUSH:
        if top[0] == FOUR_OF_A_KIND or top[0] == STRAIGHT_FLUSH:
            return new[2] > top[2]
        return True
    return new_kind == top[0] and new[1] == top[1] and new[2] > top[2]


def phoenix_single_rank(top):
    """The rank a single Phoenix takes on ``top`` (None: it cannot be played there)."""
    if top is None:
        return LED_PHOENIX_RANK
    if top[0] != SINGLE or top[2] >= DRAGON_RANK:
        return None
    return top[2] + 1


def top_card_rank(combo) -> int:
    """The rank a player reads off a combination (the triple of a full house, the top of a
    straight), undoubled; 0 for the Dog."""
    kind, _, rank = combo[0], combo[1], combo[2]
    if kind == SINGLE:
        return rank // 2
    if kind == STRAIGHT_FLUSH:
        return rank % 100
    return rank


def describe(combo) -> dict:
    kind, length, rank = combo[0], combo[1], combo[2]
    info = {"type": KIND_NAMES[kind], "length": length}
    if kind == SINGLE:
        info["rank"] = {2: "1", 3: "1.5", DRAGON_RANK: "dragon"}.get(rank) or (
            RANK_NAMES[rank // 2] + (".5" if rank & 1 else ""))
    elif kind != DOG_LEAD:
        info["rank"] = RANK_NAMES[top_card_rank(combo)]
    if combo[4]:
        info["phoenix"] = RANK_NAMES[combo[4]]
    return info


# --- classifying a played set of cards -------------------------------------------------

def _shape(ranks, suits):
    """(kind, rank) of a rank multiset, or None; ``suits`` is None when no straight flush
    is possible (a Phoenix or the Mahjong is part of it)."""
    n = len(ranks)
    ranks = sorted(ranks)
    low, high = ranks[0], ranks[-1]
    if n == 2:
        return (PAIR, high) if low == high and low > 1 else None
    if n == 3:
        return (TRIPLE, high) if low == high and low > 1 else None
    if low == high:
        if n == 4 and suits is not None:
            return (FOUR_OF_A_KIND, high)
        return None
    distinct = len(set(ranks))
    if distinct == n:
        if n >= 5 and high - low == n - 1:
            if suits is not None and len(set(suits)) == 1:
                return (STRAIGHT_FLUSH, 100 * n + high)
            return (STRAIGHT, high)
        return None
    if low == 1:
        return None
    if n % 2 == 0 and distinct * 2 == n and high - low == distinct - 1 and all(
            ranks[i] == ranks[i + 1] for i in range(0, n, 2)):
        return (PAIRS, high)
    if n == 5 and distinct == 2:
        if ranks[2] == ranks[0] and ranks[3] == ranks[4]:
            return (FULL_HOUSE, low)
        if ranks[0] == ranks[1] and ranks[2] == ranks[4]:
            return (FULL_HOUSE, high)
    return None


def readings(cards, mask) -> list:
    """Every combination the given distinct cards can be played as (more than one only when
    the Phoenix's rank is ambiguous). A single Phoenix gets ``LED_PHOENIX_RANK``; the
    caller resolves it against the table."""
    n = len(cards)
    if n == 1:
        card = cards[0]
        if card == DOG:
            return [(DOG_LEAD, 1, 0, mask, 0)]
        if card == PHOENIX:
            return [(SINGLE, 1, LED_PHOENIX_RANK, mask, 0)]
        if card == DRAGON:
            return [(SINGLE, 1, DRAGON_RANK, mask, 0)]
        return [(SINGLE, 1, (card >> 2) * 2, mask, 0)]
    if DOG in cards or DRAGON in cards:
        return []
    if PHOENIX not in cards:
        suits = None if MAHJONG in cards else [c & 3 for c in cards]
        shape = _shape([c >> 2 for c in cards], suits)
        return [(shape[0], n, shape[1], mask, 0)] if shape else []
    ranks = [c >> 2 for c in cards if c != PHOENIX]
    found = []
    for rank in range(2, 15):
        shape = _shape(ranks + [rank], None)
        if shape:
            found.append((shape[0], n, shape[1], mask, rank))
    return found


# --- generating every combination of a hand ---------------------------------------------

# RANK_BITS[rank][nibble]: the card bits of that rank for the 4-bit suit pattern of a hand
RANK_BITS = [[tuple(1 << (rank * 4 + suit) for suit in range(4) if nibble >> suit & 1)
              for nibble in range(16)] for rank in range(15)]
RANK_BITS[0] = [()] * 16
RANK_BITS[1] = [((1 << MAHJONG),) if nibble & 1 else () for nibble in range(16)]


def ranks_of(hand: int):
    """Cards of a hand grouped by rank (index 1 is the Mahjong), as bit masks."""
    return [RANK_BITS[rank][hand >> (rank * 4) & 15] for rank in range(15)]


def singles(hand, by_rank, top=None):
    above = top[2] if top is not None else -1
    found = []
    if hand & (1 << MAHJONG) and 2 > above:
        found.append((SINGLE, 1, 2, 1 << MAHJONG, 0))
    for rank in range(2, 15):
        if rank * 2 > above:
            for bit in by_rank[rank]:
                found.append((SINGLE, 1, rank * 2, bit, 0))
    if hand & (1 << DRAGON) and DRAGON_RANK > above:
        found.append((SINGLE, 1, DRAGON_RANK, 1 << DRAGON, 0))
    if hand & PHOENIX_BIT:
        rank = phoenix_single_rank(top)
        if rank is not None:
            found.append((SINGLE, 1, rank, PHOENIX_BIT, 0))
    return found


def _sets(by_rank, rank, size, phoenix):
    """(mask, phoenix rank) for every way to make ``size`` cards of ``rank``."""
    bits = by_rank[rank]
    found = []
    if len(bits) >= size:
        if size == 2 and len(bits) == 2:
            found = [(bits[0] | bits[1], 0)]
        else:
            for chosen in _choose(bits, size):
                m = 0
                for b in chosen:
                    m |= b
                found.append((m, 0))
    if phoenix and len(bits) >= size - 1:
        if size == 2:
            found.extend((b | PHOENIX_BIT, rank) for b in bits)
        else:
            for chosen in _choose(bits, size - 1):
                m = PHOENIX_BIT
                for b in chosen:
                    m |= b
                found.append((m, rank))
    return found


def same_rank(hand, by_rank, kind, size, above=0):
    phoenix = bool(hand & PHOENIX_BIT)
    needed = size - phoenix
    return [(kind, size, rank, m, p)
            for rank in range(max(2, above + 1), 15) if len(by_rank[rank]) >= needed
            for m, p in _sets(by_rank, rank, size, phoenix)]


def full_houses(hand, by_rank, above=0):
    phoenix = bool(hand & PHOENIX_BIT)
    pair_options = [(rank, _sets(by_rank, rank, 2, phoenix)) for rank in range(2, 15) if by_rank[rank]]
    found = []
    for triple_rank in range(max(2, above + 1), 15):
        if len(by_rank[triple_rank]) < 3 - phoenix:
            continue
        for t_mask, t_p in _sets(by_rank, triple_rank, 3, phoenix):
            for pair_rank, pairs in pair_options:
                if pair_rank == triple_rank:
                    continue
                for p_mask, p_p in pairs:
                    if t_p and p_p:
                        continue
                    found.append((FULL_HOUSE, 5, triple_rank, t_mask | p_mask, t_p or p_p))
    return found


def consecutive_pairs(hand, by_rank, length=None, above=0):
    """Runs of pairs; ``length`` (cards) restricts to one size, ``above`` to higher tops."""
    phoenix = bool(hand & PHOENIX_BIT)
    options = [None, None] + [_sets(by_rank, rank, 2, phoenix) for rank in range(2, 15)]
    found = []
    for low in range(2, 14):
        partial = [(0, 0)]
        for rank in range(low, 15):
            choices = options[rank]
            if not choices:
                break
            partial = [(m | cm, p or cp) for m, p in partial for cm, cp in choices
                       if not (p and cp)]
            if not partial:
                break
            size = 2 * (rank - low + 1)
            if size >= 4 and rank > above and (length is None or size == length):
                found.extend((PAIRS, size, rank, m, p) for m, p in partial)
            if length is not None and size >= length:
                break
    return found


def straights(hand, by_rank, length=None, above=0):
    """Normal straights (one-suit runs of normal cards are straight flushes, not listed)."""
    phoenix = bool(hand & PHOENIX_BIT)
    # per rank: (card bit, suit); the Mahjong has no suit, so it never makes a flush
    options = [None, [(1 << MAHJONG, -1)] if hand & (1 << MAHJONG) else []]
    options += [[(bit, (bit.bit_length() - 1) & 3) for bit in by_rank[rank]] for rank in range(2, 15)]
    found = []
    lows = range(1, 11) if length is None else range(max(1, above - length + 2), 16 - length)
    for low in lows:
        # partial entries: (mask, phoenix rank, common suit or -1 once mixed, -2 when empty)
        partial = [(0, 0, -2)]
        for rank in range(low, 15):
            extended = []
            for m, p, suit in partial:
                for bit, card_suit in options[rank]:
                    extended.append((m | bit, p, card_suit if suit == -2 or suit == card_suit else -1))
                if phoenix and not p and rank > 1:
                    extended.append((m | PHOENIX_BIT, rank, -1))
            partial = extended
            if not partial:
                break
            size = rank - low + 1
            if size >= 5 and rank > above and (length is None or size == length):
                found.extend((STRAIGHT, size, rank, m, p) for m, p, suit in partial if suit == -1)
            if length is not None and size >= length:
                break
    return found


def bombs(hand, by_rank, above=None):
    """Every bomb of the hand that beats ``above`` (a combination, or None for all)."""
    found = []
    for rank in range(2, 15):
        if hand >> (rank * 4) & 15 == 15:
            found.append((FOUR_OF_A_KIND, 4, rank, 15 << (rank * 4), 0))
    # Cards of one suit and consecutive ranks sit 4 bits apart: bit p of ``starts`` means the
    # hand holds p, p+4, ..., p+16, a straight flush starting at card p (p >= 8: normal cards).
    starts = hand & hand >> 4 & hand >> 8 & hand >> 12 & hand >> 16 & ~0xFF
    while starts:
        low = starts & -starts
        starts ^= low
        p = low.bit_length() - 1
        m = low | low << 4 | low << 8 | low << 12 | low << 16
        top = p + 16
        while True:
            size = (top - p) // 4 + 1
            found.append((STRAIGHT_FLUSH, size, 100 * size + (top >> 2), m, 0))
            top += 4
            if top >= 60 or not hand >> top & 1:
                break
            m |= 1 << top
    if above is not None:
        found = [b for b in found if beats(b, above)]
    return found


def all_leads(hand: int) -> list:
    """Every combination the hand could lead (bombs and the Dog included)."""
    by_rank = ranks_of(hand)
    found = singles(hand, by_rank)
    if hand & (1 << DOG):
        found.append((DOG_LEAD, 1, 0, 1 << DOG, 0))
    found += same_rank(hand, by_rank, PAIR, 2)
    found += same_rank(hand, by_rank, TRIPLE, 3)
    found += full_houses(hand, by_rank)
    found += consecutive_pairs(hand, by_rank)
    found += straights(hand, by_rank)
    found += bombs(hand, by_rank)
    return found


def answers(hand: int, top) -> list:
    """Every combination of the hand that may be played on ``top``."""
    by_rank = ranks_of(hand)
    kind, length, rank = top[0], top[1], top[2]
    if kind == SINGLE:
        found = singles(hand, by_rank, top)
    elif kind == PAIR:
        found = same_rank(hand, by_rank, PAIR, 2, rank)
    elif kind == TRIPLE:
        found = same_rank(hand, by_rank, TRIPLE, 3, rank)
    elif kind == FULL_HOUSE:
        found = full_houses(hand, by_rank, rank)
    elif kind == PAIRS:
        found = consecutive_pairs(hand, by_rank, length, rank)
    elif kind == STRAIGHT:
        found = straights(hand, by_rank, length, rank)
    else:
        found = []
    return found + bombs(hand, by_rank, top)
