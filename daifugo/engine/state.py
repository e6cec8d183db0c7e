"""The game state: one plain object whose fields are immutable values (ints, bools,
tuples, strings, result dicts never changed after creation), so that ``apply`` copies it
field by field (``evolve``, gamekit.state) and changes the copy while the caller keeps the
old state untouched.

Fields (seats are indexes 0..players-1; cards are ids, see ``cards``):

* ``players``, ``hands_total``, ``revolution_rule`` (the options)
* ``hand_no`` (0-based), ``totals`` (per seat), ``results`` (finished hands, replay shape)
* ``phase``: ``exchange`` (from the second hand) → ``play`` → ``hand_over`` / ``game_over``
* ``hands``: per seat the sorted tuple of held cards
* ``ranking``: the previous hand's seats in finishing order (titles in force), or ()
* ``exchange``: tuple of ``(giver, receiver, count, given, returned)``; ``given`` and
  ``returned`` are None until made, then the tuple of cards
* ``turn`` (seat or None), ``top`` (``(rank, size, seat)`` of the trick's last play or None),
  ``trick`` (tuple of ``(seat, cards)``), ``passed`` (seats that passed since the last play)
* ``reversed`` (a revolution is in force), ``out`` (seats in the order they went out),
  ``played`` (this hand's plays in order, as ``(seat, cards)``)
* ``match``: the platform's part (gamekit.match: strikes per seat, how a game ended early),
  ``winner`` (tuple of seat names, None while undecided)
* ``log``: the record so far, a tuple of (deal dict, tuple of actions) per hand
"""

import json

from gamekit.match import HoldsMatch, Match
from gamekit.records import copy_flat, copy_log
from gamekit.state import EngineState

from .cards import CARD_IDS, CARD_NAMES, CLUB_3, PLAYER_COUNTS, hand_sizes, seats_for
from .errors import IllegalAction

HAND_COUNTS = (4, 8)


class State(EngineState, HoldsMatch):
    __slots__ = ("players", "hands_total", "revolution_rule", "hand_no", "totals", "results", "phase", "hands",
                 "ranking", "exchange", "turn", "top", "trick", "passed", "reversed", "out", "played", "match",
                 "winner", "log")

    def __repr__(self):
        return f"<daifugo State hand {self.hand_no} phase {self.phase}>"


def parse_options(options) -> tuple:
    """``(players, hands_total, revolution_rule)``; keys other than these three are the
    platform's (rated, clock, …) and are ignored."""
    if not isinstance(options, dict):
        raise IllegalAction("bad_options", detail="options must be an object")
    players = options.get("players", 4)
    hands = options.get("hands", 4)
    revolution = options.get("revolution", False)
    if type(players) is not int or players not in PLAYER_COUNTS:
        raise IllegalAction("bad_options", detail="players must be 4 or 5")
    if type(hands) is not int or hands not in HAND_COUNTS:
        raise IllegalAction("bad_options", detail="hands must be 4 or 8")
    if not isinstance(revolution, bool):
        raise IllegalAction("bad_options", detail="revolution must be true or false")
    return players, hands, revolution


def parse_deal(deal, players: int) -> tuple:
    """Deal dict of names → per seat a sorted tuple of ids; raises ``bad_deal`` unless it
    deals all 52 cards once, as evenly as possible, to exactly the seats of the game."""
    seats = seats_for(players)
    if not isinstance(deal, dict) or set(deal) != set(seats):
        raise IllegalAction("bad_deal", detail=f"the deal must be an object with the seats {', '.join(seats)}")
    seen = set()
    hands = []
    for seat in seats:
        cards = deal[seat]
        if not isinstance(cards, list):
            raise IllegalAction("bad_deal", detail=f"seat {seat} must get a list of cards")
        for name in cards:
            if not isinstance(name, str) or name not in CARD_IDS:
                raise IllegalAction("bad_deal", detail=f"unknown card {name!r} for seat {seat}")
            if name in seen:
                raise IllegalAction("bad_deal", detail=f"card {name} is dealt twice")
            seen.add(name)
        hands.append(tuple(sorted(CARD_IDS[n] for n in cards)))
    if sorted(len(h) for h in hands) != sorted(hand_sizes(players)):
        raise IllegalAction("bad_deal", detail="all 52 cards must be dealt as evenly as possible")
    return tuple(hands)


def _start_hand(state: State, deal) -> None:
    state.hands = parse_deal(deal, state.players)
    state.top = None
    state.trick = ()
    state.passed = ()
    state.reversed = False
    state.out = ()
    state.played = ()
    if state.ranking:
        ranking = state.ranking
        # (giver, receiver, count): Beggar → President 2, Vice-Beggar → Vice-President 1.
        state.exchange = ((ranking[-1], ranking[0], 2, None, None), (ranking[-2], ranking[1], 1, None, None))
        state.phase = "exchange"
        state.turn = None
    else:
        state.exchange = ()
        state.phase = "play"
        state.turn = next(s for s, hand in enumerate(state.hands) if CLUB_3 in hand)
    seats = seats_for(state.players)
    state.log = state.log + (({seat: list(deal[seat]) for seat in seats}, ()),)


def new_game(options: dict, deal: dict) -> State:
    """A game at the start of its first hand: the holder of the 3 of clubs leads."""
    state = State()
    state.players, state.hands_total, state.revolution_rule = parse_options(options)
    state.hand_no = 0
    state.totals = (0,) * state.players
    state.results = ()
    state.ranking = ()
    state.match = Match(seats_for(state.players))
    state.winner = None
    state.log = ()
    _start_hand(state, deal)
    return state


def next_hand(state: State, deal: dict) -> State:
    """The next hand, dealt by the caller; it starts with the exchange."""
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    if state.phase != "hand_over":
        raise IllegalAction("hand_not_over")
    new = state.evolve()
    new.hand_no = state.hand_no + 1
    _start_hand(new, deal)
    return new


# --- JSON ----------------------------------------------------------------------------------

def _names(cards):
    return None if cards is None else [CARD_NAMES[c] for c in cards]


def _ids(names):
    return None if names is None else tuple(CARD_IDS[n] for n in names)


def to_json(state: State) -> dict:
    """A JSON-able dict; ``from_json(to_json(s)) == s``."""
    return {
        "format": "daifugo-state/1",
        "players": state.players,
        "hands_total": state.hands_total,
        "revolution_rule": state.revolution_rule,
        "hand_no": state.hand_no,
        "totals": list(state.totals),
        "results": [copy_flat(r) for r in state.results],
        "phase": state.phase,
        "hands": [_names(h) for h in state.hands],
        "ranking": list(state.ranking),
        "exchange": [[giver, receiver, count, _names(given), _names(returned)]
                     for giver, receiver, count, given, returned in state.exchange],
        "turn": state.turn,
        "top": None if state.top is None else list(state.top),
        "trick": [[seat, _names(cards)] for seat, cards in state.trick],
        "passed": list(state.passed),
        "reversed": state.reversed,
        "out": list(state.out),
        "played": [[seat, _names(cards)] for seat, cards in state.played],
        "strikes": state.match.strike_counts(),
        "winner": None if state.winner is None else list(state.winner),
        "end": state.match.ending(),
        "log": copy_log(state.log),
    }


def from_json(data) -> State:
    if isinstance(data, str):
        data = json.loads(data)
    state = State()
    state.players = data["players"]
    state.hands_total = data["hands_total"]
    state.revolution_rule = data["revolution_rule"]
    state.hand_no = data["hand_no"]
    state.totals = tuple(data["totals"])
    state.results = tuple(copy_flat(r) for r in data["results"])
    state.phase = data["phase"]
    state.hands = tuple(_ids(h) for h in data["hands"])
    state.ranking = tuple(data["ranking"])
    state.exchange = tuple((giver, receiver, count, _ids(given), _ids(returned))
                           for giver, receiver, count, given, returned in data["exchange"])
    state.turn = data["turn"]
    state.top = None if data["top"] is None else tuple(data["top"])
    state.trick = tuple((seat, _ids(cards)) for seat, cards in data["trick"])
    state.passed = tuple(data["passed"])
    state.reversed = data["reversed"]
    state.out = tuple(data["out"])
    state.played = tuple((seat, _ids(cards)) for seat, cards in data["played"])
    seats = seats_for(state.players)
    state.match = Match(seats, dict(zip(seats, data["strikes"])), data["end"])
    state.winner = None if data["winner"] is None else tuple(data["winner"])
    state.log = tuple((copy_flat(e["deal"]), tuple(copy_flat(a) for a in e["actions"])) for e in data["log"])
    return state


def check_conservation(state: State) -> bool:
    """All 52 cards are in exactly one place: a hand or the cards played this hand."""
    cards = [c for hand in state.hands for c in hand] + [c for _, play in state.played for c in play]
    return sorted(cards) == list(range(52))
