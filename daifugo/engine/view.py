"""``view``: the only way game state leaves the engine for a player or a spectator.

Everyone sees what is public: card counts, the trick, who passed since the last play, who
is out, the titles in force, the exchange's progress (not its cards), every play of this
hand, the revolution flag, scores and whose turn it is. A seat also sees its own hand,
sorted by the order in force, the cards of its own exchange and its legal actions.
"""

from gamekit.records import copy_flat

from .cards import names, seats_for, sorted_names
from .legal import legal_actions
from .scoring import titles_of


def _exchange_public(state, seats):
    return [{"from": seats[giver], "to": seats[receiver], "count": count,
             "given": given is not None, "returned": returned is not None}
            for giver, receiver, count, given, returned in state.exchange]


def _exchange_own(state, seat, seats):
    """What this seat gave and got in its exchange (the two involved see the cards)."""
    for giver, receiver, count, given, returned in state.exchange:
        if seat == giver:
            return {"partner": seats[receiver], "count": count,
                    "gave": names(given) if given else None, "got": names(returned) if returned else None}
        if seat == receiver:
            return {"partner": seats[giver], "count": count,
                    "gave": names(returned) if returned else None, "got": names(given) if given else None}
    return None


def view(state, seat_name=None) -> dict:
    seats = seats_for(state.players)
    top = state.top
    public = {
        "seat": seat_name,
        "seats": list(seats),
        "phase": state.phase,
        "players": state.players,
        "hands_total": state.hands_total,
        "hand_no": state.hand_no,
        "revolution_rule": state.revolution_rule,
        "reversed": state.reversed,
        "hand_counts": {seats[s]: len(state.hands[s]) for s in range(state.players)},
        "turn": None if state.turn is None else seats[state.turn],
        "trick": [{"seat": seats[s], "cards": names(cards)} for s, cards in state.trick],
        "top": None if top is None else {"seat": seats[top[2]], "cards": names(state.trick[-1][1])},
        "passed": [seats[s] for s in state.passed],
        "out": [seats[s] for s in state.out],
        "titles": titles_of(state.ranking, state.players),
        "exchange": _exchange_public(state, seats),
        "played": [{"seat": seats[s], "cards": names(cards)} for s, cards in state.played],
        "totals": {seats[s]: state.totals[s] for s in range(state.players)},
        "results": [copy_flat(r) for r in state.results],
        "strikes": dict(state.match.strikes),
        "winner": None if state.winner is None else list(state.winner),
        "end": state.match.ending(),
    }
    if seat_name is None:
        return public
    seat = seats.index(seat_name)
    public["hand"] = sorted_names(state.hands[seat], state.reversed)
    public["my_exchange"] = _exchange_own(state, seat, seats)
    public["legal_actions"] = legal_actions(state, seat_name)
    return public
