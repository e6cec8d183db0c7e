"""The normal exchange: the cards least useful to us go to the opponents, a good card to the
partner (a low one when we mean to go out first ourselves). ``variants``: the gives the
expert compares with it."""

from ..engine.cards import DOG, DRAGON, MAHJONG, PHOENIX, cards_of, ranks_of
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


def variants(hand: int, me: int, calls) -> list:
    """The normal gives first, then the few others worth comparing: for the partner, the
    next card of the normal bot's habit (the next-best card, or for a hand that means to go
    out first the next least useful one) and a card of the other habit; for each opponent
    in turn, the next least useful card; the opponents' two cards swapped. None gives away
    a bomb's card or a special card that the normal gives keep."""
    usual = choose_gives(hand, me, calls)
    partner, left, right = me ^ 2, (me + 1) & 3, (me + 3) & 3
    counts = [len(bits) for bits in ranks_of(hand)]
    bomb_mask = policy.bomb_cards(hand)
    grand_opponent = any(calls[s] == "grand" for s in (left, right))
    found = [usual]

    def add(change: dict):
        gives = {**usual, **change}
        if len(set(gives.values())) == 3 and gives not in found:
            found.append(gives)

    plain = [c for c in cards_of(hand) if c >= 8 and not bomb_mask >> c & 1 and c not in usual.values()]
    best = sorted(plain, key=lambda c: (c >> 2, -counts[c >> 2]), reverse=True)
    best = [c for c in best if c >> 2 != usual[partner] >> 2] or best
    least = sorted(plain, key=lambda c: (_keep_value(c, counts, bomb_mask, grand_opponent), c))
    if not plain:
        return found
    if calls[me] is not None or hand_calls.tichu_worthy(hand):
        add({partner: least[0]})
        add({partner: best[0]})
    else:
        add({partner: best[0]})
        add({partner: least[0]})
    add({left: least[0]})
    add({right: least[0]})
    add({left: usual[right], right: usual[left]})
    return found
