"""Hand shapes on 34-kind count lists: complete hands, waits, nine terminals.

These run for every legal-action listing, so results are memoised in ``SHAPE_CACHE``, keyed
by the count tuple itself (a value, never an object identity); ``SHAPE_CACHE.clear()`` resets.
"""

from .tiles import TERMINALS_AND_HONOURS

_KOKUSHI = tuple(sorted(TERMINALS_AND_HONOURS))


class ShapeCache:
    """Bounded memo tables for waits and suit decompositions."""

    def __init__(self, limit: int = 200_000):
        self.limit = limit
        self.waits = {}
        self.suits = {}

    def clear(self):
        self.waits.clear()
        self.suits.clear()

    def _bound(self, table):
        if len(table) >= self.limit:
            table.clear()


SHAPE_CACHE = ShapeCache()


def _sets_only(suit) -> bool:
    """Whether a suit's 9 counts split into sequences and triplets only."""
    c = list(suit)
    for i in range(9):
        n = c[i] % 3
        if n:
            if i > 6 or c[i + 1] < n or c[i + 2] < n:
                return False
            c[i + 1] -= n
            c[i + 2] -= n
    return True


def _suit_ok(suit) -> int:
    """0: impossible; 1: sets only; 2: sets plus one pair (cached per 9-count tuple)."""
    table = SHAPE_CACHE.suits
    found = table.get(suit)
    if found is not None:
        return found
    total = sum(suit)
    result = 0
    if total % 3 == 0:
        result = 1 if _sets_only(suit) else 0
    elif total % 3 == 2:
        for i in range(9):
            if suit[i] >= 2:
                rest = list(suit)
                rest[i] -= 2
                if _sets_only(rest):
                    result = 2
                    break
    SHAPE_CACHE._bound(table)
    table[suit] = result
    return result


def is_regular_win(c) -> bool:
    pairs = 0
    for k in range(27, 34):
        n = c[k]
        if n == 1 or n == 4:
            return False
        if n == 2:
            pairs += 1
    for start in (0, 9, 18):
        ok = _suit_ok(tuple(c[start:start + 9]))
        if not ok:
            return False
        if ok == 2:
            pairs += 1
    return pairs == 1


def is_seven_pairs(c) -> bool:
    return sum(1 for n in c if n == 2) == 7


def is_kokushi(c) -> bool:
    return all(c[k] for k in _KOKUSHI) and sum(c[k] for k in _KOKUSHI) == 14


def is_win(c) -> bool:
    """A complete hand (concealed part plus ``4 - melds`` sets and a pair)."""
    if sum(c) == 14 and (is_seven_pairs(c) or is_kokushi(c)):
        return True
    return is_regular_win(c)


def waits(c) -> tuple:
    """Kinds that complete a 3n+1 concealed part (ignoring how many are left)."""
    key = tuple(c)
    table = SHAPE_CACHE.waits
    found = table.get(key)
    if found is not None:
        return found
    c = list(c)
    result = []
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_win(c):
            result.append(k)
        c[k] -= 1
    found = tuple(result)
    SHAPE_CACHE._bound(table)
    table[key] = found
    return found


def kokushi_waits(c) -> tuple:
    """Waits of a 13-tile kokushi tenpai (the only hand that may rob a closed kan)."""
    if any(c[k] for k in range(34) if k not in TERMINALS_AND_HONOURS):
        return ()
    return tuple(k for k in waits(c) if is_kokushi([n + (i == k) for i, n in enumerate(c)]))


def terminal_kinds(c) -> int:
    return sum(1 for k in _KOKUSHI if c[k])
