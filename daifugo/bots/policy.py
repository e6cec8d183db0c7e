"""The normal bot's heuristics on rank counts (suits never matter in play).

A hand is a list of 13 counts, index = rank (0 = "3" … 12 = "2"); a play is ``(rank,
size)``. The same functions drive the normal bot and the expert's playouts, so they must
stay cheap.
"""

from ..engine.cards import strength

# Strength from which a card is kept to win back the lead (A and 2 in the order in force).
KEEP = 11


def revolution_helps(counts, reversed_order: bool, without: int = -1) -> bool:
    """Whether this hand (apart from rank ``without``) is stronger after a reversal: it
    holds more low cards than high ones in the order in force."""
    low = high = 0
    for rank, n in enumerate(counts):
        if n and rank != without:
            s = strength(rank, reversed_order)
            if s <= 4:
                low += n
            elif s >= 8:
                high += n
    return low > high


def lead(counts, reversed_order: bool, revolution_rule: bool):
    """The play to lead: the lowest full set, keeping high cards and (unless a revolution
    helps) quads for later; two sets left, the stronger first when it is high."""
    groups = [(strength(r, reversed_order), r, n) for r, n in enumerate(counts) if n]
    if len(groups) == 1:
        return groups[0][1], groups[0][2]
    if revolution_rule:
        for _, rank, n in groups:
            if n == 4 and revolution_helps(counts, reversed_order, rank):
                return rank, 4
    if len(groups) == 2:
        s, rank, n = max(groups)
        if s >= KEEP - 1:
            return rank, n
    plain = [g for g in groups if g[0] < KEEP and not (revolution_rule and g[2] == 4)]
    s, rank, n = min(plain or groups, key=lambda g: (g[0], -g[2]))
    return rank, n


def follow(counts, top_rank: int, size: int, reversed_order: bool, revolution_rule: bool):
    """The play to follow ``size`` cards of ``top_rank`` with, or None to pass: the lowest
    set that fits exactly; high cards only to win back the lead late or over an ace; sets
    broken only when high or when the hand is nearly empty."""
    # The ranks that beat the top, weakest first (this runs in every playout step).
    higher = range(top_rank - 1, -1, -1) if reversed_order else range(top_rank + 1, 13)
    exact = []
    larger = []
    for rank in higher:
        n = counts[rank]
        if n == size:
            exact.append(rank)
        elif n > size:
            larger.append(rank)
    if not exact and not larger:
        return None
    total = sum(counts)
    if total == size and exact:
        return exact[0], size
    groups = 13 - counts.count(0)
    top = strength(top_rank, reversed_order)
    for rank in exact:
        if size == 4 and revolution_rule and groups > 2 and not revolution_helps(counts, not reversed_order, rank):
            continue
        if strength(rank, reversed_order) < KEEP or groups <= 3 or top >= KEEP - 1:
            return rank, size
    for rank in larger:
        s = strength(rank, reversed_order)
        if 8 <= s < KEEP or total <= 4:
            return rank, size
    return None


def returns(counts, count: int) -> list:
    """Ranks to give back in the exchange (normal order): low single cards first (they are
    the hardest to get rid of), then simply the lowest cards."""
    chosen = [r for r, n in enumerate(counts) if n == 1 and r < 8][:count]
    left = [n - chosen.count(r) for r, n in enumerate(counts)]
    for rank, n in enumerate(left):
        take = min(n, count - len(chosen))
        chosen.extend([rank] * take)
    return chosen
