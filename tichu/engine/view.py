"""``view``: the only way game state leaves the engine for a player or a spectator.

A seat sees its own hand (during the Grand Tichu decision only its first 8 cards), its own
exchange choices and, after the reveal, the cards it received; everyone sees what is
public: card counts, the trick on the table, passes, calls, the wish, scores, whose turn it
is and who holds the Mahjong before the first lead.
"""

from gamekit.records import copy_flat

from .cards import CARD_IDS, CARD_NAMES, MAHJONG, RANK_NAMES, RANK_VALUES, SEAT_INDEX, SEATS, TEAMS, names_of, sorted_names
from .combinations import DRAGON_RANK, LED_PHOENIX_RANK, describe
from .legal import legal_actions


_DOG, _DRAGON = ["dog"], ["dragon"]
_RANK_OF = {name: card >> 2 for name, card in CARD_IDS.items() if card >= 8}
_SINGLE_RANKS = {"mahjong": 2, "dragon": DRAGON_RANK}


def _seat_map(values):
    return {SEATS[i]: values[i] for i in range(4)}


def _follow_wish(wish, single, leading, action, lacks):
    """The open wish and the trick's top single rank (the engine's, None: not a single)
    after a play; records in ``lacks`` the seat the play shows without the wished rank."""
    cards = action["cards"]
    ranks = [_RANK_OF.get(card) for card in cards]
    if wish:
        if wish in ranks:
            wish = 0
        elif leading or len(cards) == 1 and single is not None and single < 2 * wish:
            _lack(lacks[action["seat"]], wish)
    if "wish" in action:
        wish = RANK_VALUES[action["wish"]]
        if wish in ranks:
            wish = 0
    if not wish or len(cards) != 1:
        return wish, None
    card = cards[0]
    if card == "dog":
        return wish, None
    if card == "phoenix":
        return wish, LED_PHOENIX_RANK if leading or single is None else single + 1
    return wish, _SINGLE_RANKS.get(card) or 2 * ranks[0]


def _lack(ranks: list, wish: int) -> None:
    name = RANK_NAMES[wish]
    if name not in ranks:
        ranks.append(name)


def view(state, seat_name=None) -> dict:
    seat = None if seat_name is None else SEAT_INDEX[seat_name]
    phase = state.phase
    dealing = phase == "grand"
    counts = [8 if dealing else m.bit_count() for m in state.hands]
    first_lead_pending = (phase == "play" and not state.trick and not state.out
                          and all(c == 14 for c in counts))
    public = {
        "seat": seat_name,
        "phase": phase,
        "hand_no": state.hand_no,
        "target": state.target,
        "totals": {TEAMS[0]: state.totals[0], TEAMS[1]: state.totals[1]},
        "results": [copy_flat(r) for r in state.results],
        "hand_counts": _seat_map(counts),
        "grand_decided": _seat_map([g is not None for g in state.grand]),
        "calls": _seat_map(state.calls),
        "exchange_chosen": _seat_map([x is not None for x in state.exchange]),
        "turn": None if state.turn is None else SEATS[state.turn],
        "trick": [{"seat": SEATS[s], "cards": names_of(combo[3]),
                   "combination": describe(combo)} for s, combo in state.trick],
        "passed": [SEATS[s] for s in range(4) if state.passed >> s & 1],
        "bomb_window": state.window,
        "gift_by": None if state.gift_by is None else SEATS[state.gift_by],
        "wish": RANK_NAMES[state.wish] if state.wish else None,
        "mahjong_holder": None,
        "out": [SEATS[s] for s in state.out],
        "won_cards": _seat_map([m.bit_count() for m in state.won]),
        "strikes": dict(state.match.strikes),
        "winner": state.winner,
        "end": state.match.ending(),
    }
    # Every play of this hand was seen by everyone at the table; bots count cards from it.
    played = {name: [] for name in SEATS}
    public["played"] = played
    lacks = {name: [] for name in SEATS}
    public["lacks"] = lacks
    public["last_trick"] = []
    if state.log and phase in ("play", "hand_over", "game_over"):
        actions = state.log[-1][1]
        # The last trick as a slice of the hand's actions, found on the walk that collects the
        # played cards: a view is drawn for every page on every move, so no dict per play.
        opened, last, top = None, None, None
        # While a wish is open, who could not follow it (a lead without the wished rank, a
        # single or a pass on a single below it) has shown it holds none of that rank.
        wish, single, leading = 0, None, True
        for i, action in enumerate(actions):
            kind = action.get("type")
            if kind == "play":
                cards = action["cards"]
                played[action["seat"]].extend(cards)
                if wish or "wish" in action:
                    wish, single = _follow_wish(wish, single, leading, action, lacks)
                leading = cards == _DOG
                if leading:  # the Dog is a trick of its own
                    opened, last = None, (i, i + 1)
                else:
                    if opened is None:
                        opened = i
                    top = cards
            elif kind == "pass":
                if wish and single is not None and single < 2 * wish:
                    _lack(lacks[action["seat"]], wish)
            elif kind == "collect" or kind == "gift":
                leading = True
                # A collect closes the trick, except the Dragon's, which closes when it is given.
                if opened is not None and (kind == "gift" or top != _DRAGON):
                    opened, last = None, (opened, i)
        if opened is not None and not state.trick:  # the hand ended: its final trick was taken
            last = (opened, len(actions))
        if last is not None:
            public["last_trick"] = [{"seat": a["seat"], "cards": a["cards"]}
                                    for a in actions[last[0]:last[1]] if a.get("type") == "play"]
    if first_lead_pending:
        public["mahjong_holder"] = next(SEATS[s] for s in range(4) if state.hands[s] >> MAHJONG & 1)
    if seat is None:
        return public
    if dealing:
        public["hand"] = sorted_names(sum(1 << c for c in state.deal[seat][:8]))
    else:
        public["hand"] = sorted_names(state.hands[seat])
    given = state.exchange[seat]
    public["exchange"] = None if given is None else {
        SEATS[to]: CARD_NAMES[c] for to, c in enumerate(given) if to != seat}
    got = state.received[seat]
    public["received"] = None if got is None else {
        SEATS[giver]: CARD_NAMES[c] for giver, c in enumerate(got) if giver != seat}
    public["legal_actions"] = legal_actions(state, seat_name)
    return public
