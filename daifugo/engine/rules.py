"""``apply``: one action in, a new state and the events it caused out."""

from .cards import names, seats_for
from .errors import IllegalAction
from .exchange import give
from .plays import check_beats, parse_cards, play_rank
from .scoring import hand_result, winners_of

# type → its fields, all required
ACTION_FIELDS = {
    "give": {"seat", "type", "cards", "to"},
    "play": {"seat", "type", "cards"},
    "pass": {"seat", "type"},
    "strike": {"seat", "type"},
    "expel": {"seat", "type"},
    "kick": {"seat", "type"},
    "void": {"type"},
}


def _check_shape(state, action) -> str:
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", detail="an action must be an object")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalAction("bad_action", detail="an action needs a type")
    if kind not in ACTION_FIELDS:
        raise IllegalAction("unknown_action", action_type=kind)
    fields = ACTION_FIELDS[kind]
    keys = set(action)
    if not fields <= keys:
        raise IllegalAction("bad_action", detail=f"{kind} needs {', '.join(sorted(fields - keys))}")
    if not keys <= fields:
        raise IllegalAction("bad_action", detail=f"{kind} does not take {', '.join(sorted(map(str, keys - fields)))}")
    seats = seats_for(state.players)
    for field in ("seat", "to"):
        if field in fields and not (isinstance(action[field], str) and action[field] in seats):
            raise IllegalAction("bad_seat", seat=str(action[field]))
    return kind


def _next_with_cards(state, seat):
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.hands[candidate]:
            return candidate
    return None


def apply(state, action: dict):
    """Apply ``action``; returns ``(new_state, events)``. ``state`` is never changed; an
    illegal action raises ``IllegalAction``."""
    kind = _check_shape(state, action)
    if state.phase == "game_over":
        raise IllegalAction("game_over")
    if state.phase == "hand_over":
        raise IllegalAction("hand_over")
    new = state.evolve()
    events = []
    seat = seats_for(state.players).index(action["seat"]) if "seat" in action else None
    canonical = _HANDLERS[kind](new, seat, action, events)
    deal, actions = new.log[-1]
    new.log = new.log[:-1] + ((deal, actions + (canonical,)),)
    return new, events


def _play(state, seat, action, events):
    if state.phase != "play":
        raise IllegalAction("wrong_phase")
    if seat != state.turn:
        raise IllegalAction("not_your_turn")
    cards = parse_cards(action["cards"], state.hands[seat])
    rank = play_rank(cards)
    if state.top is not None:
        check_beats(rank, len(cards), state.top[:2], state.reversed)
    seats = seats_for(state.players)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c not in cards)
    state.hands = tuple(hands)
    state.top = (rank, len(cards), seat)
    state.trick = state.trick + ((seat, cards),)
    state.passed = ()
    state.played = state.played + ((seat, cards),)
    events.append({"type": "play", "seat": seats[seat], "cards": names(cards)})
    if len(cards) == 4 and state.revolution_rule:
        state.reversed = not state.reversed
        events.append({"type": "revolution", "reversed": state.reversed})
    if not state.hands[seat]:
        state.out = state.out + (seat,)
        events.append({"type": "out", "seat": seats[seat], "place": len(state.out)})
        holding = [s for s in range(state.players) if state.hands[s]]
        if len(holding) == 1:
            _end_hand(state, state.out + (holding[0],), events)
            return {"seat": seats[seat], "type": "play", "cards": names(cards)}
    state.turn = _next_with_cards(state, seat)
    events.append({"type": "turn", "seat": seats[state.turn]})
    return {"seat": seats[seat], "type": "play", "cards": names(cards)}


def _pass(state, seat, action, events):
    if state.phase != "play":
        raise IllegalAction("wrong_phase")
    if seat != state.turn:
        raise IllegalAction("not_your_turn")
    if state.top is None:
        raise IllegalAction("cannot_pass_lead")
    seats = seats_for(state.players)
    state.passed = state.passed + (seat,)
    events.append({"type": "pass", "seat": seats[seat]})
    last = state.top[2]
    others = [s for s in range(state.players) if state.hands[s] and s != last]
    if all(s in state.passed for s in others):
        # Everyone else still holding cards passed: the last player leads, or, when out,
        # the next player with cards.
        state.turn = last if state.hands[last] else _next_with_cards(state, last)
        state.top = None
        state.trick = ()
        state.passed = ()
        events.append({"type": "trick_over", "seat": seats[last], "lead": seats[state.turn]})
    else:
        state.turn = _next_with_cards(state, seat)
    events.append({"type": "turn", "seat": seats[state.turn]})
    return {"seat": seats[seat], "type": "pass"}


def _end_hand(state, ranking, events):
    result = hand_result(ranking, state.players)
    state.results = state.results + (result,)
    state.totals = tuple(total + result["points"][seat]
                         for total, seat in zip(state.totals, seats_for(state.players)))
    state.ranking = ranking
    state.turn = None
    state.top = None
    state.trick = ()
    state.passed = ()
    events.append({"type": "hand_over", "result": result})
    if state.hand_no + 1 == state.hands_total:
        _end_game(state, winners_of(state.totals, range(state.players)), events)
    else:
        state.phase = "hand_over"


def _end_game(state, winners, events, reason=None):
    seats = seats_for(state.players)
    state.phase = "game_over"
    state.turn = None
    state.winner = None if winners is None else tuple(seats[s] for s in winners)
    events.append({"type": "game_over", "winner": None if winners is None else list(state.winner),
                   "reason": reason})


def _platform(state, seat, action, events):
    """Clock strikes and the platform's game enders, counted by the match (gamekit.match); an
    early end leaves the running hand unscored and the best total among the others wins
    (shared on a tie)."""
    kind = action["type"]
    seats = seats_for(state.players)
    state.match, happened = state.match.act(kind, None if kind == "void" else seats[seat])
    events.extend(event for event in happened if event["type"] == "strike")
    end = state.match.end
    if end is not None:
        others = [s for s in range(state.players) if s != seat]
        _end_game(state, None if kind == "void" else winners_of(state.totals, others), events, end["reason"])
    return {"type": kind} if kind == "void" else {"seat": seats[seat], "type": kind}


_HANDLERS = {
    "give": give,
    "play": _play,
    "pass": _pass,
    "strike": _platform,
    "expel": _platform,
    "kick": _platform,
    "void": _platform,
}
