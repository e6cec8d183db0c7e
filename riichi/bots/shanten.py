"""Shanten (tiles away from tenpai; -1 = a complete hand) on 34-kind counts, fast enough to
try every discard against every draw: each suit's blocks are worked out once per count
pattern and kept (the mahjong package's calculator takes ~1.5 ms a call)."""

from functools import lru_cache

SUIT_SLICES = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))
TERMINAL_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@lru_cache(maxsize=65536)
def _suit_blocks(counts: tuple, honours: bool) -> tuple:
    """The undominated (pair, sets, partial sets) splits of one suit's tiles."""
    found = _splits(counts, honours)
    return tuple(o for o in found if not any(
        p != o and p[0] == o[0] and p[1] >= o[1] and p[2] >= o[2] for p in found))


@lru_cache(maxsize=262144)
def _splits(counts: tuple, honours: bool) -> frozenset:
    """Every (pair, sets, partial sets) split of the tiles, by what the lowest tile joins;
    kept per remaining pattern, so that a suit of many tiles is not walked again and again."""
    start = 0
    while start < len(counts) and not counts[start]:
        start += 1
    if start == len(counts):
        return frozenset({(0, 0, 0)})
    c = counts[start:]
    moves = []  # (tiles taken at offsets, pair, sets, partial)
    if c[0] >= 3:
        moves.append(((0, 0, 0), 0, 1, 0))
    if not honours and len(c) > 2 and c[1] and c[2]:
        moves.append(((0, 1, 2), 0, 1, 0))
    if c[0] >= 2:
        moves.append(((0, 0), 1, 0, 0))
        moves.append(((0, 0), 0, 0, 1))
    if not honours:
        for gap in (1, 2):
            if len(c) > gap and c[gap]:
                moves.append(((0, gap), 0, 0, 1))
    moves.append(((0,), 0, 0, 0))
    found = set()
    for taken, pair, sets, partial in moves:
        rest = list(c)
        for offset in taken:
            rest[offset] -= 1
        for p, s, t in _splits(tuple(rest), honours):
            if p + pair <= 1:
                found.add((p + pair, s + sets, t + partial))
    return frozenset(found)


def regular(counts: list, open_sets: int = 0) -> int:
    need = 4 - open_sets
    states = {(0, 0, 0)}
    for start, stop, honours in SUIT_SLICES:
        blocks = _suit_blocks(tuple(counts[start:stop]), honours)
        states = {(p1 + p2, min(s1 + s2, need), min(t1 + t2, need))
                  for p1, s1, t1 in states for p2, s2, t2 in blocks if p1 + p2 <= 1}
    best = 2 * need
    for pair, sets, partial in states:
        partial = min(partial, need - sets)
        best = min(best, 2 * need - 2 * sets - partial - pair)
    return best


def seven_pairs(counts: list) -> int:
    pairs = sum(1 for x in counts if x >= 2)
    kinds = sum(1 for x in counts if x)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans(counts: list) -> int:
    kinds = sum(1 for k in TERMINAL_KINDS if counts[k])
    return 13 - kinds - (1 if any(counts[k] >= 2 for k in TERMINAL_KINDS) else 0)


def shanten(counts: list, open_sets: int = 0) -> int:
    return _shanten(tuple(counts), open_sets)


@lru_cache(maxsize=65536)
def _shanten(counts: tuple, open_sets: int) -> int:
    """Kept per whole hand: acceptance tries every discard against every draw, and the
    same hands come back turn after turn and across the four seats' calls."""
    best = regular(counts, open_sets)
    if open_sets == 0 and sum(counts) >= 13:
        best = min(best, seven_pairs(counts), thirteen_orphans(counts))
    return best
