"""The game state: one plain object whose fields are all immutable values (ints, tuples,
strings, frozen result dicts), so that ``apply`` copies it field by field (``evolve``,
gamekit.state) and changes the copy while the caller keeps the old state untouched.

Fields (seat-indexed tuples are in S, E, N, W order; card sets are bit masks):

* ``target``, ``hand_no``, ``totals`` (NS, EW), ``results`` (finished hands, replay shape)
* ``phase``: ``grand`` → ``exchange`` → ``play`` → ``hand_over`` (or ``game_over``)
* ``deal`` (4 tuples of card ids in deal order), ``hands`` (4 masks)
* ``grand`` (None/True/False per seat), ``calls`` (None/"tichu"/"grand" per seat)
* ``exchange`` (per seat None or the 4 cards given to each seat, -1 for oneself),
  ``received`` (per seat None or the 4 cards got from each seat)
* ``turn`` (seat or None), ``trick`` (tuple of (seat, combination)), ``trick_cards`` (mask),
  ``passed`` (bit per seat), ``window`` (all passed, waiting for ``collect``),
  ``wish`` (rank or 0), ``gift_by`` (seat owing the Dragon gift or None),
  ``ending`` (three are out, only the Dragon gift is left before scoring)
* ``out`` (seats in the order they went out), ``won`` (4 masks of won tricks)
* ``match`` (the platform's part, gamekit.match: strikes per seat, how a game ended early),
  ``winner`` ("NS"/"EW"/None)
* ``log``: the record so far, a tuple of (deal dict, tuple of actions) per hand (kept in
  ``_log``, see ``State.log``)
"""

import json

from gamekit.match import HoldsMatch, Match
from gamekit.records import copy_flat
from gamekit.state import EngineState

from .cards import CARD_IDS, CARD_NAMES, FULL_DECK, SEATS, mask_of, names_of
from .errors import IllegalAction

FIELDS = ("target", "hand_no", "totals", "results", "phase", "deal", "hands", "grand",
          "calls", "exchange", "received", "turn", "trick", "trick_cards", "passed",
          "window", "wish", "gift_by", "ending", "out", "won", "match", "winner", "log")


class _Appended:
    """Marks a ``_log`` that is one action appended to another log: ``(APPENDED, log,
    action)``. Copied and pickled as itself (by name), so copies of a state read alike."""
    __slots__ = ()

    def __reduce__(self):
        return "APPENDED"

    def __repr__(self):
        return "APPENDED"


APPENDED = _Appended()


class State(EngineState, HoldsMatch, compared=FIELDS):  # ``log`` read whole, not ``_log``
    __slots__ = tuple("_log" if name == "log" else name for name in FIELDS)

    # ``apply`` logs an action as ``(APPENDED, previous _log, action)``, one small tuple,
    # instead of copying the hand's action tuple every time (quadratic in a hand's ~130
    # actions, and nothing in play reads the log). The first read of ``log`` turns the chain
    # into the plain tuple and keeps that instead: one slot holds either form, so a reader in
    # another thread sees one or the other, both the same log.
    @property
    def log(self):
        log = self._log
        if log and log[0] is APPENDED:
            log = self._log = _joined(log)
        return log

    @log.setter
    def log(self, value):
        self._log = value

    def __repr__(self):
        return f"<tichu State hand {self.hand_no} phase {self.phase}>"


_BITS = [1 << card for card in range(64)]  # a card's bit, for sums of distinct cards


def _joined(log):
    """The plain log of a chain of appended actions (on a plain log with a hand entry)."""
    appended = []
    while log[0] is APPENDED:
        appended.append(log[2])
        log = log[1]
    appended.reverse()
    deal, actions = log[-1]
    return log[:-1] + ((deal, actions + tuple(appended)),)


_card_id = CARD_IDS.__getitem__


def parse_deal(deal) -> tuple:
    """Deal dict of names → 4 tuples of card ids; raises ``bad_deal`` on anything else."""
    # A well-formed deal (every deal the platform makes: one a hand) in C loops; anything
    # else goes through the checks below, which name the first fault.
    if type(deal) is dict and len(deal) == 4:
        try:
            south, east, north, west = deal["S"], deal["E"], deal["N"], deal["W"]
            hands = (tuple(map(_card_id, south)), tuple(map(_card_id, east)),
                     tuple(map(_card_id, north)), tuple(map(_card_id, west)))
        except (KeyError, TypeError):
            hands = None
        if (hands is not None and type(south) is list and type(east) is list
                and type(north) is list and type(west) is list
                and len(south) == len(east) == len(north) == len(west) == 14
                and len(set(hands[0] + hands[1] + hands[2] + hands[3])) == 56):
            return hands
    return _checked_deal(deal)


def _checked_deal(deal) -> tuple:
    if not isinstance(deal, dict):
        raise IllegalAction("bad_deal", detail="the deal must be an object with the seats S, E, N, W")
    if set(deal) != set(SEATS):
        raise IllegalAction("bad_deal", detail="the deal must have exactly the seats S, E, N, W")
    seen = set()
    hands = []
    for seat in SEATS:
        cards = deal[seat]
        if not isinstance(cards, list) or len(cards) != 14:
            raise IllegalAction("bad_deal", detail=f"seat {seat} must get a list of 14 cards")
        ids = []
        for name in cards:
            if not isinstance(name, str) or name not in CARD_IDS:
                raise IllegalAction("bad_deal", detail=f"unknown card {name!r} for seat {seat}")
            if name in seen:
                raise IllegalAction("bad_deal", detail=f"card {name} is dealt twice")
            seen.add(name)
            ids.append(CARD_IDS[name])
        hands.append(tuple(ids))
    return tuple(hands)


def _parse_target(options) -> int:
    if not isinstance(options, dict):
        raise IllegalAction("bad_options", detail="options must be an object")
    target = options.get("target", 1000)
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise IllegalAction("bad_options", detail="target must be a positive whole number")
    return target


def _start_hand(state: State, deal) -> None:
    dealt = parse_deal(deal)
    state.phase = "grand"
    state.deal = dealt
    state.hands = tuple(sum(map(_BITS.__getitem__, cards)) for cards in dealt)
    state.grand = (None,) * 4
    state.calls = (None,) * 4
    state.exchange = (None,) * 4
    state.received = (None,) * 4
    state.turn = None
    state.trick = ()
    state.trick_cards = 0
    state.passed = 0
    state.window = False
    state.wish = 0
    state.gift_by = None
    state.ending = False
    state.out = ()
    state.won = (0,) * 4
    state.log = state.log + (({seat: list(deal[seat]) for seat in SEATS}, ()),)


def new_game(options: dict, deal: dict) -> State:
    """A game at the Grand Tichu decision of its first hand."""
    state = State()
    state.target = _parse_target(options)
    state.hand_no = 0
    state.totals = (0, 0)
    state.results = ()
    state.match = Match(SEATS)
    state.winner = None
    state.log = ()
    _start_hand(state, deal)
    return state


def next_hand(state: State, deal: dict) -> State:
    """The next hand of an undecided game, dealt by the caller."""
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    if state.phase != "hand_over":
        raise IllegalAction("hand_not_over")
    new = state.evolve()
    new.hand_no = state.hand_no + 1
    _start_hand(new, deal)
    return new


# --- JSON ----------------------------------------------------------------------------------

def _ids(names):
    return mask_of(CARD_IDS[n] for n in names)


def _combo_json(combo):
    kind, length, rank, mask, phoenix = combo
    return [kind, length, rank, names_of(mask), phoenix]


def _combo_from(data):
    kind, length, rank, names, phoenix = data
    return (kind, length, rank, _ids(names), phoenix)


def _per_seat_cards(value):
    if value is None:
        return None
    return [None if c < 0 else CARD_NAMES[c] for c in value]


def _per_seat_ids(value):
    if value is None:
        return None
    return tuple(-1 if n is None else CARD_IDS[n] for n in value)


def to_json(state: State) -> dict:
    """A JSON-able dict; ``from_json(to_json(s)) == s``."""
    return {
        "format": "tichu-state/1",
        "target": state.target,
        "hand_no": state.hand_no,
        "totals": list(state.totals),
        "results": [copy_flat(r) for r in state.results],
        "phase": state.phase,
        "deal": [[CARD_NAMES[c] for c in cards] for cards in state.deal],
        "hands": [names_of(m) for m in state.hands],
        "grand": list(state.grand),
        "calls": list(state.calls),
        "exchange": [_per_seat_cards(x) for x in state.exchange],
        "received": [_per_seat_cards(x) for x in state.received],
        "turn": state.turn,
        "trick": [[seat, _combo_json(combo)] for seat, combo in state.trick],
        "trick_cards": names_of(state.trick_cards),
        "passed": state.passed,
        "window": state.window,
        "wish": state.wish,
        "gift_by": state.gift_by,
        "ending": state.ending,
        "out": list(state.out),
        "won": [names_of(m) for m in state.won],
        "strikes": state.match.strike_counts(),
        "winner": state.winner,
        "end": state.match.ending(),
        # The log is shared, not copied (it grows with the game and snapshots are written on
        # every action): treat it as read-only, as JSON encoders do.
        "log": [{"deal": deal, "actions": actions} for deal, actions in state.log],
    }


def from_json(data) -> State:
    """The state of ``to_json`` (the dict, or its JSON text). A dict's log entries are taken
    over, not copied."""
    if isinstance(data, str):
        data = json.loads(data)
    state = State()
    state.target = data["target"]
    state.hand_no = data["hand_no"]
    state.totals = tuple(data["totals"])
    state.results = tuple(copy_flat(r) for r in data["results"])
    state.phase = data["phase"]
    state.deal = tuple(tuple(CARD_IDS[n] for n in cards) for cards in data["deal"])
    state.hands = tuple(_ids(names) for names in data["hands"])
    state.grand = tuple(data["grand"])
    state.calls = tuple(data["calls"])
    state.exchange = tuple(_per_seat_ids(x) for x in data["exchange"])
    state.received = tuple(_per_seat_ids(x) for x in data["received"])
    state.turn = data["turn"]
    state.trick = tuple((seat, _combo_from(combo)) for seat, combo in data["trick"])
    state.trick_cards = _ids(data["trick_cards"])
    state.passed = data["passed"]
    state.window = data["window"]
    state.wish = data["wish"]
    state.gift_by = data["gift_by"]
    state.ending = data["ending"]
    state.out = tuple(data["out"])
    state.won = tuple(_ids(names) for names in data["won"])
    state.match = Match(SEATS, dict(zip(SEATS, data["strikes"])), data["end"])
    state.winner = data["winner"]
    state.log = tuple((entry["deal"], tuple(entry["actions"])) for entry in data["log"])
    return state


def check_conservation(state: State) -> bool:
    """All 56 cards are in exactly one place: a hand, the table or a won pile."""
    places = list(state.hands) + list(state.won) + [state.trick_cards]
    total = 0
    for mask in places:
        if total & mask:
            return False
        total |= mask
    return total == FULL_DECK
