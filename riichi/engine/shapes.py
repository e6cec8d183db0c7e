"""Hand shapes on 34-kind count lists: complete hands, waits, nine terminals.

These run for every legal-action listing, so results are memoised in ``SHAPE_CACHE``, keyed
by count or tile tuples (values, never object identities); ``SHAPE_CACHE.clear()`` resets.
"""

from operator import itemgetter

from gamekit.memos import memo

from .tiles import TERMINALS_AND_HONOURS, counts34

_KOKUSHI = tuple(sorted(TERMINALS_AND_HONOURS))
_kokushi_counts = itemgetter(*_KOKUSHI)  # the 13 terminal and honour counts, in one C call
# the groups (0-2 the suits, 3 the honours) other than g, and other than g and h
_OTHERS = tuple(tuple(o for o in range(4) if o != g) for g in range(4))
_RESTS = tuple(tuple(tuple(o for o in range(4) if o not in (g, h)) for h in range(4)) for g in range(4))


class ShapeCache:
    """The shape memos (gamekit's, so a census or a test clears them with every engine's):
    per group (a suit's 9 counts or the 7 honours) its status, its statuses with a tile
    added, removed or swapped, and per hand its shape."""

    limit = 200_000

    def __init__(self):
        self.suits = memo("riichi.shapes.groups", self.limit)
        self.additions = memo("riichi.shapes.additions", self.limit)
        self.removals = memo("riichi.shapes.removals", self.limit)
        self.swaps = memo("riichi.shapes.swaps", self.limit)
        self.hands = memo("riichi.shapes.hands", self.limit)

    def clear(self):
        for table in (self.suits, self.additions, self.removals, self.swaps, self.hands):
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
    """0: impossible; 1: sets only; 2: sets plus one pair (cached per 9-count tuple, in the
    table ``_statuses`` reads)."""
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
    table.keep(suit, result)
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


def _honour_pairs(honours):
    """Pairs among honour counts, or ``None`` when they cannot all be pairs and triplets."""
    if 1 in honours or 4 in honours:
        return None
    return honours.count(2)


def _additions(group) -> tuple:
    """For each tile of a group (a suit's 9 counts or the 7 honours), the group's status (see
    ``_group_status``) with that tile added; 0 where all four are already there."""
    table = SHAPE_CACHE.additions
    found = table.get(group)
    if found is not None:
        return found
    counts = list(group)
    result = []
    for i in range(len(counts)):
        if counts[i] >= 4:
            result.append(0)
            continue
        counts[i] += 1
        result.append(_group_status(tuple(counts)))
        counts[i] -= 1
    found = tuple(result)
    table.keep(group, found)
    return found


def _statuses(groups) -> list:
    """The four groups' statuses (see ``_group_status``), from the memo when it has them."""
    get = SHAPE_CACHE.suits.get
    status = [get(group) for group in groups]
    if None in status:
        status = [_group_status(group) for group in groups]
    return status


def waits(c) -> tuple:
    """Kinds that complete a 3n+1 concealed part (ignoring how many are left).

    Adding a tile changes one group only: every other group must already be complete, so
    the groups' statuses rule most hands out (two that cannot be completed as they are)
    before their sizes are even summed; the sizes modulo 3 then name the receiving group.
    Not memoised per count list (``hand_shape`` memoises per hand, and four in five count
    lists here are new): the per-group tables are its memo."""
    key = tuple(c)
    return _waits(key, _statuses((key[0:9], key[9:18], key[18:27], key[27:34])))


def _waits(c, status) -> tuple:
    """``waits`` of the counts ``c`` whose groups have the statuses ``status``."""
    result = []
    if status.count(0) <= 1:
        key = tuple(c)
        groups = key[0:9], key[9:18], key[18:27], key[27:34]
        sizes = [sum(groups[0]) % 3, sum(groups[1]) % 3, sum(groups[2]) % 3, sum(groups[3]) % 3]
        if sizes.count(1) == 1 and sizes.count(0) == 3:
            receivers = [sizes.index(1)]
        elif sizes.count(2) == 2 and sizes.count(0) == 2:
            receivers = [g for g in range(4) if sizes[g] == 2]
        else:
            receivers = []
        for g in receivers:
            # a group of 3n or 3n+2 tiles is complete when its status is not 0 (sets only,
            # or sets and the pair); one of 3n+1 never is
            if not all(status[o] for o in _OTHERS[g]):
                continue
            # the receiving group ends with the pair when it held 3n+1 tiles, else sets only
            want = 2 if sizes[g] == 1 else 1
            for i, added in enumerate(_additions(groups[g])):
                if added == want:
                    result.append(9 * g + i)
    if sum(c) == 13:
        result.extend(_special_waits(c))
    return tuple(sorted(set(result))) if result else ()


def hand_shape(hand) -> tuple:
    """(34-kind counts, waits, the four groups' statuses) of a concealed hand given as tile
    ints, memoised by the tiles in their order: a seat's hand stays the same tuple through the
    other seats' discards, which all ask for it, and the statuses serve its next turn (see
    ``tenpai_discards``). All three are tuples: the memo holds up to ``ShapeCache.limit``
    hands, and tuples of ints drop out of the garbage collector's rounds where lists would
    be walked at every full collection."""
    key = tuple(hand)
    table = SHAPE_CACHE.hands
    found = table.get(key)
    if found is None:
        counts = tuple(counts34(hand))
        status = tuple(_statuses((counts[0:9], counts[9:18], counts[18:27], counts[27:34])))
        found = (counts, _waits(counts, status) if len(hand) % 3 == 1 else (), status)
        table.keep(key, found)
    return found


def discard_shape(hand, before, drawn, discarded) -> tuple:
    """``hand_shape(hand)`` of the 3n+1 hand left by adding a tile of kind ``drawn`` to the
    hand whose shape is ``before`` and discarding one of kind ``discarded``: memoised as
    ``hand_shape`` is, and derived from ``before`` (two groups' statuses looked up; the waits
    searched only when at most one group is incomplete), since every discard makes a hand
    that the next call window asks for."""
    key = tuple(hand)
    table = SHAPE_CACHE.hands
    found = table.get(key)
    if found is None:
        if drawn == discarded:
            found = before
        else:
            changed = list(before[0])
            changed[drawn] += 1
            changed[discarded] -= 1
            counts = tuple(changed)
            status = list(before[2])
            g = drawn // 9
            status[g] = _group_status(tuple(counts[9 * g:9 * g + 9]))
            if discarded // 9 != g:
                g = discarded // 9
                status[g] = _group_status(tuple(counts[9 * g:9 * g + 9]))
            status = tuple(status)
            found = (counts, _waits(counts, status), status)
        table.keep(key, found)
    return found


def _special_waits(c) -> list:
    """Seven-pairs and kokushi waits of a closed 13-tile hand."""
    found = []
    # (counting zeros first: of a list of mostly zeros, the cheapest count)
    if c.count(0) == 27 and c.count(2) == 6:
        found.append(c.index(1))
    if sum(_kokushi_counts(c)) == 13:
        held = [k for k in _KOKUSHI if c[k]]
        if len(held) == 13:
            found.extend(_KOKUSHI)
        elif len(held) == 12:
            found.extend(k for k in _KOKUSHI if not c[k])
    return found


def kokushi_waits(c) -> tuple:
    """Waits of a 13-tile kokushi tenpai (the only hand that may rob a closed kan)."""
    if any(c[k] for k in range(34) if k not in TERMINALS_AND_HONOURS):
        return ()
    return tuple(k for k in waits(c) if is_kokushi([n + (i == k) for i, n in enumerate(c)]))


def terminal_kinds(c) -> int:
    return 13 - _kokushi_counts(c).count(0)


def _group_status(group) -> int:
    """0: cannot be completed as is; 1: sets only; 2: sets and one pair (memoised with the
    suits' statuses: a 7-count tuple never equals a 9-count one)."""
    table = SHAPE_CACHE.suits
    found = table.get(group)
    if found is not None:
        return found
    if len(group) == 9:
        return _suit_ok(group)
    pairs = _honour_pairs(group)
    found = 0 if pairs is None or pairs > 1 else 1 + pairs
    table.keep(group, found)
    return found


def _removals(group) -> tuple:
    """Per tile of a group, the group's status with that tile removed (0 where none is
    held), memoised per group."""
    table = SHAPE_CACHE.removals
    found = table.get(group)
    if found is not None:
        return found
    counts = list(group)
    removed = []
    for i in range(len(counts)):
        if not counts[i]:
            removed.append(0)
            continue
        counts[i] -= 1
        removed.append(_group_status(tuple(counts)))
        counts[i] += 1
    found = tuple(removed)
    table.keep(group, found)
    return found


def _swaps(group) -> tuple:
    """Per tile of a group, the statuses reachable by removing it and adding any one tile,
    memoised per group: the costliest table, and wanted only when the other groups are
    complete already."""
    table = SHAPE_CACHE.swaps
    found = table.get(group)
    if found is not None:
        return found
    counts = list(group)
    swapped = []
    for i in range(len(counts)):
        if not counts[i]:
            swapped.append(_NOTHING)
            continue
        counts[i] -= 1
        swapped.append(frozenset(_additions(tuple(counts))) - _NOTHING_BUT_ZERO)
        counts[i] += 1
    found = tuple(swapped)
    table.keep(group, found)
    return found


_NOTHING = frozenset()
_NOTHING_BUT_ZERO = frozenset((0,))


def tenpai_discards(c) -> set:
    """Kinds whose discard leaves a 3n+2 hand tenpai by shape (any waits, even held ones).

    Discarding from one suit and waiting in the same or another suit only touches those two,
    so per-suit tables (removals, additions, swaps) say which statuses each discard leaves;
    the hand only decides which statuses it needs (statuses: 1 sets only, 2 with the pair).
    Most hands have three groups that cannot be completed as they are and need no table;
    ``near_tenpai`` rules them out more cheaply when the hand before the draw is known."""
    key = tuple(c)
    groups = key[0:9], key[9:18], key[18:27], key[27:34]
    status = _statuses(groups)
    found = set()
    broken = status.count(0)
    if broken <= 2:
        for g in range(4):
            others = _OTHERS[g]
            if broken - (status[g] == 0) > 1:
                continue
            # waiting in the same suit: the rest complete, this suit swapped into the missing pair
            swap_needed = 5 - sum(status[o] for o in others) if all(status[o] for o in others) else None
            # waiting in another suit h: this suit after the discard, h after the draw, rest complete
            removal_ok = set()
            for h in others:
                rest = _RESTS[g][h]
                if not all(status[o] for o in rest):
                    continue
                rest_sum = sum(status[o] for o in rest)
                for a in _additions(groups[h]):
                    if a:
                        removal_ok.add(5 - a - rest_sum)
            removal_ok.discard(0)
            if swap_needed is None and not removal_ok:
                continue
            removed = _removals(groups[g])
            swapped = _swaps(groups[g]) if swap_needed is not None else None
            start = 9 * g
            for i, r in enumerate(removed):
                if c[start + i] and (r in removal_ok or swapped is not None and swap_needed in swapped[i]):
                    found.add(start + i)
    # seven pairs (seven kinds once a tile is gone) and kokushi (twelve terminal and honour
    # kinds), only near such hands at all: random hands almost never are
    if (key.count(0) >= 26 or terminal_kinds(key) >= 11) and sum(key) == 14:
        found.update(_special_tenpai_discards(key))
    return found


def near_tenpai(c, status, drawn) -> bool:
    """Whether ``tenpai_discards`` may find anything in the hand ``c`` whose statuses before
    drawing a tile of kind ``drawn`` were ``status`` (a turn's listing knows them from
    ``hand_shape``): its own tests, on the drawn tile's group only. At most two incomplete
    groups (the draw changed one group, so four before rule the hand out unlooked), or near
    seven pairs (at most eight kinds held) or kokushi (eleven terminal and honour kinds):
    nearly every hand of random play is neither."""
    broken = status.count(0)
    if broken <= 3:
        g = drawn // 9  # the honours' 27-33 give 3, and their slice stops at the list's end
        broken += (not _group_status(tuple(c[9 * g:9 * g + 9]))) - (not status[g])
        if broken <= 2:
            return True
    return (c.count(0) >= 26 or terminal_kinds(c) >= 11) and sum(c) == 14


def _special_tenpai_discards(c) -> set:
    """Seven-pairs and kokushi discards, tried one by one."""
    found = set()
    counts = list(c)
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            if _special_waits(tuple(counts)):
                found.add(k)
            counts[k] += 1
    return found
