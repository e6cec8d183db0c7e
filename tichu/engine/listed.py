"""The action dicts ``legal_actions`` hands out.

They are shared by every listing that contains them (a listing is rebuilt often and most of
it repeats, and building ~270 fresh dicts for a lead cost more than finding the plays), so
callers treat them as read-only and copy to change one (``dict(action, wish="7")``).

Each is a ``Listed``: a dict that also carries what ``apply`` would otherwise read back out
of it (the seat's index, and for a play its cards mask and Phoenix rank as one key), so that
``apply`` skips the shape check and the card-name parsing for an action it handed out
itself and only checks that it is legal now. A copy is a plain dict and is read in full.
A play a lead listing made also keeps its ``group`` (``plays``' group: kind, length, rank),
so that ``apply`` reads its combination from there rather than work it out of the cards.
"""

from gamekit.memos import memo

from .cards import (DOG, DRAGON, MAHJONG, NAME_CHUNKS, NORMAL_CARDS, NORMAL_MASK, PHOENIX,
                    RANK_NAMES, SEATS, names_of)
from .combinations import DOG_LEAD, DRAGON_RANK, PAIR, SINGLE, TRIPLE
from .plays import (CARD_BITS, PHOENIX_SHIFT, PHOENIX_THREES, PHOENIX_TWOS, RANK_BASES, THREES,
                    TWOS, _held, _ranks_above)


class Listed(dict):
    __slots__ = ("seat_index", "key", "group")


def _listed(seat: int, key: int = 0, **fields) -> Listed:
    action = Listed(seat=SEATS[seat], **fields)
    action.seat_index = seat
    action.key = key
    action.group = None
    return action


# what every play of a seat starts with (copying it beats packing keyword arguments)
_PLAY_FIELDS = tuple({"seat": SEATS[seat], "type": "play"} for seat in range(4))


def play(seat: int, key: int) -> Listed:
    """The play of the cards and Phoenix reading in ``key`` (built for every new play a
    listing finds, so without ``_listed``'s keyword packing)."""
    action = Listed(_PLAY_FIELDS[seat])
    action["cards"] = names_of(key & CARD_BITS)
    if key >> PHOENIX_SHIFT:
        action["phoenix"] = RANK_NAMES[key >> PHOENIX_SHIFT]
    action.seat_index = seat
    action.key = key
    action.group = None
    return action


def fresh_plays(seat: int, groups, kept) -> list:
    """The listed plays of ``groups`` (``plays``' groups) for a seat whose ``kept`` plays
    hold no more than the singles, all kept: singles, pairs and triples (and the Dog) were
    all made at import (``MADE``); a play of any other kind is new, made here (``play``'s
    body inline, ``names_of`` too). A hand's first leads make most of the ~80 plays a
    random hand creates (~40 us of a 14-card lead's ~45 us went to its play actions). A new
    play keeps its group: most are straights and full houses whose cards no play had before,
    and ``apply`` working out such a play's combination from its cards took ~15 us."""
    made = MADE[seat].__getitem__
    fields = _PLAY_FIELDS[seat]
    names_0, names_1, names_2, names_3, names_4 = NAME_CHUNKS
    actions = []
    append = actions.append
    for group in groups:
        keys = group[3]
        if group[0] in _MADE_KINDS:
            for key in keys:
                kept[key] = action = made(key)
                append(action)
            continue
        for key in keys:
            action = Listed(fields)
            action["cards"] = [*names_0[key & 4095], *names_1[key >> 12 & 4095],
                               *names_2[key >> 24 & 4095], *names_3[key >> 36 & 4095],
                               *names_4[key >> 48 & 4095]]
            if key >> PHOENIX_SHIFT:
                action["phoenix"] = RANK_NAMES[key >> PHOENIX_SHIFT]
            action.seat_index = seat
            action.key = key
            action.group = group
            kept[key] = action
            append(action)
    return actions


PASS = tuple(_listed(seat, type="pass") for seat in range(4))
TICHU = tuple(_listed(seat, type="tichu") for seat in range(4))
GRAND = tuple((_listed(seat, type="grand", call=False), _listed(seat, type="grand", call=True))
              for seat in range(4))
GIFTS = tuple(tuple(_listed(seat, type="gift", to=SEATS[other]) for other in range(4)
                    if (seat ^ other) & 1)  # to either opponent
              for seat in range(4))


# The last lead listed for each seat of each running hand: per seat, the seat's deal of the
# hand (``state.deal[seat]``, its 14 card ids; the four seats' deals hashed three times as
# long, twice a lead) → (hand, its play actions). A seat's hand only shrinks during a
# hand, and the leads of a smaller hand are exactly those of the larger one that avoid the
# cards gone, in the same order (``plays`` lists each kind in an order of the plays
# themselves, not of the hand; a property test checks it), so ``legal`` lists a seat's next
# lead with one filter, no search and no new action dicts. The key only says where to look:
# the filter is taken only from a hand that holds the seat's hand, so an entry of another
# table dealt the same cards just misses. Keyed by hand rather than by seat alone, tables served by one process
# side by side keep their own (with one entry per seat they took each other's, and every
# lead was searched afresh). The same hand again takes the usual path (``plays._LEADS``), so
# that the lead benchmarks measure what they did.
# Running hands remembered per seat; beyond it the oldest hand's entry goes first. A hand's
# entries go when it ends (``forget_leads``): kept, their play dicts would outlive the hand
# and be walked by every full garbage collection.
LAST_LEADS_LIMIT = 1_024
LAST_LEADS = tuple(memo(f"tichu.last_leads.{SEATS[seat]}", LAST_LEADS_LIMIT, oldest_first=True)
                   for seat in range(4))


def forget_leads(deal) -> None:
    """Drop the seats' last leads of the hand dealt ``deal`` (it is over)."""
    for seat, last_leads in enumerate(LAST_LEADS):
        last_leads.pop(deal[seat], None)


# The single of every card (a single's key is its card bit), per seat: made once, so that
# no listing builds one, and ``legal`` seeds its per-seat play actions with them.
SINGLES = tuple({1 << card: play(seat, 1 << card) for card in (DOG, PHOENIX, DRAGON, MAHJONG)
                 + NORMAL_CARDS} for seat in range(4))
# SINGLE_BYTES[seat][i][byte]: the listed singles of the normal cards 8 * i + bit for the
# bits of byte, in card order. Answers to a single are most listings of a hand (70 of its
# ~110): seven lookups here replace the key list and one dict lookup per play.
SINGLE_BYTES = tuple(tuple(tuple(tuple(SINGLES[seat][1 << (8 * i + bit)] for bit in range(8)
                                       if byte >> bit & 1 and 1 << (8 * i + bit) & NORMAL_MASK)
                                 for byte in range(256)) for i in range(8)) for seat in range(4))


def single_answers(seat: int, hand: int, above: int) -> list:
    """The seat's listed singles that beat a single of (doubled) rank ``above``, in the
    order ``plays.singles`` lists them: normal cards up, the Dragon, the Phoenix (half a
    rank above any single but the Dragon). Bombs are the caller's."""
    if above >= DRAGON_RANK:
        return []
    _, t1, t2, t3, t4, t5, t6, t7 = SINGLE_BYTES[seat]
    normal = hand & _ABOVE[above]
    actions = [*t1[normal >> 8 & 255], *t2[normal >> 16 & 255], *t3[normal >> 24 & 255],
               *t4[normal >> 32 & 255], *t5[normal >> 40 & 255], *t6[normal >> 48 & 255],
               *t7[normal >> 56 & 255]] if normal else []
    if hand & _DRAGON_BIT:
        actions.append(SINGLES[seat][_DRAGON_BIT])
    if hand & _PHOENIX_BIT:
        actions.append(SINGLES[seat][_PHOENIX_BIT])
    return actions


_DRAGON_BIT = 1 << DRAGON
_PHOENIX_BIT = 1 << PHOENIX
# _ABOVE[above]: the normal cards whose single beats a single of (doubled) rank ``above`` (a
# single's rank is 2 or more), one lookup instead of five operations on big ints.
_ABOVE = tuple(NORMAL_MASK & -1 << 4 * (above // 2 + 1) for above in range(DRAGON_RANK))


def _per_seat(table):
    """``table`` (``plays``' keys per rank and suit pattern) with each key's listed play, per
    seat; a key that several patterns share gets one action."""
    tables = []
    for seat in range(4):
        made = {}
        for row in table:
            for keys in row:
                for key in keys:
                    if key not in made:
                        made[key] = play(seat, key)
        tables.append(tuple(tuple(tuple(made[key] for key in keys) for keys in row)
                            for row in table))
    return tuple(tables)


# The listed pairs and triples of every rank and suit pattern, per seat (plain, and completed
# by the Phoenix): answers to a pair or a triple (a tenth of a random hand's listings) come
# from these without building groups or new dicts.
SET_ANSWERS = {PAIR: tuple(zip(_per_seat(TWOS), _per_seat(PHOENIX_TWOS))),
               TRIPLE: tuple(zip(_per_seat(THREES), _per_seat(PHOENIX_THREES)))}
# Every play made at import (singles, pairs, triples) by key, per seat: a listing takes these
# rather than make a new dict of a play that has one already.
MADE = tuple({**SINGLES[seat], **{action.key: action for kind in (PAIR, TRIPLE)
                                  for table in SET_ANSWERS[kind][seat] for row in table
                                  for actions in row for action in actions}}
             for seat in range(4))


# the kinds of play whose every key ``MADE`` holds (checked by a test)
_MADE_KINDS = frozenset((SINGLE, PAIR, TRIPLE, DOG_LEAD))


def set_answers(seat: int, hand: int, kind: int, above: int) -> list:
    """The seat's listed pairs or triples (``kind``) ranked above ``above``, in the order of
    ``plays.sets``: by rank, at each the plain ones first. Bombs are the caller's."""
    once, twice, thrice = _held(hand)
    plain, completed = SET_ANSWERS[kind][seat]
    actions = []
    if hand & _PHOENIX_BIT:
        for rank in _ranks_above(once & RANK_BASES if kind == PAIR else twice, above):
            nibble = hand >> 4 * rank & 15
            actions += plain[rank][nibble]
            actions += completed[rank][nibble]
    else:
        for rank in _ranks_above(twice if kind == PAIR else thrice, above):
            actions += plain[rank][hand >> 4 * rank & 15]
    return actions
