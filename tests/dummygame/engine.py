"""A tiny pure game for the platform's tests: seats pick a number at the same time (a
simultaneous decision with a hidden choice), then a timed window lets anyone raise their own
pick by one before the server closes it and the highest pick scores a point. It follows the
engine contract (games.contract.Engine) and uses only the kit, as a real game would."""

import json
import random
import sys

from gamekit.errors import IllegalAction as _IllegalAction
from gamekit.errors import gettext_noop
from gamekit.fold import final, steps
from gamekit.match import Match, is_platform
from gamekit.records import bad, copy_flat, copy_log, replay_text_with, replay_with
from gamekit.state import EngineState

FORMAT = "dummy-record/1"
SEATS = ("A", "B", "C", "D")
MESSAGES = {
    "unknown_action": gettext_noop("Unknown action type: %(action_type)s"),
    "not_your_turn": gettext_noop("It is not your turn."),
    "already_decided": gettext_noop("You have already made this decision."),
    "bad_pick": gettext_noop("Pick a number from 1 to 9."),
    "no_window": gettext_noop("There is nothing to raise now."),
    "game_over": gettext_noop("This game is over."),
}


class IllegalAction(_IllegalAction):
    MESSAGES = MESSAGES


class State(EngineState):
    __slots__ = ("seats", "target", "phase", "picks", "raised", "scores", "match", "winner", "hand_no", "log")

    def __init__(self, seats: tuple, target: int, phase: str = "pick", picks: dict | None = None,
                 raised: tuple = (), scores: dict | None = None, match: Match | None = None,
                 winner: list | None = None, hand_no: int = 0, log: tuple = ()):
        self.seats, self.target, self.phase = seats, target, phase  # phase: pick | window | game_over
        self.picks, self.raised, self.scores = picks or {}, raised, scores or {}
        self.match, self.winner, self.hand_no, self.log = match, winner, hand_no, log


def shuffled_deal(rng: random.Random) -> dict:
    return {"seed": rng.randrange(1 << 30)}


def new_game(options: dict, deal: dict) -> State:
    seats = SEATS[: options.get("players", 2)]
    return State(seats=seats, target=options.get("target", 2), scores=dict.fromkeys(seats, 0),
                 match=Match(seats), log=((copy_flat(deal), ()),))


def next_hand(state: State, deal: dict) -> State:
    raise IllegalAction("game_over")


def server_actions(state: State) -> list:
    return []


def apply(state: State, action: dict) -> tuple[State, list]:
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    kind, seat = action.get("type"), action.get("seat")
    if kind == "pick":
        state = _pick(state, seat, action.get("n"))
    elif kind == "raise":
        if state.phase != "window" or seat not in state.seats or seat in state.raised:
            raise IllegalAction("no_window")
        state = state.but(picks={**state.picks, seat: state.picks[seat] + 1}, raised=(*state.raised, seat))
    elif kind == "close":
        if state.phase != "window":
            raise IllegalAction("no_window")
        state = _score(state)
    elif is_platform(action):
        state = _platform(state, kind, seat)
    else:
        raise IllegalAction("unknown_action", action_type=kind)
    deal, actions = state.log[-1]
    return state.but(log=(*state.log[:-1], (deal, (*actions, copy_flat(action))))), []


def _pick(state: State, seat, n) -> State:
    if state.phase != "pick" or seat not in state.seats:
        raise IllegalAction("not_your_turn")
    if seat in state.picks:
        raise IllegalAction("already_decided")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 9:
        raise IllegalAction("bad_pick")
    picks = {**state.picks, seat: n}
    return state.but(picks=picks, phase="window" if len(picks) == len(state.seats) else "pick")


def _score(state: State) -> State:
    best = max(state.picks.values())
    leaders = [s for s in state.seats if state.picks[s] == best]
    scores = dict(state.scores)
    if len(leaders) == 1:
        scores[leaders[0]] += 1
    state = state.but(scores=scores, picks={}, raised=(), phase="pick")
    if max(scores.values()) >= state.target:
        top = max(scores.values())
        state = state.but(phase="game_over", winner=[s for s in state.seats if scores[s] == top])
    return state


def _platform(state: State, kind: str, seat) -> State:
    """The match's part (gamekit.match); when it ends, the others win (a void: nobody)."""
    if kind == "void":
        seat = None
    elif seat not in state.seats:
        raise IllegalAction("not_your_turn")
    match, _ = state.match.act(kind, seat)
    if match.end is None:
        return state.but(match=match)
    others = None if seat is None else [s for s in state.seats if s != seat]
    return state.but(match=match, phase="game_over", winner=others)


def legal_actions(state: State, seat: str) -> list[dict]:
    if state.phase == "pick" and seat in state.seats and seat not in state.picks:
        return [{"type": "pick", "n": n} for n in range(1, 10)]
    if state.phase == "window" and seat in state.seats and seat not in state.raised:
        return [{"type": "raise"}]
    return []


def view(state: State, seat: str | None) -> dict:
    """A seat sees its own pick only, until the window shows them all."""
    shown = state.phase != "pick"
    return {
        "phase": state.phase,
        "seats": list(state.seats),
        "picked": {s: s in state.picks for s in state.seats},
        "picks": {s: n for s, n in state.picks.items() if shown or s == seat},
        "scores": dict(state.scores),
        "strikes": dict(state.match.strikes),
        "window": state.phase == "window",
        "turn": None,
        "end": state.match.ending(),
        "winner": None if state.winner is None else list(state.winner),
        "legal_actions": legal_actions(state, seat) if seat else [],
    }


def to_json(state: State) -> dict:
    return {"seats": list(state.seats), "target": state.target, "phase": state.phase, "picks": dict(state.picks),
            "raised": list(state.raised), "scores": dict(state.scores), "match": state.match.to_json(),
            "winner": state.winner, "hand_no": state.hand_no, "log": copy_log(state.log)}


def from_json(data) -> State:
    if isinstance(data, str):
        data = json.loads(data)
    return State(seats=tuple(data["seats"]), target=data["target"], phase=data["phase"], picks=dict(data["picks"]),
                 raised=tuple(data["raised"]), scores=dict(data["scores"]),
                 match=Match.from_json(data["seats"], data["match"]), winner=data["winner"], hand_no=data["hand_no"],
                 log=tuple((copy_flat(e["deal"]), tuple(copy_flat(a) for a in e["actions"])) for e in data["log"]))


def build_record(state: State) -> dict:
    return {"format": FORMAT, "players": len(state.seats), "target": state.target, "hands": copy_log(state.log)}


def _fold(record) -> dict:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        bad(None, None, f"The record format must be {FORMAT!r}.", "bad_format")
    hands = record.get("hands")
    if not isinstance(hands, list) or len(hands) != 1 or not isinstance(hands[0], dict):
        bad(None, None, "The record needs one hand.")
    options = {"players": record.get("players", 2), "target": record.get("target", 2)}
    state = final(steps(sys.modules[__name__], options, hands, illegal=IllegalAction, split=_deal_and_actions))
    return {"ok": True, "scores": state.scores, "winner": state.winner,
            **({"in_progress": True} if state.phase != "game_over" else {})}


def _deal_and_actions(entry: dict) -> tuple:
    return entry.get("deal", {}), [a if isinstance(a, dict) else {} for a in entry.get("actions", [])]


def replay(record) -> dict:
    return replay_with(_fold, record)


def replay_text(text) -> dict:
    return replay_text_with(replay, text)
