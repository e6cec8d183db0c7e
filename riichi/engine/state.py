"""The match state: one plain object of JSON-able fields, copied (never mutated) by ``apply``.

Tiles are engine ints (see ``tiles``); the current round's wall is kept twice, as tiles for
play and as the record-shaped ``deal`` for ``build_record``.
"""

import json

from gamekit.state import EngineState

from .errors import IllegalAction
from .options import START_SCORE, normalize
from .tiles import CODES, RED_FIVES, counts34, full_set, name, names, parse

LIVE_WALL = 70

# Field name -> how many list levels ``evolve`` copies: the levels that are changed in place.
# A seat's hand, melds and river are replaced, never changed (an action changes one seat's,
# so copying all four on every action cost more), so one level suffices; the per-seat lists
# that change rarely (scores, riichi, ippatsu, furiten, pao, ...) are replaced whole when
# they change and shared otherwise.
_FIELDS = {
    "rules": 0, "scores": 0, "round_no": 0, "honba": 0, "sticks": 0, "phase": 0,
    "deal": 0, "wall": 0, "draw_pos": 0, "kans": 0, "dora_shown": 0, "pending_dora": 0,
    "hands": 1, "melds": 1, "river": 1, "riichi": 0, "ippatsu": 0, "furiten_temp": 0,
    "furiten_riichi": 0, "first_turn": 0, "called_any": 0, "turn": 0, "step": 0, "drawn": 0,
    "after_kan": 0, "window": 0, "riichi_pending": 0, "kuikae": 0, "pao": 0, "kan_seats": 0,
    "four_kans": 0, "actions": 1, "log": 0, "results": 0, "last_result": 0, "final": 0,
    "round_sticks": 0,
}


class State(EngineState, copied=tuple(field for field, depth in _FIELDS.items() if depth)):
    __slots__ = tuple(_FIELDS)

    def evolve(self) -> "State":
        new = self.copy_fields()
        # answers are the only part of a call window that changes while it is open
        if new.window is not None:
            new.window = {**new.window, "answers": dict(new.window["answers"])}
        return new

    @property
    def dealer(self) -> int:
        return self.round_no % 4

    @property
    def live_left(self) -> int:
        return LIVE_WALL - self.draw_pos - self.kans

    def dora_indicators(self) -> list:
        return self.wall["dora"][: self.dora_shown]

    def ura_indicators(self) -> list:
        return self.wall["ura"][: self.dora_shown]


def to_json(state) -> dict:
    """A JSON-able dict that ``from_json`` turns back into an equal state."""
    return {field: getattr(state, field) for field in _FIELDS}


def from_json(data) -> State:
    if isinstance(data, str):
        data = json.loads(data)
    state = State.__new__(State)
    for field in _FIELDS:
        setattr(state, field, data[field])
    return state


_tile = CODES.__getitem__
# every tile of a set, sorted, without and with red fives
_FULL_SETS = {red: sorted(full_set(red)) for red in (False, True)}


def parse_deal(deal, rules) -> dict:
    """The round's wall as tile ints, checked; raises ``bad_deal``."""
    # A whole wall of the set (every deal a table makes) in C loops; anything else goes
    # through the checks below, which name the first fault.
    if type(deal) is dict and len(deal) == 5:
        try:
            haipai = deal["haipai"]
            raw = [haipai["0"], haipai["1"], haipai["2"], haipai["3"], deal["draws"],
                   deal["dora_indicators"], deal["ura_indicators"], deal["rinshan"]]
            tiles = [list(map(_tile, value)) for value in raw]
        except (KeyError, TypeError):
            tiles = None
        if (tiles is not None and type(haipai) is dict and len(haipai) == 4
                and all(type(value) is list for value in raw)
                and [len(t) for t in tiles] == [13, 13, 13, 13, LIVE_WALL, 5, 5, 4]
                and sorted(tiles[0] + tiles[1] + tiles[2] + tiles[3] + tiles[4] + tiles[5]
                           + tiles[6] + tiles[7]) == _FULL_SETS[bool(rules["red_fives"])]):
            return {"haipai": tiles[:4], "draws": tiles[4], "dora": tiles[5], "ura": tiles[6],
                    "rinshan": tiles[7]}
    return _checked_deal(deal, rules)


def _checked_deal(deal, rules) -> dict:
    if not isinstance(deal, dict):
        raise IllegalAction("bad_deal", detail="the round must be an object")
    haipai = deal.get("haipai")
    if not isinstance(haipai, dict) or sorted(haipai) != ["0", "1", "2", "3"]:
        raise IllegalAction("bad_deal", detail="haipai needs the seats 0 to 3")

    def tiles_of(value, what, limit=None):
        if not isinstance(value, list):
            raise IllegalAction("bad_deal", detail=f"{what} must be a list of tiles")
        if limit is not None and len(value) > limit:
            raise IllegalAction("bad_deal", detail=f"{what} has more than {limit} tiles")
        out = []
        for text in value:
            tile = parse(text)
            if tile is None:
                raise IllegalAction("unknown_tile", tile=str(text))
            if tile in RED_FIVES and not rules["red_fives"]:
                raise IllegalAction("bad_deal", detail="red fives are off at this table")
            out.append(tile)
        return out

    hands = []
    for seat in "0123":
        hand = tiles_of(haipai[seat], f"haipai {seat}")
        if len(hand) != 13:
            raise IllegalAction("bad_deal", detail=f"haipai {seat} must have 13 tiles")
        hands.append(hand)
    wall = {
        "haipai": hands,
        "draws": tiles_of(deal.get("draws", []), "draws", LIVE_WALL),
        "dora": tiles_of(deal.get("dora_indicators", []), "dora_indicators", 5),
        "ura": tiles_of(deal.get("ura_indicators", []), "ura_indicators", 5),
        "rinshan": tiles_of(deal.get("rinshan", []), "rinshan", 4),
    }
    if not wall["dora"]:
        raise IllegalAction("bad_deal", detail="the first dora indicator is missing")
    every = [t for h in hands for t in h] + wall["draws"] + wall["dora"] + wall["ura"] + wall["rinshan"]
    limit = {}
    for t in full_set(rules["red_fives"]):
        limit[t] = limit.get(t, 0) + 1
    seen = {}
    for t in every:
        seen[t] = seen.get(t, 0) + 1
        if seen[t] > limit[t]:
            raise IllegalAction("bad_deal", detail=f"too many copies of {name(t)}")
    return wall


def new_game(options, deal) -> State:
    """A match at East 1 with the given rules and the first round's wall."""
    rules = normalize(options)
    state = State.__new__(State)
    state.rules = rules
    state.scores = [START_SCORE] * 4
    state.round_no = 0
    state.honba = 0
    state.sticks = 0
    state.log = []
    state.results = []
    state.last_result = None
    state.final = None
    start_round(state, deal)
    return state


def start_round(state, deal):
    """Deal ``deal`` into ``state`` (in place) and let the dealer draw."""
    wall = parse_deal(deal, state.rules)
    # the record keeps exactly the wall's fields, in its tile names
    state.deal = {
        "haipai": {str(seat): names(wall["haipai"][seat]) for seat in range(4)},
        "draws": names(wall["draws"]),
        "dora_indicators": names(wall["dora"]),
        "ura_indicators": names(wall["ura"]),
        "rinshan": names(wall["rinshan"]),
    }
    state.wall = wall
    state.phase = "play"
    state.draw_pos = 0
    state.kans = 0
    state.dora_shown = 1
    state.pending_dora = 0
    state.hands = [list(h) for h in wall["haipai"]]
    state.melds = [[], [], [], []]
    state.river = [[], [], [], []]
    state.riichi = [0, 0, 0, 0]
    state.ippatsu = [False] * 4
    state.furiten_temp = [False] * 4
    state.furiten_riichi = [False] * 4
    state.first_turn = [True] * 4
    state.called_any = False
    state.turn = state.dealer
    state.step = "discard"
    state.drawn = None
    state.after_kan = False
    state.window = None
    state.riichi_pending = None
    state.kuikae = []
    state.pao = [None] * 4
    state.kan_seats = [0] * 4
    state.four_kans = False
    state.actions = []
    state.round_sticks = state.sticks
    if not wall["draws"]:
        raise IllegalAction("bad_deal", detail="the dealer's first draw is missing")
    state.draw_pos = 1
    state.drawn = wall["draws"][0]
    state.hands[state.dealer].append(state.drawn)


def seat_wind(state, seat) -> int:
    return 27 + (seat - state.dealer) % 4


def round_wind(state) -> int:
    return 27 + min(state.round_no // 4, 3)


def held_counts(state, seat) -> list:
    """34-kind counts of a seat's concealed tiles."""
    return counts34(state.hands[seat])
