"""Building Daifugo positions by playing them through ``apply``."""

from daifugo.engine import apply, legal_actions, new_game, next_hand, server_actions
from daifugo.engine.cards import RANKS, SUITS, hand_sizes, seats_for

DECK = [f"{suit}-{rank}" for rank in RANKS for suit in SUITS]


def deal(hands: dict, players: int = 4) -> dict:
    """A full deal: each seat gets its given cards (a space-separated string), and the rest
    of the deck, in order, fills the seats round the table."""
    seats = seats_for(players)
    result = {seat: hands.get(seat, "").split() for seat in seats}
    used = {card for cards in result.values() for card in cards}
    rest = [card for card in DECK if card not in used]
    sizes = dict(zip(seats, hand_sizes(players)))
    while rest:
        for seat in seats:
            if rest and len(result[seat]) < sizes[seat]:
                result[seat].append(rest.pop(0))
    return result


def game(hands: dict, players: int = 4, hands_total: int = 4, revolution: bool = False):
    return new_game({"players": players, "hands": hands_total, "revolution": revolution}, deal(hands, players))


def play(state, seat: str, cards: str):
    state, _ = apply(state, {"seat": seat, "type": "play", "cards": cards.split()})
    return state


def pass_(state, seat: str):
    state, _ = apply(state, {"seat": seat, "type": "pass"})
    return state


def give(state, seat: str, cards: str, to: str):
    state, _ = apply(state, {"seat": seat, "type": "give", "cards": cards.split(), "to": to})
    return state


def first_legal(state):
    """The server's forced give if one is due, else the first legal action of the first
    seat that has one (gives back the first cards of the hand)."""
    forced = server_actions(state)
    if forced:
        return forced[0]
    for seat in seats_for(state.players):
        actions = legal_actions(state, seat)
        if actions:
            action = actions[0]
            if action["type"] == "give" and action["cards"] is None:
                return {"seat": seat, "type": "give", "cards": action["hand"][:action["count"]], "to": action["to"]}
            return action
    raise AssertionError(f"nobody can act in phase {state.phase}")


def finish_hand(state):
    """Play the running hand to its end with the first legal action each time."""
    while state.phase in ("exchange", "play"):
        state, _ = apply(state, first_legal(state))
    return state


def second_hand(hands_by_place, players=4, revolution=False, first=None):
    """The second hand's exchange, with hands given by finishing place (0 = President).
    The first hand (``first``, or a fresh one) is played out with first legal actions; its
    places are returned too, so tests read the titles rather than assume them."""
    state = finish_hand(first or game({}, players, revolution=revolution))
    places = state.results[0]["places"]
    hands = {places[place]: cards for place, cards in hands_by_place.items()}
    return next_hand(state, deal(hands, players)), places
