"""Playouts of a whole hand from before its first lead, for judging the choices made there
(the Grand Tichu call, the exchange, a Tichu call in the exchange).

The deal is completed at random from what the seat saw (its first 8 cards in the Grand
Tichu decision, its 14 in the exchange, where a seat that called Grand Tichu is dealt first
8 cards a player could call on: ``GRAND_CALLER_FROM``); then every choice not yet made is
the normal bot's: the others' Grand Tichu calls on their first 8 cards, every exchange the
seat did not choose itself (the others' choices are hidden from it even once made), the
small Tichu calls once the exchanged cards are in, and the play (``playout.run``).
"""

from ..engine.cards import CARD_IDS, FULL_DECK, MAHJONG, SEAT_INDEX, SEATS, cards_of
from . import calls as hand_calls
from . import playout
from .exchange import choose_gives
from .knowledge import mask_of_names

# the first 8 cards of a seat that called Grand Tichu are at least this strong
# (``calls.grand_strength``; the normal bot calls from 3.75, people on less, the expert
# searches the call from 2.75): 3 % of random first eights
GRAND_CALLER_FROM = 2.75
GRAND_TRIES = 200  # first eights drawn for a caller before the strongest of them is taken


class Start:
    """The seat's own view of a hand before its first lead, in internal form."""

    __slots__ = ("me", "phase", "known", "calls", "decided", "gives", "view")

    def __init__(self, view: dict):
        self.me = SEAT_INDEX[view["seat"]]
        self.phase = view["phase"]
        self.known = mask_of_names(view["hand"])
        self.calls = [view["calls"][s] for s in SEATS]
        self.decided = [view["grand_decided"][s] for s in SEATS]
        given = view.get("exchange")
        self.gives = None if given is None else {SEAT_INDEX[s]: CARD_IDS[c] for s, c in given.items()}
        self.view = view


def sample(start: Start, rng) -> tuple:
    """(hands, first 8 cards of each hand) consistent with the seat's view."""
    pool = cards_of(FULL_DECK & ~start.known)
    rng.shuffle(pool)
    if start.phase != "grand":
        return _exchange_deal(start, pool, rng), None
    hands, firsts = [0] * 4, [0] * 4
    at = 0
    for seat in range(4):
        if seat == start.me:
            hands[seat] = start.known | _mask(pool[at:at + 6])
            firsts[seat] = start.known
            at += 6
        else:
            hands[seat] = _mask(pool[at:at + 14])
            firsts[seat] = _mask(pool[at:at + 8])
            at += 14
    return hands, firsts


def _exchange_deal(start: Start, pool: list, rng) -> list:
    """The others' 14 cards each, from the shuffled ``pool`` of the cards the seat does not
    hold; a Grand Tichu caller's first 8 drawn again until they are strong enough."""
    hands = [0] * 4
    hands[start.me] = start.known
    for seat in range(4):
        if seat != start.me and start.calls[seat] == "grand":
            best, strongest = None, -1.0
            for _ in range(GRAND_TRIES):
                eight = rng.sample(pool, 8)
                strength = hand_calls.grand_strength(_mask(eight))
                if strength > strongest:
                    best, strongest = eight, strength
                if strength >= GRAND_CALLER_FROM:
                    break
            hands[seat] = _mask(best)
            pool = [card for card in pool if card not in best]
    at = 0
    for seat in range(4):
        if seat != start.me:
            need = 14 - hands[seat].bit_count()
            hands[seat] |= _mask(pool[at:at + need])
            at += need
    return hands


def play_out(start: Start, dealt: tuple, *, grand=None, gives=None, tichu=None) -> int:
    """The hand score for the seat's team of one sampled deal, the seat's Grand Tichu call
    (``grand``), exchange (``gives``: seat -> card) and Tichu call now (``tichu``: True or
    False) forced where given, every other choice the normal bot's."""
    hands, firsts = list(dealt[0]), dealt[1]
    me = start.me
    calls = list(start.calls)
    if start.phase == "grand":
        for seat in range(4):
            if seat == me:
                calls[seat] = "grand" if grand else None
            elif not start.decided[seat] and hand_calls.grand_worthy(firsts[seat]):
                calls[seat] = "grand"
    if tichu is not None:
        calls[me] = "tichu" if tichu else None
    rows = []
    for seat in range(4):
        if seat == me and (gives or start.gives):
            rows.append(gives or start.gives)
        else:
            rows.append(choose_gives(hands[seat], seat, calls))
    for seat, row in enumerate(rows):
        for to, card in row.items():
            hands[seat] &= ~(1 << card)
            hands[to] |= 1 << card
    for seat in range(4):
        if seat == me and tichu is not None:
            continue  # the seat's call is the one judged: no later call in its place
        if calls[seat] is None and calls[seat ^ 2] is None and hand_calls.tichu_worthy(hands[seat]):
            calls[seat] = "tichu"
    first = next(s for s in range(4) if hands[s] >> MAHJONG & 1)
    pos = playout.Position(hands, first, None, None, 0, 0, (0, 0, 0, 0), [], calls, 0)
    return playout.run(pos, me & 1)


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
