"""The Riichi engine as the table platform drives it (games.contract.Engine), pure like the
engine it wraps (riichi/engine stays the rules alone, its seats the ints 0-3):

- seats are the platform's strings "0".."3" in and out (actions, views);
- the platform's own actions (``strike``, ``expel``, ``kick``, ``reserve_out``, ``void``) go
  to the match (gamekit.match), whose entries the record keeps under ``platform``;
- a finished hand stays on the table (phase ``round_over``) until ``next`` — the results
  window the server closes — so that everyone can read its result; then the phase is
  ``hand_over`` and the platform deals the next hand;
- a call window asks only the seats that may call the tile (``calling``: those that have
  not answered yet), as Tenhou and Mahjong Soul do; when nobody may, the next draw follows;
- each seat's toggles (``toggles``, set by its player's ``toggles`` action): ``auto_win``
  declares a tsumo or ron at once, ``skip_calls`` drops its chi, pon and open kan (a window
  with nothing else for it passes at once), ``auto_discard`` throws the drawn tile when that
  is the only thing the seat may do; ``server_actions`` lists what the server does for them;
- the last hand's result is kept with the hands a draw showed (tenpai hands are laid open).
"""

import json

from gamekit.match import Match, is_platform, replayed
from gamekit.state import EngineState
from riichi import engine
from riichi.engine import MESSAGES, IllegalAction, shuffled_deal
from riichi.engine.analysis import is_tenpai
from riichi.engine.tiles import names, sort_key

__all__ = ["MESSAGES", "TOGGLES", "IllegalAction", "apply", "build_record", "from_json", "legal_actions",
           "new_game", "next_hand", "replay", "replay_text", "server_actions", "shuffled_deal",
           "to_json", "view"]

SEATS = ("0", "1", "2", "3")
TOGGLES = ("auto_win", "skip_calls", "auto_discard")
SKIPPED_CALLS = ("chi", "pon", "kan")


class TableState(EngineState):
    __slots__ = ("game", "match", "reading", "shown", "toggles")

    def __init__(self, game, match=None, reading=False, shown=None, toggles=None):
        self.game = game
        self.match = Match(SEATS) if match is None else match
        # seat -> its toggles that are on (a seat without an entry has none on)
        self.toggles = dict(toggles or {})
        self.reading = reading
        self.shown = shown

    @property
    def end(self) -> dict | None:
        return self.match.end

    @property
    def phase(self) -> str:
        inner = self.game.phase
        if self.end is not None or inner == "game_over":
            return "game_over"
        if inner == "round_over":
            return "round_over" if self.reading else "hand_over"
        return "play"

    @property
    def hand_no(self) -> int:
        """The hand in play, or the one just finished (0-based, as the action log counts)."""
        return len(self.game.results) - (self.game.phase != "play")


def _seat(value) -> int:
    if isinstance(value, str) and value in SEATS:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    raise IllegalAction("bad_seat", seat=str(value))


def new_game(options, deal) -> TableState:
    return TableState(engine.new_game(options, deal))


def next_hand(state: TableState, deal) -> TableState:
    if state.end is not None:
        raise IllegalAction("game_over")
    return state.but(game=engine.next_hand(state.game, deal), reading=False)


def server_actions(state) -> list:
    """What the server does at once for the seats whose toggles say so: a win, a pass on a
    window that has nothing left for a seat skipping calls, the drawn tile thrown."""
    if state.phase != "play":
        return []
    game = state.game
    if game.step == "calls":
        seats = [int(s) for s in game.window["options"] if s not in game.window["answers"]]
    else:
        seats = [game.turn]
    for seat in seats:
        toggles = _toggles(state, seat)
        if not toggles:
            continue
        listed = legal_actions(state, seat)
        win = next((a for a in listed if a["type"] in ("ron", "tsumo")), None)
        if win is not None and "auto_win" in toggles:
            return [win]
        if game.step == "calls" and [a["type"] for a in listed] == ["pass"]:
            return listed
        if game.step == "discard" and "auto_discard" in toggles and _only_the_drawn_tile(game, listed):
            return listed
    return []


def _only_the_drawn_tile(game, listed) -> bool:
    drawn = game.drawn
    return drawn is not None and all(
        a["type"] == "discard" and not a.get("riichi") and a["tile"] == names([drawn])[0] for a in listed)


def _toggles(state: TableState, seat: int) -> list:
    return state.toggles.get(SEATS[seat], [])


# --- actions ---------------------------------------------------------------------------

def apply(state: TableState, action):
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", detail="an action must be an object")
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    kind = action.get("type")
    if is_platform(action):
        return _platform(state, action, kind)
    if kind == "next":
        if not state.reading:
            raise IllegalAction("round_not_over")
        return state.but(reading=False), []
    seat = _seat(action.get("seat"))
    if kind == "toggles":
        return _set_toggles(state, seat, action), []
    if kind in SKIPPED_CALLS and action.get("kind", "open") == "open" and "skip_calls" in _toggles(state, seat):
        raise IllegalAction("cannot_call")
    inner, events = engine.apply(state.game, {**action, "seat": seat})
    new = state.but(game=inner)
    if inner.phase != "play":
        new.reading = inner.phase == "round_over"
        new.shown = _shown(inner)
    return new, [_public_seats(event) for event in events]


def _set_toggles(state: TableState, seat: int, action: dict) -> TableState:
    """The seat's toggles as the action lists them (every one named, true or false)."""
    values = {name: action.get(name) for name in TOGGLES}
    if not all(isinstance(value, bool) for value in values.values()):
        raise IllegalAction("bad_action", detail="each toggle must be true or false")
    toggles = dict(state.toggles)
    toggles[SEATS[seat]] = [name for name in TOGGLES if values[name]]
    return state.but(toggles=toggles)


def _calling(state: TableState) -> list:
    """The seats the call window still waits for: those that may call and have not answered."""
    game = state.game
    if game.phase != "play" or game.step != "calls":
        return []
    window = game.window
    return sorted(SEATS[int(s)] for s in window["options"] if s not in window["answers"])


def _platform(state: TableState, action: dict, kind: str):
    seat = None if kind == "void" else SEATS[_seat(action.get("seat"))]
    match, events = state.match.act(kind, seat, {"round": state.hand_no, "at": len(state.game.actions)})
    return state.but(match=match), events


def legal_actions(state: TableState, seat, listed=None) -> list:
    """The engine's (`listed`, when the engine's view has them already), without the chi,
    pon and open kan of a seat that skips calls."""
    if state.phase != "play":
        return []
    seat = _seat(seat)
    listed = engine.legal_actions(state.game, seat) if listed is None else listed
    if "skip_calls" in _toggles(state, seat):
        listed = [a for a in listed if a["type"] not in SKIPPED_CALLS or a.get("kind") in ("closed", "added")]
    return [_public_seats(a) for a in listed]


def _public_seats(entry: dict) -> dict:
    if isinstance(entry.get("seat"), int):
        return entry | {"seat": SEATS[entry["seat"]]}
    return entry


def _shown(inner) -> dict:
    """The finished hand as the table shows it: the result, and every hand laid open (the
    winners', or the tenpai hands of a draw)."""
    last = inner.last_result
    shown = {"result": last["result"], "deltas": list(last["deltas"]), "details": [dict(d) for d in last["details"]],
             "round": inner.round_no, "honba": inner.results[-1]["honba"],
             "dora_indicators": names(inner.dora_indicators()), "hands": {}, "ura_indicators": []}
    revealed = last.get("revealed") or {}
    if revealed:
        shown["hands"] = dict(revealed["hands"])
        # the ron tile is the discarder's last (a robbed kan's tile is in no river: not shown)
        for detail in shown["details"]:
            river = inner.river[detail["from"]] if detail["from"] is not None else []
            detail["winning_tile"] = names([river[-1][0]])[0] if river and last["result"] == "ron" else None
            detail["melds"] = [names(meld[1]) for meld in inner.melds[detail["seat"]]]
        shown["ura_indicators"] = list(revealed.get("ura_indicators", []))
    elif last["result"] == "draw":
        shown["hands"] = {SEATS[s]: names(sorted(inner.hands[s], key=sort_key))
                          for s in range(4) if is_tenpai(inner, s)}
    return json.loads(json.dumps(shown))


# --- views -----------------------------------------------------------------------------

def view(state: TableState, seat) -> dict:
    """The engine's view for `seat` ("0".."3" or None) with the platform's seat names, phase,
    strikes and end, the seats the call window waits for, and the last hand's result."""
    inner = state.game
    shown = engine.view(inner, None if seat is None else _seat(seat))
    shown["seat"] = seat
    shown["phase"] = state.phase
    shown["turn"] = SEATS[inner.turn] if inner.phase == "play" and inner.step == "discard" else None
    shown["dealer"] = SEATS[inner.dealer]
    shown["calling"] = _calling(state)
    if "pending_discard" in shown:
        shown["pending_discard"]["from"] = SEATS[shown["pending_discard"]["from"]]
    if "legal_actions" in shown:
        shown["legal_actions"] = legal_actions(state, seat, shown["legal_actions"])
        shown["toggles"] = {name: name in _toggles(state, _seat(seat)) for name in TOGGLES}
    shown["strikes"] = dict(state.match.strikes)
    shown["end"] = state.match.ending()
    shown["shown"] = state.shown
    shown["hand_no"] = state.hand_no
    if state.end is not None:
        shown["final"] = _abandoned_final(state)
    return shown


def _abandoned_final(state: TableState) -> dict | None:
    """Places when the match ended early: the seat that left last, the others by score
    (equal scores by seat order); a void ranks nobody."""
    scores = list(state.game.scores)
    leaver = state.end["seat"]
    if leaver is None:
        return None
    order = sorted(range(4), key=lambda s: (s == int(leaver), -scores[s], s))
    place = [0] * 4
    for n, s in enumerate(order):
        place[s] = n + 1
    return {"scores": scores, "places": place, "results": None}


# --- storage and records ---------------------------------------------------------------

def to_json(state: TableState) -> dict:
    """The engine's JSON (its per-hand ``log`` at the top, as the platform trims it) plus the
    table's own fields under ``table``."""
    data = engine.to_json(state.game)
    data["table"] = {**state.match.to_json(), "reading": state.reading, "shown": state.shown,
                     "toggles": dict(state.toggles)}
    return data


def from_json(data) -> TableState:
    if isinstance(data, str):
        data = json.loads(data)
    table = data["table"]
    return TableState(engine.from_json(data), Match.from_json(SEATS, table), table["reading"], table["shown"],
                      table.get("toggles"))


def build_record(state: TableState) -> dict:
    record = engine.build_record(state.game)
    if state.match.entries:
        record["platform"] = [dict(entry) for entry in state.match.entries]
    return record


def replay(record) -> dict:
    """The engine's replay, then the platform's actions: an ending one ends the match where
    it stands (abandonment: the leaver last; void: nobody ranked)."""
    result = engine.replay(record)
    if not result["ok"] or not isinstance(record, dict) or "platform" not in record:
        return result
    entries = record["platform"] if isinstance(record["platform"], list) else [None]
    rounds = len(record.get("rounds") or [])
    match, n, bad = replayed(SEATS, entries, lambda entry: _bad_round(entry, rounds))
    if bad:
        entry = entries[n]
        return {"ok": False, "hand": entry.get("round") if isinstance(entry, dict) else None,
                "action": None, "error": "bad_record", "message": f"platform action {n}: {bad}"}
    end = match.end
    if end is not None:
        result.pop("in_progress", None)
        result["end"] = end
        if end["seat"] is None:
            result["voided"] = True
        else:
            result["abandoned_by"] = end["seat"]
            scores = result.get("scores") or [0, 0, 0, 0]
            order = sorted(range(4), key=lambda s: (SEATS[s] == end["seat"], -scores[s], s))
            result["places"] = [order.index(s) + 1 for s in range(4)]
            result["results"] = None
    return result


def _bad_round(entry: dict, rounds: int) -> str | None:
    at_round = entry.get("round")
    if not isinstance(at_round, int) or not 0 <= at_round < max(rounds, 1):
        return "no such round"
    return None


def replay_text(text) -> dict:
    try:
        record = json.loads(text)
    except (TypeError, ValueError) as error:
        return {"ok": False, "hand": None, "action": None, "error": "bad_json",
                "message": f"The record is not valid JSON: {error}"}
    return replay(record)

