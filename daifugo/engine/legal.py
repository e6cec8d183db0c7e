"""``legal_actions``: everything a seat may do right now, as ready-to-apply actions."""

from .cards import names, seats_for, sorted_names
from .plays import legal_plays


def legal_actions(state, seat_name: str) -> list:
    """Every action the seat may take now.

    * Plays are listed once per set of cards (all suit choices of a rank and size).
    * Giving cards back in the exchange is one template, ``{"seat", "type": "give",
      "cards": None, "count": n, "to": seat, "hand": [...]}``: choose ``count`` cards of
      ``hand`` for ``cards`` and drop ``count`` and ``hand``.
    * The Beggar's and Vice-Beggar's forced gives are the server's (``server_actions``) and
      are not listed, nor are the platform actions (strike, expel, kick, void).
    """
    seats = seats_for(state.players)
    seat = seats.index(seat_name)
    if state.phase == "exchange":
        for giver, receiver, count, given, returned in state.exchange:
            if seat == receiver and given is not None and returned is None:
                return [{"seat": seat_name, "type": "give", "cards": None, "count": count,
                         "to": seats[giver], "hand": sorted_names(state.hands[seat])}]
        return []
    if state.phase != "play" or seat != state.turn:
        return []
    top = None if state.top is None else state.top[:2]
    actions = [{"seat": seat_name, "type": "play", "cards": names(cards)}
               for cards in legal_plays(state.hands[seat], top, state.reversed)]
    if top is not None:
        actions.append({"seat": seat_name, "type": "pass"})
    return actions
