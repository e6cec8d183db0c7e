"""The normal exchange: the cards least useful to us go to the opponents, a good card to the
partner (a low one when we mean to go out first ourselves)."""

from tichu.engine.cards import DOG, DRAGON, MAHJONG, PHOENIX, cards_of, ranks_of
from . import calls as hand_calls
from . import policy

POINT_RANKS = (5, 10, 13)


def _keep_value(card: int, counts, bomb_mask: int, opponent_grand: bool) -> float:
    """How much the hand loses by giving ``card`` away."""
    if card == DOG:
        return 0 if opponent_grand else 30
    if card in (PHOENIX, DRAGON):
        return 50
    if card == MAHJONG:
        return 8
    rank = card >> 2
    value = rank
    if bomb_mask >> card & 1:
        value += 40
    if counts[rank] >= 2:
        value += 5
    if rank in POINT_RANKS:
        value += 2
    if all(counts[r] for r in range(max(1, rank - 2), min(14, rank + 2) + 1)):
        value += 3
    return value


def choose_gives(hand: int, me: int, calls) -> dict:
    """Seat → card id, one card for each other seat."""
    partner, left, right = me ^ 2, (me + 1) & 3, (me + 3) & 3
    by_rank = ranks_of(hand)
    counts = [len(bits) for bits in by_rank]
    bomb_mask = policy.bomb_cards(hand)
    grand_opponents = [s for s in (left, right) if calls[s] == "grand"]
    ranked = sorted(cards_of(hand), key=lambda c: (_keep_value(c, counts, bomb_mask, bool(grand_opponents)), c))
    low_two = ranked[:2]
    gives = {}
    if DOG in low_two and grand_opponents:
        gives[grand_opponents[0]] = DOG
        other = low_two[1] if low_two[0] == DOG else low_two[0]
        gives[right if grand_opponents[0] == left else left] = other
    else:
        gives[left], gives[right] = low_two
    rest = [c for c in ranked if c not in low_two]
    strong = calls[me] is not None or hand_calls.tichu_worthy(hand)
    if strong:
        gives[partner] = rest[0]
    elif calls[partner] and hand >> DRAGON & 1:
        gives[partner] = DRAGON
    else:
        normal = [c for c in rest if c >= 8 and not bomb_mask >> c & 1]
        gives[partner] = max(normal, key=lambda c: (c >> 2, -counts[c >> 2])) if normal else rest[0]
    return gives
