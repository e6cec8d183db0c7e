"""Hand-made play positions for bot tests, built through the engine's public JSON form."""

import random

from tichu import engine as tichu
from tichu.engine.cards import CARD_IDS, CARD_NAMES, SEATS, cards_of, mask_of
from tichu.engine.combinations import readings

FILLER_SEED = 99


def _combo(names, phoenix=None):
    cards = [CARD_IDS[n] for n in names]
    options = readings(cards, mask_of(cards))
    if phoenix:
        options = [o for o in options if o[4] == phoenix]
    kind, length, rank, mask, stand_in = max(options, key=lambda o: o[2])
    return [kind, length, rank, [CARD_NAMES[c] for c in cards_of(mask)], stand_in]


def position(hands: dict, *, turn="S", trick=(), passed=(), calls=None, counts=None,
             wish=0, phase="play", gift_by=None, window=False):
    """A state in the play phase: ``hands`` names some seats' cards; ``counts`` gives other
    seats that many cards drawn from the rest of the deck; ``trick`` is (seat, cards) plays."""
    used = {c for cards in hands.values() for c in cards} | {c for _, cards in trick for c in cards}
    rest = [n for n in CARD_IDS if n not in used]
    random.Random(FILLER_SEED).shuffle(rest)
    all_hands = {}
    for seat in SEATS:
        if seat in hands:
            all_hands[seat] = list(hands[seat])
        else:
            n = (counts or {}).get(seat, 10)
            all_hands[seat], rest = rest[:n], rest[n:]
    state = tichu.new_game({"target": 1000}, tichu.shuffled_deal(random.Random(1)))
    data = tichu.to_json(state)
    data.update({
        "phase": phase,
        "grand": [False] * 4,
        "calls": [(calls or {}).get(s) for s in SEATS],
        "hands": [all_hands[s] for s in SEATS],
        "turn": turn,
        "trick": [[SEATS.index(seat), _combo(cards)] for seat, cards in trick],
        "trick_cards": [c for _, cards in trick for c in cards],
        "passed": sum(1 << SEATS.index(s) for s in passed),
        "wish": wish,
        "gift_by": gift_by,
        "window": window,
        "won": [[], [], [], []],
    })
    if turn is not None:
        data["turn"] = SEATS.index(turn)
    if gift_by is not None:
        data["gift_by"] = SEATS.index(gift_by)
    return tichu.from_json(data)
