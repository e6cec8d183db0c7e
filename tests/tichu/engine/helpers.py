"""Reaching positions for rule tests.

``start`` plays the Grand Tichu decisions and an exchange through ``apply`` so that every
seat ends up with exactly the 14 cards asked for. ``arrange`` then shortens hands for
end-game positions (cards taken out go to their holder's won pile, so all 56 cards stay
accounted for); the rule under test is always played through ``apply``.
"""

import copy

import pytest

from tichu.engine import IllegalAction, apply, new_game, to_json
from tichu.engine.cards import CARD_IDS, CARD_NAMES, NORMAL_CARDS, SEAT_INDEX, SEATS, mask_of
from tichu.engine.state import check_conservation

SPECIALS = ("mahjong", "dog", "phoenix", "dragon")


def fill(hands: dict) -> dict:
    """Complete partial hands to 14 cards. Filler cards go one rank at a time with the suit
    shifting per seat, so filler never forms a bomb."""
    used = {name for cards in hands.values() for name in cards}
    rest = [CARD_NAMES[c] for c in NORMAL_CARDS if CARD_NAMES[c] not in used]
    rest += [name for name in SPECIALS if name not in used]
    full = {seat: list(hands.get(seat, ())) for seat in SEATS}
    needy = [seat for seat in SEATS if len(full[seat]) < 14]
    j = 0
    while needy:
        seat = needy[(j + j // len(needy)) % len(needy)]
        full[seat].append(rest.pop(0))
        needy = [s for s in SEATS if len(full[s]) < 14]
        j += 1
    return full


def _giver_to(giver: str, receiver: str, full: dict) -> str:
    return full[receiver][-((SEAT_INDEX[giver] - SEAT_INDEX[receiver]) % 4)]


def deal_for(full: dict) -> dict:
    """The deal that the exchange of ``exchange_for`` turns into ``full``."""
    return {seat: full[seat][:11] + [_giver_to(seat, other, full) for other in SEATS if other != seat]
            for seat in SEATS}


def exchange_for(seat: str, full: dict) -> dict:
    return {other: _giver_to(seat, other, full) for other in SEATS if other != seat}


def start(hands=None, grand=(), target=1000):
    """A hand in the play phase whose seats hold ``hands`` (completed by ``fill``)."""
    full = fill(hands or {})
    state = new_game({"target": target}, deal_for(full))
    for seat in SEATS:
        state = act(state, seat, "grand", call=seat in grand)
    for seat in SEATS:
        state = act(state, seat, "exchange", give=exchange_for(seat, full))
    for seat in SEATS:
        assert sorted(hand_of(state, seat)) == sorted(full[seat])
    return state


def act(state, seat, kind, **fields):
    action = {"type": kind, **fields}
    if seat is not None:
        action["seat"] = seat
    new, _ = apply(state, action)
    assert check_conservation(new)
    return new


def play(state, seat, *cards, **fields):
    return act(state, seat, "play", cards=list(cards), **fields)


def pass_(state, seat):
    return act(state, seat, "pass")


def collect(state):
    return act(state, None, "collect")


def rejected(state, action) -> str:
    """The error code of an illegal action (and the proof it left ``state`` alone)."""
    before = copy.deepcopy(to_json(state))
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert to_json(state) == before
    return caught.value.code


def hand_of(state, seat) -> list:
    return [CARD_NAMES[c] for c in range(60) if state.hands[SEAT_INDEX[seat]] >> c & 1]


def arrange(state, hands: dict, turn=None):
    """Shorten hands to ``hands`` (names per seat; seats not named keep theirs)."""
    new = state.evolve()
    masks = list(new.hands)
    won = list(new.won)
    for seat, names in hands.items():
        i = SEAT_INDEX[seat]
        keep = mask_of(CARD_IDS[n] for n in names)
        assert keep & ~masks[i] == 0, "arrange only removes cards"
        won[i] |= masks[i] & ~keep
        masks[i] = keep
    new.hands = tuple(masks)
    new.won = tuple(won)
    if turn is not None:
        new.turn = SEAT_INDEX[turn]
    assert check_conservation(new)
    return new


def table(turn="S", out=(), grand=(), target=1000, **hands):
    """A play position: the named seats hold exactly the given cards, ``out`` lists seats
    that already went out (in that order, with empty hands), ``turn`` leads."""
    for seat in out:
        hands[seat] = []
    state = arrange(start(hands, grand=grand, target=target), hands, turn=turn)
    if out:
        state = state.evolve()
        state.out = tuple(SEAT_INDEX[s] for s in out)
    return state


def with_wish(state, rank: int):
    """The position after a Mahjong wish of ``rank`` (the Mahjong itself already played)."""
    new = state.evolve()
    new.wish = rank
    return new
