"""The exchange from the second hand on: the Beggar's 2 highest cards go to the President,
who gives back any 2; the Vice-Beggar's highest goes to the Vice-President, who gives back
any 1. "Highest" is the normal order (every hand starts in it)."""

from .cards import names, rank_of, seats_for
from .errors import IllegalAction
from .plays import parse_cards


def highest(hand, count: int) -> tuple:
    """The ``count`` highest cards in normal order; among equal ranks the highest suits
    (spade first), so that the server's forced give is always the same cards."""
    return tuple(sorted(sorted(hand)[-count:]))


def forced_gives(state) -> list:
    """The gives the server must apply now: the Beggar's and the Vice-Beggar's."""
    if state.phase != "exchange":
        return []
    seats = seats_for(state.players)
    return [{"seat": seats[giver], "type": "give", "cards": names(highest(state.hands[giver], count)),
             "to": seats[receiver]}
            for giver, receiver, count, given, _ in state.exchange if given is None]


def _pair_of(state, seat):
    for index, pair in enumerate(state.exchange):
        if seat in pair[:2]:
            return index, pair
    raise IllegalAction("not_in_exchange")


def give(state, seat, action, events):
    if state.phase != "exchange":
        raise IllegalAction("wrong_phase")
    index, (giver, receiver, count, given, returned) = _pair_of(state, seat)
    seats = seats_for(state.players)
    partner = receiver if seat == giver else giver
    if action["to"] != seats[partner]:
        raise IllegalAction("wrong_recipient", seat=seats[partner])
    if seat == giver and given is not None or seat == receiver and returned is not None:
        raise IllegalAction("already_given")
    if seat == receiver and given is None:
        raise IllegalAction("wait_for_cards")
    hand = state.hands[seat]
    cards = parse_cards(action["cards"], hand)
    if len(cards) != count:
        raise IllegalAction("wrong_count", count=count)
    if seat == giver:
        must = highest(hand, count)
        if sorted(rank_of(c) for c in cards) != sorted(rank_of(c) for c in must):
            raise IllegalAction("must_give_highest", cards=", ".join(names(must)))
        pair = (giver, receiver, count, cards, None)
    else:
        pair = (giver, receiver, count, given, cards)
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c not in cards)
    hands[partner] = tuple(sorted(hands[partner] + cards))
    state.hands = tuple(hands)
    exchange = list(state.exchange)
    exchange[index] = pair
    state.exchange = tuple(exchange)
    # The cards stay out of the events: only the two seats involved may see them (view).
    events.append({"type": "give", "seat": seats[seat], "to": seats[partner], "count": count})
    if all(p[4] is not None for p in state.exchange):
        state.phase = "play"
        state.turn = state.ranking[-1]
        events.append({"type": "exchange_done"})
        events.append({"type": "turn", "seat": seats[state.turn]})
    return {"seat": seats[seat], "type": "give", "cards": names(cards), "to": seats[partner]}
