"""Every combination a hand can play: all its leads, its answers to a combination on the
table, its bombs.

Listing is the engine's hot loop (every ``legal_actions``, every bot playout), so it works on
ranks, not cards: a hand's 4-bit suit pattern at each rank (``hand >> 4 * rank & 15``) picks
precomputed tuples of that rank's singles, pairs and triples, and longer combinations are
built rank by rank from those tuples with list comprehensions over plain ints.

A play is encoded as one int, its ``key``: the card mask, plus the rank the Phoenix stands
for shifted to bit 60 (card ids stay below 60). ORing two keys joins two parts of a
combination, Phoenix reading included, so no per-play tuple is built until a caller asks.
Plays come in groups ``(kind, length, rank, keys)`` that share everything but their cards;
``combos`` turns groups into the combination tuples of ``combinations``. Groups and their
key lists are shared (lead listings are remembered per hand): callers never change them.
"""

from itertools import combinations as _choose

from gamekit.memos import memo

from .cards import DOG, DRAGON, MAHJONG, NORMAL_MASK, PHOENIX
from .combinations import (DOG_LEAD, DRAGON_RANK, FOUR_OF_A_KIND, FULL_HOUSE, PAIR, PAIRS, SINGLE,
                           STRAIGHT, STRAIGHT_FLUSH, TRIPLE, beats, phoenix_single_rank)

PHOENIX_SHIFT = 60
CARD_BITS = (1 << PHOENIX_SHIFT) - 1
PHOENIX_BIT = 1 << PHOENIX
MAHJONG_BIT = 1 << MAHJONG
DOG_BIT = 1 << DOG
DRAGON_BIT = 1 << DRAGON
RANKS = range(2, 15)
# one bit at the lowest card of every normal rank: where a four of a kind shows up
RANK_BASES = sum(1 << (4 * rank) for rank in RANKS)
RUN_BASES = RANK_BASES | MAHJONG_BIT  # straights also start at the Mahjong's rank 1


def _subsets(rank, nibble, size):
    bits = [1 << (rank * 4 + suit) for suit in range(4) if nibble >> suit & 1]
    return tuple(sum(chosen) for chosen in _choose(bits, size))


def _table(build):
    """``table[rank][nibble]`` for the normal ranks; empty tuples elsewhere."""
    return [[build(rank, nibble) if rank >= 2 else () for nibble in range(16)] for rank in range(15)]


ONES = _table(lambda rank, nibble: _subsets(rank, nibble, 1))
TWOS = _table(lambda rank, nibble: _subsets(rank, nibble, 2))
THREES = _table(lambda rank, nibble: _subsets(rank, nibble, 3))
# the same completed by the Phoenix, its reading included
PHOENIX_TWOS = _table(lambda rank, nibble: tuple(m | PHOENIX_BIT | rank << PHOENIX_SHIFT
                                                 for m in _subsets(rank, nibble, 1)))
PHOENIX_THREES = _table(lambda rank, nibble: tuple(m | PHOENIX_BIT | rank << PHOENIX_SHIFT
                                                   for m in _subsets(rank, nibble, 2)))
# straights: one card per rank, the Mahjong (card 4: rank 1, suit 0) included; or the
# Phoenix standing for a rank (never the Mahjong's 1)
RUN_ONES = [row[:] for row in ONES]
RUN_ONES[1] = [(MAHJONG_BIT,) if nibble & 1 else () for nibble in range(16)]
PHOENIX_ONES = _table(lambda rank, nibble: (PHOENIX_BIT | rank << PHOENIX_SHIFT,))


def _two_ranks(first, second):
    """``table[rank][pattern]``: each choice of ``first`` at ``rank`` ORed with each of
    ``second`` at ``rank + 1``, for the 8-bit suit pattern of the two ranks."""
    return [[tuple(a | b for a in first[rank][pattern & 15] for b in second[rank + 1][pattern >> 4])
             for pattern in range(256)] for rank in range(14)]


# A straight's first four ranks come from two lookups in these tables and one list
# comprehension, instead of four rank steps: most of a lead's straights share few lows, and
# the steps before a run is long enough to list were most of the straight search.
RUN_TWOS = _two_ranks(RUN_ONES, RUN_ONES)
RUN_TWOS_PHOENIX = [[at_first + at_second for at_first, at_second in zip(first, second)]
                    for first, second in zip(_two_ranks(PHOENIX_ONES, RUN_ONES),
                                             _two_ranks(RUN_ONES, PHOENIX_ONES))]
WINDOWS = [sum(1 << 4 * i for i in range(n)) for n in range(15)]  # n ranks in a row, as rank bits
# SINGLE_BYTES[i][byte]: the singles of the normal cards 8 * i + bit for the bits of byte
# (two ranks), one group per rank; singles are most listings, so no loop over ranks.
SINGLE_BYTES = [[tuple((SINGLE, 1, rank * 2, ONES[rank][byte >> shift & 15])
                       for rank, shift in ((2 * i, 0), (2 * i + 1, 4))
                       if rank <= 14 and byte >> shift & 15)
                 for byte in range(256)] if i else None for i in range(8)]

def combos(groups) -> list:
    """Combination tuples ``(kind, length, rank, mask, phoenix)`` of plays in groups."""
    return [(kind, length, rank, key & CARD_BITS, key >> PHOENIX_SHIFT)
            for kind, length, rank, keys in groups for key in keys]


def all_leads(hand: int) -> list:
    """Every combination the hand could lead (bombs and the Dog included)."""
    return combos(lead_groups(hand))


def answers(hand: int, top) -> list:
    """Every combination of the hand that may be played on ``top``."""
    return combos(answer_groups(hand, top))


def bombs(hand: int, above=None) -> list:
    """Every bomb of the hand that beats ``above`` (a combination, or None for all)."""
    return combos(bomb_groups(hand, above))


def has_bomb(hand: int) -> bool:
    """A cheap test before the bomb search: four bits of a rank, or five in one suit. (Bits
    ``p, p+1`` held, then ``p..p+3``: fewer big-int operations than four shifts; likewise
    ``p, p+4``, then ``p..p+12``, then ``p+16``.)"""
    normal = hand & NORMAL_MASK
    two = normal & normal >> 1
    run = normal & normal >> 4
    return bool(two & two >> 2 & RANK_BASES or run & run >> 8 & normal >> 16)


# --- groups --------------------------------------------------------------------------------

# Lead listings per hand: a hand waiting for its lead may be listed again and again (views
# of the table list it for its seat). Read-only for callers; bounded so that a long-running
# process cannot grow it without limit, and small: a seat's later leads come from its last
# one (``listed.LAST_LEADS``), its first lead of a hand is remembered only when listed a
# second time (``legal``), bots' playouts list leads only under a wish, and each entry is a
# dozen objects that every full garbage collection walks (2,000 entries cost random hands
# ~3 %).
_LEADS = memo("tichu.leads", 256)


def lead_groups(hand: int, remember: bool = True) -> list:
    """Every play the hand could lead (bombs and the Dog included); found afresh unless
    remembered, and remembered only if ``remember``."""
    groups = _LEADS.get(hand)
    if groups is None:
        groups = _lead_groups(hand)
        if remember:
            _LEADS.keep(hand, groups)
    return groups


def _lead_groups(hand: int) -> list:
    held = once, twice, thrice = _held(hand)
    phoenix = hand & PHOENIX_BIT
    groups = singles(hand, None)
    if hand & DOG_BIT:
        groups.append((DOG_LEAD, 1, 0, (DOG_BIT,)))
    # Most leads are of a few cards (six on average in random hands): a kind the hand cannot
    # form is skipped here, before a call that would find out the same.
    if twice or phoenix and once & RANK_BASES:
        groups += sets(hand, held, PAIR, 0)
    if twice if phoenix else thrice:
        groups += sets(hand, held, TRIPLE, 0)
        groups += full_houses(hand, held, 0)
    if twice:  # a run of pairs has at least one pair without the Phoenix
        groups += consecutive_pairs(hand, held, None, 0)
    if once.bit_count() >= (4 if phoenix else 5):
        groups += straights(hand, held, None, 0)
    if has_bomb(hand):
        groups += bomb_groups(hand, None)
    return groups


def answer_groups(hand: int, top) -> list:
    """Every play of the hand that may go on ``top``."""
    kind, length, rank = top[0], top[1], top[2]
    if kind == SINGLE:
        groups = singles(hand, top)
    elif kind == PAIR or kind == TRIPLE:
        groups = sets(hand, _held(hand), kind, rank)
    elif kind == FULL_HOUSE:
        groups = full_houses(hand, _held(hand), rank)
    elif kind == PAIRS:
        groups = consecutive_pairs(hand, _held(hand), length, rank)
    elif kind == STRAIGHT:
        groups = straights(hand, _held(hand), length, rank)
    else:
        groups = []
    if has_bomb(hand):
        groups += bomb_groups(hand, top)
    return groups


def _held(hand):
    """The ranks held at least once, twice and three times, each as bits at ``4 * rank``
    (the Mahjong counts as rank 1): enough to skip kinds the hand cannot form."""
    a = hand & (NORMAL_MASK | MAHJONG_BIT)
    b, c, d = a >> 1, a >> 2, a >> 3
    return ((a | b | c | d) & RUN_BASES,
            (a & b | a & c | a & d | b & c | b & d | c & d) & RANK_BASES,
            (a & b & (c | d) | (a | b) & c & d) & RANK_BASES)


def _rank_tuples(first):
    """``table[bits]``: the ranks ``first + k`` for the rank bits at ``4 * k`` (k < 8) of
    ``bits``, ascending."""
    return {sum(1 << 4 * k for k in range(8) if n >> k & 1):
            tuple(first + k for k in range(8) if n >> k & 1) for n in range(256)}


# The ranks 0..7 and 8..15 of rank bits: two lookups, where a loop over the bits took one
# step per rank held (a lead asks three to six times, answers to pairs and triples once).
_LOW_RANKS, _HIGH_RANKS = _rank_tuples(0), _rank_tuples(8)


def _ranks_above(bits, above):
    """The ranks above ``above`` among rank bits, ascending (a tuple)."""
    bits &= -1 << 4 * (above + 1)
    return _LOW_RANKS[bits & 0x11111111] + _HIGH_RANKS[bits >> 32]


def singles(hand, top) -> list:
    """Singles that beat ``top`` (a single, or None when leading)."""
    above = -1 if top is None else top[2]
    groups = []
    if hand & MAHJONG_BIT and above < 2:
        groups.append((SINGLE, 1, 2, (MAHJONG_BIT,)))
    normal = hand & NORMAL_MASK & -1 << 4 * max(2, above // 2 + 1)
    if normal:  # unpacked into the list: adding the tuples made six intermediate tuples
        _, b1, b2, b3, b4, b5, b6, b7 = SINGLE_BYTES
        groups += [*b1[normal >> 8 & 255], *b2[normal >> 16 & 255], *b3[normal >> 24 & 255],
                   *b4[normal >> 32 & 255], *b5[normal >> 40 & 255], *b6[normal >> 48 & 255],
                   *b7[normal >> 56 & 255]]
    if hand & DRAGON_BIT and above < DRAGON_RANK:
        groups.append((SINGLE, 1, DRAGON_RANK, (DRAGON_BIT,)))
    if hand & PHOENIX_BIT:
        rank = phoenix_single_rank(top)
        if rank is not None:
            groups.append((SINGLE, 1, rank, (PHOENIX_BIT,)))
    return groups


def sets(hand, held, kind, above) -> list:
    """Pairs or triples ranked above ``above``."""
    once, twice, thrice = held
    phoenix = hand & PHOENIX_BIT
    if kind == PAIR:
        plain, completed, size = TWOS, PHOENIX_TWOS, 2
        candidates = once & RANK_BASES if phoenix else twice
    else:
        plain, completed, size = THREES, PHOENIX_THREES, 3
        candidates = twice if phoenix else thrice
    groups = []
    for rank in _ranks_above(candidates, above):
        nibble = hand >> 4 * rank & 15
        groups.append((kind, size, rank, plain[rank][nibble] + completed[rank][nibble]
                       if phoenix else plain[rank][nibble]))
    return groups


def full_houses(hand, held, above) -> list:
    """Full houses whose triple ranks above ``above``; the Phoenix completes one part."""
    once, twice, thrice = held
    phoenix = hand & PHOENIX_BIT
    triple_ranks = _ranks_above(twice if phoenix else thrice, above)
    if not triple_ranks or (twice | once & RANK_BASES if phoenix else twice).bit_count() < 2:
        return []
    plain_pairs, plain_at = _flat(TWOS, hand, _ranks_above(twice, 1))
    completed_pairs = None  # pairs the Phoenix completes: only for a natural triple
    groups = []
    for rank in triple_ranks:
        nibble = hand >> 4 * rank & 15
        plain = _without(plain_pairs, plain_at, rank)
        threes = THREES[rank][nibble]  # often none: a pair that only the Phoenix makes a triple
        if threes:
            keys = [t | p for t in threes for p in plain]
            if phoenix:
                if completed_pairs is None:
                    completed_pairs, completed_at = _flat(PHOENIX_TWOS, hand,
                                                          _ranks_above(once & RANK_BASES, 1))
                completed = _without(completed_pairs, completed_at, rank)
                keys += [t | p for t in threes for p in completed]
                keys += [t | p for t in PHOENIX_THREES[rank][nibble] for p in plain]
        elif plain:
            keys = [t | p for t in PHOENIX_THREES[rank][nibble] for p in plain]
        else:
            continue
        if keys:
            groups.append((FULL_HOUSE, 5, rank, keys))
    return groups


def _flat(table, hand, ranks):
    """The hand's keys of ``table`` at ``ranks`` in one list, and where each rank's lie in it
    (so that "every pair but this rank's" is two slices, not a loop)."""
    flat = []
    spans = {}
    for rank in ranks:
        start = len(flat)
        flat += table[rank][hand >> 4 * rank & 15]
        spans[rank] = start, len(flat)
    return flat, spans


def _without(flat, spans, rank):
    span = spans.get(rank)
    return flat if span is None else flat[:span[0]] + flat[span[1]:]


def _runs(hand, plain, completed, heads, passable, stand_in, needed, exact, above, lows):
    """Runs over consecutive ranks from each low in ``lows``: per rank one of
    ``plain[rank][nibble]`` (the hand's cards), or at most once one of
    ``completed[rank][nibble]`` (the Phoenix standing in; ``completed`` is None without the
    Phoenix). ``heads = (size, start)``: ``start(hand, low)`` gives the runs over the first
    ``size`` ranks (fewer than ``needed``), without and with the Phoenix. Runs of
    ``needed`` ranks or more (exactly that many when ``exact``) topped above ``above`` come
    out as (low, top, keys); a run with and one without the Phoenix can share a (low, top)."""
    # ``passable`` and ``stand_in`` are rank bits (at 4 * rank): ranks the hand's cards cover
    # and ranks only the Phoenix can. A low whose first ``needed`` ranks cannot all be
    # passed is skipped before any list work. Each list comprehension costs about as much to
    # start as ten elements, so a step starts none whose input or output is known empty.
    window = WINDOWS[needed]
    head_size, start = heads
    found = []
    for low in lows:
        missing = window << 4 * low & ~passable
        if missing and (missing & (missing - 1) or not missing & stand_in):
            continue
        clean, used = start(hand, low)  # without, with the Phoenix
        first = max(low + needed - 1, above + 1)
        for rank in range(low + head_size, low + needed if exact else 15):
            nibble = hand >> 4 * rank & 15
            bits = plain[rank][nibble]
            if bits:
                if used:
                    used = [m | b for b in bits for m in used]
                if clean:
                    if completed is not None:
                        extended = [m | c for c in completed[rank][nibble] for m in clean]
                        used = used + extended if used else extended
                    clean = [m | b for b in bits for m in clean]
            elif clean and completed is not None and completed[rank][nibble]:
                # only the Phoenix passes this rank (in a run of pairs, with one card of it)
                used = [m | c for c in completed[rank][nibble] for m in clean]
                clean = ()
            else:
                break
            if rank >= first:
                if clean:
                    found.append((low, rank, clean))
                if used:
                    found.append((low, rank, used))
    return found


def _pair_heads(hand, low):
    nibble = hand >> 4 * low & 15
    return TWOS[low][nibble], PHOENIX_TWOS[low][nibble] if hand & PHOENIX_BIT else ()


PAIR_HEADS = (1, _pair_heads)
# the Phoenix standing in for each rank of a straight (a key of its own: no suit to choose)
PHOENIX_KEYS = tuple(PHOENIX_BIT | rank << PHOENIX_SHIFT for rank in range(15))


def _straight_runs(hand, phoenix, passable, stand_in, needed, exact, above, lows):
    """``_runs`` for straights, done with fewer lists: per rank the hand has one to four
    cards and the Phoenix exactly one reading, so the runs that take the Phoenix at a rank
    are one list comprehension over the runs without it, appended in place (``_runs``
    pairs every run with every choice of the Phoenix's and concatenates). The same plays
    in the same order as ``_runs`` would list; found as ``(STRAIGHT, length, top, keys)``
    groups."""
    window = WINDOWS[needed]
    found = []
    for low in lows:
        missing = window << 4 * low & ~passable
        if missing and (missing & (missing - 1) or not missing & stand_in):
            continue
        # the first four ranks from two lookups of two ranks each
        near = hand >> 4 * low & 255
        far = hand >> 4 * low + 8 & 255
        fars = RUN_TWOS[low + 2][far]
        nears = RUN_TWOS[low][near]
        clean = [a | b for a in nears for b in fars]
        used = ([a | b for a in RUN_TWOS_PHOENIX[low][near] for b in fars]
                + [a | b for a in nears for b in RUN_TWOS_PHOENIX[low + 2][far]]) if phoenix else ()
        first = max(low + needed - 1, above + 1)
        for rank in range(low + 4, low + needed if exact else 15):
            bits = RUN_ONES[rank][hand >> 4 * rank & 15]
            if clean and phoenix:  # the Phoenix standing in for this rank
                stand = PHOENIX_KEYS[rank]
                stood = [m | stand for m in clean]
            elif bits:
                stood = []
            else:
                break
            if bits:
                if used:
                    used = [m | b for b in bits for m in used]
                    used += stood
                else:
                    used = stood
                if clean:
                    clean = [m | b for b in bits for m in clean]
            else:  # only the Phoenix passes this rank
                used = stood
                clean = ()
            if rank >= first:
                if clean:
                    found.append((STRAIGHT, rank - low + 1, rank, clean))
                if used:
                    found.append((STRAIGHT, rank - low + 1, rank, used))
    return found


def consecutive_pairs(hand, held, length, above) -> list:
    """Runs of pairs (``length`` in cards, None for every length) topped above ``above``."""
    once, twice, _ = held
    phoenix = hand & PHOENIX_BIT
    adjacent = twice & twice >> 4
    if phoenix:
        adjacent |= twice & once >> 4 | once & twice >> 4
    if not adjacent & RANK_BASES:
        return []
    stand_in = once & ~twice & RANK_BASES if phoenix else 0
    completed = PHOENIX_TWOS if phoenix else None
    if length is None:  # a run can start exactly where ``adjacent`` says
        runs = _runs(hand, TWOS, completed, PAIR_HEADS, twice, stand_in, 2, False, above,
                     _ranks_above(adjacent & RANK_BASES, 1))
    else:
        pairs = length // 2
        lows = range(max(2, above - pairs + 2), 16 - pairs)
        runs = _runs(hand, TWOS, completed, PAIR_HEADS, twice, stand_in, pairs, True, above, lows)
    return [(PAIRS, 2 * (top - low + 1), top, keys) for low, top, keys in runs]


def straights(hand, held, length, above) -> list:
    """Straights (``length`` cards, None for every length) topped above ``above``; runs of
    one suit are straight flushes, which are bombs and listed by ``bomb_groups``."""
    once = held[0]
    phoenix = hand & PHOENIX_BIT
    # The lows (bits at 4 * low) of five ranks in a row that the hand covers: every rank
    # held, or with the Phoenix every rank but one, which it stands in for (not the
    # Mahjong's 1, not above the A). Runs of every length start only there.
    a1, a2, a3, a4 = once >> 4, once >> 8, once >> 12, once >> 16
    if phoenix:
        stand_in = ~once & RANK_BASES
        covered = once | stand_in
        lows = (covered & covered >> 4 & covered >> 8 & covered >> 12 & covered >> 16
                & (a1 & a2 & a3 & a4 | once & (a2 & a3 & a4 | a1 & (a3 & a4 | a2 & (a4 | a3)))))
    else:
        stand_in = 0
        lows = once & a1 & a2 & a3 & a4
    if not lows:
        return []
    if length is None:
        found = _straight_runs(hand, phoenix, once, stand_in, 5, False, above,
                               _ranks_above(lows, 0))
    else:
        found = _straight_runs(hand, phoenix, once, stand_in, length, True, above,
                               range(max(1, above - length + 2), 16 - length))
    normal = hand & NORMAL_MASK
    if normal & normal >> 4 & normal >> 8 & normal >> 12 & normal >> 16:
        flushes = {keys[0] for _, _, _, keys in bomb_groups(hand, None)}
        found = [(kind, size, top, [k for k in keys if k not in flushes])
                 for kind, size, top, keys in found]
        found = [group for group in found if group[3]]
    return found


def bomb_groups(hand, above) -> list:
    """Every bomb of the hand that beats ``above`` (a combination, or None for all)."""
    groups = []
    normal = hand & NORMAL_MASK
    fours = normal & normal >> 1 & normal >> 2 & normal >> 3 & RANK_BASES
    while fours:
        low = fours & -fours
        fours ^= low
        groups.append((FOUR_OF_A_KIND, 4, (low.bit_length() - 1) >> 2, (low * 15,)))
    # Cards of one suit and consecutive ranks sit 4 bits apart: bit p of ``starts`` means the
    # hand holds p, p+4, ..., p+16, a straight flush starting at card p.
    starts = normal & normal >> 4 & normal >> 8 & normal >> 12 & normal >> 16
    while starts:
        low = starts & -starts
        starts ^= low
        p = low.bit_length() - 1
        mask = low | low << 4 | low << 8 | low << 12 | low << 16
        top = p + 16
        while True:
            size = (top - p) // 4 + 1
            groups.append((STRAIGHT_FLUSH, size, 100 * size + (top >> 2), (mask,)))
            top += 4
            if top >= 60 or not hand >> top & 1:
                break
            mask |= 1 << top
    if above is not None:
        groups = [g for g in groups if beats(g, above)]
    return groups
