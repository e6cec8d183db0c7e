"""Hand planning: the partition of a hand into combinations that is easiest to go out with.

A hand goes out by winning a lead after each combination nobody beats, so it is valued as
the sum over its combinations of a fixed price per combination (``TRICK``: one more trick
to play) and the combination's *weakness* (how likely others beat it, by kind, length and
top rank). The best partition is found by a search over the rank counts of the hand's free
cards (bombs, the Dragon and the Dog are combinations of their own), memoised by those
counts: hands that differ only in suits or in cards already played share their plans, so
the playouts of the expert, which plan the same shrinking hands again and again, mostly
look plans up.

Plans are abstract (kinds and ranks, see ``best``) and become cards only when
one is played (``to_combo``).
"""

from gamekit.memos import memo

from ..engine.cards import DOG, DRAGON, PHOENIX, ranks_of
from ..engine.combinations import FULL_HOUSE, PAIR, PAIRS, SINGLE, STRAIGHT, TRIPLE

TRICK = 0.3
DOG_WEAKNESS = 0.4
PHOENIX_SINGLE_WEAKNESS = 0.35
DRAGON_BIT, PHOENIX_BIT, DOG_BIT = 1 << DRAGON, 1 << PHOENIX, 1 << DOG

# weakness by top rank (index 1 is the Mahjong)
_SINGLE = (0, 1, 1, 1, 1, 1, 1, 1, 1, 1, .95, .85, .7, .5, .25)
_PAIR = (0, 1, 1, 1, 1, 1, 1, 1, .95, .9, .8, .65, .5, .35, .15)
_TRIPLE = (0, 1, .8, .8, .8, .75, .7, .65, .6, .5, .4, .35, .3, .2, .1)


def _weakness(kind, low, high) -> float:
    if kind == SINGLE:
        return _SINGLE[high]
    if kind == PAIR:
        return _PAIR[high]
    if kind == TRIPLE:
        return _TRIPLE[high]
    if kind == FULL_HOUSE:
        return _TRIPLE[high] * 0.8
    length = high - low + 1
    if kind == STRAIGHT:
        return max(0.05, 0.8 - 0.06 * (high - 6) - 0.1 * (length - 5))
    # consecutive pairs (``length`` ranks)
    return max(0.05, 0.85 - 0.07 * (high - 4) - 0.15 * (length - 2))


def price(kind, low, high) -> float:
    return TRICK + _weakness(kind, low, high)


_RANKS = tuple(range(1, 15))
# a plain dict of tuples, not ``lru_cache``: its entries hold no tracked objects once the
# collector has seen them, so full collections do not walk 200,000 cache links each time
_PLANS = memo("tichu.bots.plans", 200_000)


def best(counts: tuple, phoenix: bool):
    """``(value, plan)`` of the cheapest partition of the free cards ``counts`` (per rank
    1..14, index 0 unused) with or without the Phoenix; plan is a tuple of
    ``(kind, top rank, ((rank, cards taken), ...), rank the Phoenix stands for)``, the
    Phoenix alone as a single having -1 for that rank."""
    found = _PLANS.get((counts, phoenix))
    if found is None:
        found = _PLANS.keep((counts, phoenix), _best(counts, phoenix))
    return found


def _best(counts: tuple, phoenix: bool):
    low = 0
    for rank in _RANKS:
        if counts[rank]:
            low = rank
            break
    if not low:
        if phoenix:
            return TRICK + PHOENIX_SINGLE_WEAKNESS, ((SINGLE, 0, (), -1),)
        return 0.0, ()
    found = None
    for kind, high, taken, stand_in in _options(counts, phoenix, low):
        rest = list(counts)
        for rank, n in taken:
            rest[rank] -= n
        value, plan = best(tuple(rest), phoenix and not stand_in)
        value += price(kind, low, high)
        if found is None or value < found[0]:
            found = (value, ((kind, high, taken, stand_in),) + plan)
    return found


def _options(counts, phoenix, low):
    """Combinations that contain a card of rank ``low`` (the lowest): kind, top rank, the
    (rank, n) cards taken and the rank the Phoenix stands for (0: none)."""
    c = counts[low]
    yield SINGLE, low, ((low, 1),), 0
    if low == 1:  # the Mahjong: only a single or the bottom of a straight
        yield from _straights(counts, phoenix, low)
        return
    for size, kind in ((2, PAIR), (3, TRIPLE)):
        if c >= size:
            yield kind, low, ((low, size),), 0
        elif phoenix and c == size - 1:
            yield kind, low, ((low, c),), low
    # full houses with the lowest rank as the triple or as the pair
    for triple_n, pair_n in ((3, 2), (2, 3)):
        own = min(c, triple_n)
        own_stand = triple_n - own
        if own_stand > 1 or (own_stand and not phoenix):
            continue
        for other in range(low + 1, 15):
            n = counts[other]
            need = pair_n
            stand = own_stand
            if n >= need:
                taken_other = need
            elif n == need - 1 and phoenix and not stand and n:
                taken_other, stand = n, other
            else:
                continue
            if own_stand:
                stand = low
            triple_rank = low if triple_n == 3 else other
            yield FULL_HOUSE, triple_rank, ((low, own), (other, taken_other)), stand
    yield from _straights(counts, phoenix, low)
    yield from _pair_runs(counts, phoenix, low)


def _straights(counts, phoenix, low):
    taken = []
    stand = 0
    rank = low
    while rank <= 14:
        if counts[rank]:
            taken.append((rank, 1))
        elif phoenix and not stand and rank > 1:
            stand = rank
        else:
            break
        if rank - low >= 4:
            yield STRAIGHT, rank, tuple(taken), stand
        rank += 1
    # the Phoenix on top of a run of four or more
    if phoenix and not stand and rank <= 14 and rank - low >= 4:
        yield STRAIGHT, rank, tuple(taken), rank


def _pair_runs(counts, phoenix, low):
    taken = []
    stand = 0
    rank = low
    while rank <= 14:
        n = counts[rank]
        if n >= 2:
            taken.append((rank, 2))
        elif n == 1 and phoenix and not stand:
            taken.append((rank, 1))
            stand = rank
        else:
            break
        if rank > low:
            yield PAIRS, rank, tuple(taken), stand
        rank += 1


# --- hands -----------------------------------------------------------------------------------

_NIBBLE_COUNT = tuple(n.bit_count() for n in range(16))
_SHIFTS = tuple(4 * rank for rank in range(1, 15))


def free_counts(hand: int, bomb_mask: int) -> tuple:
    """Cards per rank 1..14 (the Mahjong's id 4 is rank 1's first bit), 0 at index 0."""
    free = hand & ~bomb_mask
    return (0, *[_NIBBLE_COUNT[free >> shift & 15] for shift in _SHIFTS])


def hand_value(hand: int, bomb_mask: int, bomb_count: int) -> float:
    """The value of the hand's best plan (lower is better)."""
    value = best(free_counts(hand, bomb_mask), bool(hand & PHOENIX_BIT & ~bomb_mask))[0]
    value += TRICK * (bomb_count + (hand & DRAGON_BIT != 0))
    if hand & DOG_BIT:
        value += TRICK + DOG_WEAKNESS
    return value


def plan_of(hand: int, bomb_mask: int):
    """The abstract plan of the hand's free cards (no Dragon, Dog or bombs)."""
    return best(free_counts(hand, bomb_mask), bool(hand & PHOENIX_BIT & ~bomb_mask))[1]


def to_combo(step, hand: int, bomb_mask: int):
    """The engine combination for one abstract plan step, from the hand's free cards."""
    kind, top, taken, stand_in = step
    if stand_in == -1:
        return (SINGLE, 1, 3, PHOENIX_BIT, 0)
    by_rank = ranks_of(hand & ~bomb_mask)
    mask = 0
    length = 0
    for rank, n in taken:
        for bit in by_rank[rank][:n]:
            mask |= bit
        length += n
    if stand_in:
        mask |= PHOENIX_BIT
        length += 1
    if kind == SINGLE:
        return (SINGLE, 1, 2 if top == 1 else 2 * top, mask, 0)
    return (kind, length, top, mask, stand_in)
