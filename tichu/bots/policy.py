"""The normal bot's card play, on masks and combination tuples.

The same functions drive the normal bot at a table and every seat of the expert's playouts,
so they must stay cheap: plans come from ``planner``'s memo, and what others can beat is
read off one mask (``others``: the cards other players may hold; the normal bot passes
what it has not seen played, a playout the other hands themselves).

A hand is valued by its best plan (``planner``): a lead plays the plan's weakest
combination, or cashes its sure winners when they can carry the hand out; an answer is
the one that leaves the best plan, played where it is worth its cards (`_worth_it`).
"""

from ..engine.cards import DOG, DRAGON, PHOENIX, cards_of, ranks_of
from ..engine.combinations import (DOG_LEAD, DRAGON_RANK, FOUR_OF_A_KIND, FULL_HOUSE, PAIR, PAIRS, SINGLE,
                            STRAIGHT, STRAIGHT_FLUSH, TRIPLE, readings, top_card_rank)
from ..engine.plays import bombs, has_bomb
from . import planner

DOG_BIT = 1 << DOG
DRAGON_BIT = 1 << DRAGON
PHOENIX_BIT = 1 << PHOENIX
DOG_COMBO = (DOG_LEAD, 1, 0, DOG_BIT, 0)
DRAGON_COMBO = (SINGLE, 1, DRAGON_RANK, DRAGON_BIT, 0)
SURE_WEAKNESS = 0.2  # a combination this strong is taken for a winner when nothing is known
DOG_WHEN_WORSE_THAN = 5.0  # a hand valued this badly rather gives its partner the lead
LEAD_LONG = 6  # a combination of several cards is led before singles up to this many ranks lower


def is_bomb(combo) -> bool:
    return combo[0] == FOUR_OF_A_KIND or combo[0] == STRAIGHT_FLUSH


def bomb_cards(hand: int) -> int:
    if not has_bomb(hand):
        return 0
    mask = 0
    for combo in bombs(hand):
        mask |= combo[3]
    return mask


def whole_hand(hand: int):
    """The hand as one combination, if it is one."""
    if not hand or hand & DOG_BIT and hand != DOG_BIT:
        return None
    options = readings(cards_of(hand), hand)
    return max(options, key=lambda c: c[2]) if options else None


def value(hand: int) -> float:
    """How far the hand is from going out (``planner.hand_value``; lower is better)."""
    if not has_bomb(hand):
        return planner.hand_value(hand, 0, 0)
    found = bombs(hand)
    mask = 0
    for combo in found:
        mask |= combo[3]
    # a long straight flush is listed once per sub-run: count the bomb cards, not the listings
    return planner.hand_value(hand, mask, max(1, mask.bit_count() // 5))


def beatable(combo, others) -> bool:
    """Whether cards among ``others`` (the cards other players may hold; None: unknown) can
    beat ``combo`` without a bomb, as if one player held them all (a full house counts as
    beaten by a higher triple alone)."""
    kind, length, rank = combo[0], combo[1], combo[2]
    if kind == DOG_LEAD or is_bomb(combo):
        return False
    if others is None:
        return _price(combo) > planner.TRICK + SURE_WEAKNESS
    if kind == SINGLE:
        if rank >= DRAGON_RANK:
            return False
        if others & (DRAGON_BIT | PHOENIX_BIT):
            return True
        return bool(others & ~((1 << (rank // 2 * 4 + 4)) - 1))
    phoenix = 1 if others & PHOENIX_BIT else 0
    held = [((others >> (4 * r)) & 15).bit_count() for r in range(15)]
    top = top_card_rank(combo)
    if kind in (PAIR, TRIPLE, FULL_HOUSE):
        need = 2 if kind == PAIR else 3
        return any(held[r] + phoenix >= need for r in range(top + 1, 15))
    if kind == STRAIGHT:
        for high in range(top + 1, 15):
            gaps = sum(1 for r in range(high - length + 1, high + 1) if not held[r])
            if gaps <= phoenix:
                return True
        return False
    ranks = length // 2
    for high in range(top + 1, 15):
        short = sum(max(0, 2 - held[r]) for r in range(high - ranks + 1, high + 1))
        if short <= phoenix:
            return True
    return False


def _plan_combos(hand: int, bomb_mask: int) -> list:
    return [planner.to_combo(step, hand, bomb_mask) for step in planner.plan_of(hand, bomb_mask)]


def lead(hand: int, me: int, counts, calls, others=None):
    """The combination to lead (the hand is not empty): the weakest combination of the
    hand's best plan, or its sure winners first once they can carry it out."""
    whole = whole_hand(hand)
    if whole:
        return whole
    partner = me ^ 2
    bomb_mask = bomb_cards(hand)
    plan = _plan_combos(hand, bomb_mask)
    if hand & DOG_BIT and counts[partner] and (
            calls[partner] or hand.bit_count() <= 3
            or (not calls[me] and value(hand) >= DOG_WHEN_WORSE_THAN)):
        return DOG_COMBO
    winners = [c for c in plan if not beatable(c, others)]
    weak = [c for c in plan if beatable(c, others)]
    if hand & DRAGON_BIT:
        winners.append(DRAGON_COMBO)
    if hand & DOG_BIT:
        weak.append(DOG_COMBO)
    if len(weak) <= 1 and winners:
        # cash the winners while they can still carry the hand out; the Dragon last (its
        # trick goes to an opponent)
        return min(winners, key=lambda c: (c[3] == DRAGON_BIT, -c[1], c[2]))
    if weak:
        if calls[partner] and counts[partner]:
            singles = [c for c in weak if c[0] == SINGLE]
            if singles:
                return min(singles, key=lambda c: c[2])
        playable = [c for c in weak if c[0] != DOG_LEAD] or weak
        # several cards at once first: fewer opponents can answer them
        return min(playable, key=lambda c: (top_card_rank(c) - LEAD_LONG * (c[1] > 1), -c[1]))
    if bomb_mask:
        return min(bombs(hand), key=lambda c: c[2])
    return min(winners, key=lambda c: c[2])


def _price(combo) -> float:
    kind, length = combo[0], combo[1]
    top = top_card_rank(combo)
    low = top - length // 2 + 1 if kind == PAIRS else top - length + 1 if kind == STRAIGHT else top
    return planner.price(kind, low, top)


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
           trick_points: int, others=None):
    """The combination to play on ``top`` from the legal ``options``, or None to pass: the
    answer that leaves the best plan (the Dragon and the Phoenix only when worth it)."""
    for combo in options:
        if combo[3] == hand:
            return combo
    partner_on_top = top_seat == me ^ 2
    if may_pass and partner_on_top:
        return None
    # every bomb of the hand beats a normal combination, so the listed bombs are all of them
    bomb_mask = 0
    for combo in options:
        if is_bomb(combo):
            bomb_mask |= combo[3]
    keep = [c for c in options if not c[3] & bomb_mask and not is_bomb(c)]
    if keep:
        best = min(keep, key=lambda c: (value(hand & ~c[3]), top_card_rank(c)))
        if not may_pass or _worth_it(best, top, me, top_seat, counts, calls, trick_points):
            return best
    if not may_pass:
        return min(options, key=lambda c: c[2])
    bombs_ = [c for c in options if is_bomb(c)]
    if bombs_ and (top_seat ^ me) & 1:
        out = bomb_to_go_out(hand, bombs_)
        if out:
            return out
    if should_bomb(me, top_seat, counts, calls, trick_points):
        if bombs_:
            return min(bombs_, key=lambda c: c[2])
    return None


def bomb_to_go_out(hand: int, bombs_):
    """A bomb after which the rest of the hand is one combination to lead (or nothing):
    the bomb takes the lead and the hand goes out with its next play."""
    for combo in sorted(bombs_, key=lambda c: c[2]):
        rest = hand & ~combo[3]
        if not rest or whole_hand(rest):
            return combo
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
