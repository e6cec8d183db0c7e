"""The normal bot's card play, on masks and combination tuples.

The same functions drive the normal bot at a table and every seat of the expert's playouts,
so they must stay cheap: a lead is built from the rank structure of the hand instead of
scoring every combination the hand could form.

A hand's weakness is counted in *losers*: ranks below the Queen held as a lone card, the
cards most likely to be stuck at the end. A good play leaves fewer of them.
"""

from tichu.engine.cards import DOG, DRAGON, PHOENIX, cards_of, ranks_of
from tichu.engine.combinations import (DOG_LEAD, DRAGON_RANK, FOUR_OF_A_KIND, FULL_HOUSE, PAIR, PAIRS, SINGLE,
                            STRAIGHT, STRAIGHT_FLUSH, TRIPLE, readings, top_card_rank)
from tichu.engine.plays import bombs, has_bomb

DOG_BIT = 1 << DOG
DRAGON_BIT = 1 << DRAGON
PHOENIX_BIT = 1 << PHOENIX
LOSER_BELOW = 12
LONE = [bin(n).count("1") == 1 for n in range(16)]


def is_bomb(combo) -> bool:
    return combo[0] == FOUR_OF_A_KIND or combo[0] == STRAIGHT_FLUSH


def bomb_cards(hand: int) -> int:
    if not has_bomb(hand):
        return 0
    mask = 0
    for combo in bombs(hand):
        mask |= combo[3]
    return mask


def losers(hand: int) -> int:
    # ranks from the Mahjong's 1 up to below the Queen held exactly once
    lone = sum(1 for r in range(1, LOSER_BELOW) if LONE[(hand >> (4 * r)) & 15])
    if hand & PHOENIX_BIT and lone:
        lone -= 1
    return lone


def _straights_from(by_rank, low):
    """Straights starting at ``low``, one card per rank, shortest first (never one suit)."""
    found = []
    mask = 0
    suits = set()
    rank = low
    while rank <= 14 and by_rank[rank]:
        bit = by_rank[rank][0]
        mask |= bit
        if rank > 1:
            suits.add((bit.bit_length() - 1) & 3)
        length = rank - low + 1
        if length >= 5:
            combo = _as_straight(mask, by_rank, low, rank, suits)
            if combo:
                found.append(combo)
        rank += 1
    return found


def _as_straight(mask, by_rank, low, high, suits):
    if len(suits) > 1 or low == 1:
        return (STRAIGHT, high - low + 1, high, mask, 0)
    # one suit so far: swap in another suit's card at some rank, else it is a bomb
    for rank in range(max(low, 2), high + 1):
        for bit in by_rank[rank][1:]:
            first = by_rank[rank][0]
            return (STRAIGHT, high - low + 1, high, (mask & ~first) | bit, 0)
    return None


def lead_options(hand: int, by_rank):
    """Plays that get rid of the hand's lowest rank (bombs kept whole)."""
    low = next((r for r in range(1, 15) if by_rank[r]), None)
    if low is None:
        return []
    bits = by_rank[low]
    options = [(SINGLE, 1, 2 if low == 1 else low * 2, bits[0], 0)]
    count = len(bits)
    if count >= 2:
        options.append((PAIR, 2, low, bits[0] | bits[1], 0))
        mask = bits[0] | bits[1]
        rank = low + 1
        while rank <= 14 and len(by_rank[rank]) >= 2:
            mask |= by_rank[rank][0] | by_rank[rank][1]
            options.append((PAIRS, 2 * (rank - low + 1), rank, mask, 0))
            rank += 1
    pairs = [r for r in range(2, 15) if r != low and len(by_rank[r]) >= 2]
    if count >= 3:
        triple = bits[0] | bits[1] | bits[2]
        options.append((TRIPLE, 3, low, triple, 0))
        if pairs:
            r = pairs[0]
            options.append((FULL_HOUSE, 5, low, triple | by_rank[r][0] | by_rank[r][1], 0))
    elif count == 2:
        triples = [r for r in range(2, 15) if r != low and len(by_rank[r]) >= 3]
        if triples:
            r = triples[0]
            t = by_rank[r]
            options.append((FULL_HOUSE, 5, r, t[0] | t[1] | t[2] | bits[0] | bits[1], 0))
    options.extend(_straights_from(by_rank, low))
    return options


def _lead_score(hand, combo):
    after = hand & ~combo[3]
    return (losers(after), -combo[1], top_card_rank(combo))


def whole_hand(hand: int):
    """The hand as one combination, if it is one."""
    if not hand or hand & DOG_BIT and hand != DOG_BIT:
        return None
    options = readings(cards_of(hand), hand)
    return max(options, key=lambda c: c[2]) if options else None


def lead(hand: int, me: int, counts, calls):
    """The combination to lead (the hand is not empty)."""
    whole = whole_hand(hand)
    if whole:
        return whole
    partner = me ^ 2
    if hand & DOG_BIT and counts[partner] and (
            calls[partner] or hand.bit_count() <= 3 or (not calls[me] and losers(hand) >= 4)):
        return (DOG_LEAD, 1, 0, DOG_BIT, 0)
    if hand & DRAGON_BIT and whole_hand(hand & ~DRAGON_BIT):
        return (SINGLE, 1, DRAGON_RANK, DRAGON_BIT, 0)
    bomb_mask = bomb_cards(hand)
    free = ranks_of(hand & ~bomb_mask)
    options = lead_options(hand, free)
    if options:
        return min(options, key=lambda c: _lead_score(hand, c))
    if hand & DOG_BIT:
        return (DOG_LEAD, 1, 0, DOG_BIT, 0)
    if hand & PHOENIX_BIT:
        return (SINGLE, 1, 3, PHOENIX_BIT, 0)
    if hand & DRAGON_BIT:
        return (SINGLE, 1, DRAGON_RANK, DRAGON_BIT, 0)
    return min(bombs(hand), key=lambda c: c[2])


def _cost(hand, before, combo):
    """How much of the hand's strength a play spends (lower is cheaper)."""
    cost = 2 * (losers(hand & ~combo[3]) - before) + top_card_rank(combo)
    if combo[0] == SINGLE:
        if combo[3] == DRAGON_BIT:
            cost += 4
        elif combo[3] == PHOENIX_BIT:
            cost = 15 + 2 * (losers(hand & ~PHOENIX_BIT) - before)
    elif combo[3] & PHOENIX_BIT:
        cost += 6
    return cost


def _pressing(me, top_seat, counts, calls) -> bool:
    """Whether winning this trick matters more than keeping strong cards."""
    partner = me ^ 2
    return bool(calls[me] or calls[partner] or counts[top_seat] <= 3 or calls[top_seat])


def should_bomb(me, top_seat, counts, calls, trick_points) -> bool:
    """Bombs are saved for stopping an opponent near the end or for a big trick."""
    if top_seat is None or (top_seat ^ me) & 1 == 0:
        return False
    return (counts[top_seat] <= 2 or (calls[top_seat] is not None and counts[top_seat] <= 7)
            or trick_points >= 25)


def follow(hand: int, options, may_pass: bool, me: int, top, top_seat: int, counts, calls,
           trick_points: int):
    """The combination to play on ``top`` from the legal ``options``, or None to pass."""
    for combo in options:
        if combo[3] == hand:
            return combo
    normal = [c for c in options if not is_bomb(c)]
    partner_on_top = top_seat == me ^ 2
    if may_pass and partner_on_top:
        return None
    # every bomb of the hand beats a normal combination, so the listed bombs are all of them
    bomb_mask = 0
    for combo in options:
        if is_bomb(combo):
            bomb_mask |= combo[3]
    before = losers(hand)
    keep = [c for c in normal if not c[3] & bomb_mask]
    if keep:
        best = min(keep, key=lambda c: _cost(hand, before, c))
        if not may_pass or _worth_it(best, top, me, top_seat, counts, calls, trick_points):
            return best
    if not may_pass:
        return min(options, key=lambda c: (is_bomb(c), _cost(hand, before, c)))
    if should_bomb(me, top_seat, counts, calls, trick_points):
        bombs_ = [c for c in options if is_bomb(c)]
        if bombs_:
            return min(bombs_, key=lambda c: c[2])
    return None


def _worth_it(combo, top, me, top_seat, counts, calls, trick_points) -> bool:
    if _pressing(me, top_seat, counts, calls) or trick_points >= 20:
        return True
    if combo[0] == SINGLE and combo[3] & (DRAGON_BIT | PHOENIX_BIT):
        return top[2] >= 22 or counts[me] <= 4
    if combo[3] & PHOENIX_BIT:
        return counts[me] <= 6
    return True


def gift_to(me: int, counts) -> int:
    """The Dragon trick goes to the opponent most likely to finish last: its won cards then
    pass to whoever went out first."""
    left, right = (me + 1) & 3, (me + 3) & 3
    return left if counts[left] >= counts[right] else right


def wish_for(hand_after: int, partner_gift: int) -> int:
    """A rank the bot cannot be forced to play and its partner did not get from it: the
    highest such rank, which an opponent must then spend."""
    held = ranks_of(hand_after)
    partner_rank = (partner_gift.bit_length() - 1) >> 2 if partner_gift else 0
    for rank in range(14, 1, -1):
        if not held[rank] and rank != partner_rank:
            return rank
    return 0
