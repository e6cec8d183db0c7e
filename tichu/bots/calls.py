"""Hand strength for the Grand Tichu and small Tichu calls and for the exchange.

A call pays only if the caller goes out first, which needs enough sure winners ("controls":
the Dragon, the Phoenix, Aces, bombs) to take the lead back after each weak combination.
"""

from ..engine.cards import DRAGON, PHOENIX, RANK_MASKS
from ..engine.combinations import FOUR_OF_A_KIND, SINGLE, STRAIGHT_FLUSH, top_card_rank
from ..engine.plays import bombs
from . import policy

DRAGON_BIT = 1 << DRAGON
PHOENIX_BIT = 1 << PHOENIX
STRONG_FROM = 13
TICHU_CONTROLS = 2.5
TICHU_SLACK = 0.5


def controls(hand: int) -> float:
    found = bombs(hand)
    bomb_mask = policy.bomb_cards(hand)
    # a long straight flush is listed once per sub-run: count it as one bomb
    value = 1.5 * (sum(1 for b in found if b[0] == FOUR_OF_A_KIND)
                   + any(b[0] == STRAIGHT_FLUSH for b in found))
    value += (hand & DRAGON_BIT != 0) + 0.75 * (hand & PHOENIX_BIT != 0)
    value += (RANK_MASKS[14] & hand & ~bomb_mask).bit_count()
    return value


def plan(hand: int) -> list:
    """The combinations the normal policy would lead this hand as, one after the other."""
    combos = []
    no_partner = [14, 14, 0, 14]
    calls = [None] * 4
    while hand:
        combo = policy.lead(hand, 0, no_partner, calls)
        combos.append(combo)
        hand &= ~combo[3]
    return combos


def weak_combinations(hand: int) -> int:
    """Combinations of the plan that will rarely win a trick by themselves."""
    weak = 0
    for combo in plan(hand):
        if policy.is_bomb(combo):
            continue
        if combo[0] == SINGLE and combo[3] & (DRAGON_BIT | PHOENIX_BIT):
            continue
        if top_card_rank(combo) < STRONG_FROM:
            weak += 1
    return weak


def tichu_worthy(hand: int) -> bool:
    strength = controls(hand)
    return strength >= TICHU_CONTROLS and weak_combinations(hand) <= strength + TICHU_SLACK


def grand_strength(hand8: int) -> float:
    return controls(hand8) + 0.25 * (RANK_MASKS[13] & hand8).bit_count()


def grand_worthy(hand8: int) -> bool:
    return grand_strength(hand8) >= 3.75
