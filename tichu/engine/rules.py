"""``apply``: one action in, a new state and the events it caused out."""

from gamekit.memos import memo

from .cards import (CARD_IDS, CARD_NAMES, MAHJONG, PHOENIX, RANK_MASKS, RANK_NAMES, RANK_VALUES,
                    SEAT_INDEX, SEATS, TEAMS, cards_of, partner_of, team_of)
from .combinations import (DOG_LEAD, DRAGON_RANK, SINGLE, beats, describe, is_bomb, phoenix_single_rank,
                           readings)
from .errors import IllegalAction
from . import listed
from .listed import Listed
from .plays import CARD_BITS, PHOENIX_SHIFT, answer_groups
from .scoring import hand_result, is_double_victory, winner_of
from .state import APPENDED

MAHJONG_BIT = 1 << MAHJONG
PHOENIX_BIT = 1 << PHOENIX
PLATFORM_ACTIONS = ("strike", "expel", "kick", "reserve_out", "void")

# type → (required fields, optional fields)
ACTION_FIELDS = {
    "grand": ({"seat", "type", "call"}, set()),
    "exchange": ({"seat", "type", "give"}, set()),
    "tichu": ({"seat", "type"}, set()),
    "play": ({"seat", "type", "cards"}, {"wish", "phoenix"}),
    "pass": ({"seat", "type"}, set()),
    "collect": ({"type"}, set()),
    "gift": ({"seat", "type", "to"}, set()),
    "strike": ({"seat", "type"}, set()),
    "expel": ({"seat", "type"}, set()),
    "kick": ({"seat", "type"}, set()),
    "reserve_out": ({"seat", "type"}, set()),
    "void": ({"type"}, set()),
}


# type → (required keys, allowed keys, whether it names a seat): what a well-formed action
# looks like, checked first because nearly every action is well formed.
_SHAPES = {kind: (frozenset(required), frozenset(required | optional), "seat" in required)
           for kind, (required, optional) in ACTION_FIELDS.items()}


def _is_seat(value) -> bool:
    return isinstance(value, str) and value in SEAT_INDEX


def _check_shape(action) -> str:
    if type(action) is dict:
        kind = action.get("type")
        shape = _SHAPES.get(kind) if type(kind) is str else None
        if shape is not None:
            keys = action.keys()
            if (keys == shape[0] or shape[0] <= keys <= shape[1]) and (
                    not shape[2] or _is_seat(action["seat"])):
                return kind
    return _explain_shape(action)


def _explain_shape(action):
    """The error of a malformed action (or its type, when only ``_check_shape``'s quick test
    was too strict)."""
    if not isinstance(action, dict):
        raise IllegalAction("bad_action", detail="an action must be an object")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalAction("bad_action", detail="an action needs a type")
    if kind not in ACTION_FIELDS:
        raise IllegalAction("unknown_action", action_type=kind)
    required, optional = ACTION_FIELDS[kind]
    keys = set(action)
    if not required <= keys:
        missing = ", ".join(sorted(required - keys))
        raise IllegalAction("bad_action", detail=f"{kind} needs {missing}")
    if not keys <= required | optional:
        extra = ", ".join(sorted(str(k) for k in keys - required - optional))
        raise IllegalAction("bad_action", detail=f"{kind} does not take {extra}")
    if "seat" in required and not _is_seat(action["seat"]):
        raise IllegalAction("bad_seat", seat=str(action["seat"]))
    return kind


def _next_with_cards(state, seat):
    hands = state.hands
    for step in (1, 2, 3, 4):
        candidate = (seat + step) & 3
        if hands[candidate]:
            return candidate
    return None


def _replace(values, index, value):
    values = list(values)
    values[index] = value
    return tuple(values)


def apply(state, action: dict):
    """Apply ``action``; returns ``(new_state, events)``. ``state`` is never changed; an
    illegal action raises ``IllegalAction``."""
    if type(action) is Listed:  # handed out by legal_actions: well formed
        kind = action["type"]
        seat = action.seat_index
    else:
        kind = _check_shape(action)
        seat = SEAT_INDEX.get(action.get("seat"))  # checked; None for collect, void
    if state.phase == "game_over" or state.phase == "hand_over":
        raise IllegalAction(state.phase)
    new = state.evolve()
    events = []
    new._log = (APPENDED, new._log, _HANDLERS[kind](new, seat, action, events))  # see State.log
    return new, events


# --- Grand Tichu and exchange ---------------------------------------------------------------

def _grand(state, seat, action, events):
    call = action["call"]
    if not isinstance(call, bool):
        raise IllegalAction("bad_action", detail="call must be true or false")
    if state.phase != "grand":
        raise IllegalAction("wrong_phase")
    if state.grand[seat] is not None:
        raise IllegalAction("already_decided")
    state.grand = _replace(state.grand, seat, call)
    if call:
        state.calls = _replace(state.calls, seat, "grand")
    events.append({"type": "grand", "seat": SEATS[seat], "call": call})
    if None not in state.grand:
        state.phase = "exchange"
        events.append({"type": "cards_dealt"})
    return listed.GRAND[seat][call]


# the other seats' names, per seat, in seat order (and as a set, to compare a ``give`` with)
OTHER_SEATS = tuple(tuple(s for s in SEATS if s != SEATS[seat]) for seat in range(4))
_OTHER_SETS = tuple(frozenset(others) for others in OTHER_SEATS)


def _exchange(state, seat, action, events):
    give = action["give"]
    others = OTHER_SEATS[seat]
    if not isinstance(give, dict) or give.keys() != _OTHER_SETS[seat]:
        raise IllegalAction("bad_exchange")
    if state.phase != "exchange":
        raise IllegalAction("wrong_phase")
    if state.exchange[seat] is not None:
        raise IllegalAction("already_decided")
    chosen = [-1] * 4
    for to, name in give.items():
        if not isinstance(name, str) or name not in CARD_IDS:
            raise IllegalAction("unknown_card", card=str(name))
        card = CARD_IDS[name]
        if not state.hands[seat] >> card & 1:
            raise IllegalAction("not_in_hand", card=name)
        chosen[SEAT_INDEX[to]] = card
    if len(set(chosen)) != 4:
        raise IllegalAction("bad_exchange")
    state.exchange = _replace(state.exchange, seat, tuple(chosen))
    events.append({"type": "exchange_chosen", "seat": SEATS[seat]})
    if None not in state.exchange:
        _reveal_exchange(state, events)
    return {"seat": SEATS[seat], "type": "exchange", "give": {to: give[to] for to in others}}


def _reveal_exchange(state, events):
    exchange = state.exchange
    received = tuple(zip(*exchange))  # from each giver: its row of the exchange, transposed
    state.hands = tuple(hand & ~_exchanged(exchange[seat]) | _exchanged(received[seat])
                        for seat, hand in enumerate(state.hands))
    state.received = received
    state.phase = "play"
    state.turn = next(s for s in range(4) if state.hands[s] >> MAHJONG & 1)
    events.append({"type": "exchange_revealed"})
    events.append({"type": "turn", "seat": SEATS[state.turn]})


def _exchanged(cards) -> int:
    """The mask of an exchange row's cards (-1 stands for the seat itself)."""
    return sum(1 << card for card in cards if card >= 0)


# --- calls ----------------------------------------------------------------------------------

def _tichu(state, seat, action, events):
    if state.phase not in ("exchange", "play"):
        raise IllegalAction("wrong_phase")
    if state.ending:
        raise IllegalAction("hand_over")
    if state.calls[seat] is not None:
        raise IllegalAction("already_called")
    if state.hands[seat].bit_count() < 14:
        raise IllegalAction("too_late_to_call")
    state.calls = _replace(state.calls, seat, "tichu")
    events.append({"type": "tichu", "seat": SEATS[seat]})
    return listed.TICHU[seat]


# --- playing --------------------------------------------------------------------------------

def _play_guard(state):
    """Raise unless plays and passes are possible now (callers test the common case first:
    a call costs more than the test)."""
    if state.phase != "play":
        raise IllegalAction("wrong_phase")
    if state.ending:
        raise IllegalAction("hand_over")
    if state.gift_by is not None:
        raise IllegalAction("gift_pending")


# Card names of a play → their mask, for name lists seen before: most plays repeat
# earlier ones (every bot playout, every random game), and parsing them was a tenth of
# ``apply``. Only well-formed lists are kept; bounded like the other caches.
_PARSED = memo("tichu.parsed_cards", 50_000)


def _parse_cards(state, seat, names):
    if type(names) is list:
        try:
            parsed = _PARSED.get(tuple(names))
        except TypeError:  # an unhashable "name": reported below
            parsed = None
        if parsed is not None and not parsed & ~state.hands[seat]:
            return parsed
    if not isinstance(names, list) or not names:
        raise IllegalAction("bad_action", detail="cards must be a non-empty list of card names")
    cards = []
    mask = 0
    for name in names:
        if not isinstance(name, str) or name not in CARD_IDS:
            raise IllegalAction("unknown_card", card=str(name))
        card = CARD_IDS[name]
        if mask >> card & 1:
            raise IllegalAction("duplicate_card", card=name)
        cards.append(card)
        mask |= 1 << card
    for card in cards:
        if not state.hands[seat] >> card & 1:
            raise IllegalAction("not_in_hand", card=CARD_NAMES[card])
    _PARSED.keep(tuple(names), mask)
    return mask


def _rank_field(action, field, code):
    value = action.get(field)
    if value is None:
        return 0
    if not isinstance(value, str) or value not in RANK_VALUES:
        raise IllegalAction(code, rank=str(value))
    return RANK_VALUES[value]


def obliged_by_wish(state, seat) -> bool:
    """Whether the seat, in its regular turn, must play the wished rank now."""
    wish = state.wish
    if not wish:
        return False
    hand = state.hands[seat]
    wished = RANK_MASKS[wish]
    if not hand & wished:
        return False
    if not state.trick:
        return True
    return any(key & wished for group in answer_groups(hand, state.trick[-1][1]) for key in group[3])


# Readings per card mask, remembered for the same reason as ``_PARSED``. Kept as a tuple of
# int tuples, which the garbage collector stops tracking at its first look: a list would stay
# tracked, and tens of thousands of them made every full collection longer.
_READINGS = memo("tichu.readings", 50_000)


def _readings(mask):
    options = _READINGS.get(mask)
    if options is None:
        options = _READINGS.keep(mask, tuple(readings(cards_of(mask), mask)))
    return options


# A listed play's key (its cards and Phoenix rank) names a single combination, but for the
# lone Phoenix (whose rank the table decides): per key, that reading, or False. A listed play
# made in turn and beating the table (nearly every play) takes it instead of the general
# choice of ``_choose_reading``, which it would have made too; anything else goes there.
# A play new to the lead listing that made it carries that reading in its group (the same
# tuple: checked for every play of 20,000 random hands' leads) and skips this memo.
_KEY_READINGS = memo("tichu.key_readings", 50_000)


def _key_reading(key):
    mask, phoenix = key & CARD_BITS, key >> PHOENIX_SHIFT
    options = [o for o in _readings(mask) if o[4] == phoenix]
    return _KEY_READINGS.keep(key, len(options) == 1 and mask != PHOENIX_BIT and options[0])


def _choose_reading(state, seat, mask, phoenix):
    """The combination this play is, or the reason it is illegal here."""
    options = _readings(mask)
    if not options:
        raise IllegalAction("not_a_combination")
    if phoenix:
        if mask == PHOENIX_BIT or not any(o[4] == phoenix for o in options):
            raise IllegalAction("bad_phoenix", rank=RANK_NAMES[phoenix])
        options = [o for o in options if o[4] == phoenix]
    top = state.trick[-1][1] if state.trick else None
    if seat != state.turn:
        bomb = options[0]
        if not is_bomb(bomb):
            raise IllegalAction("not_your_turn")
        if top is None:
            raise IllegalAction("no_trick_to_bomb")
        if not beats(bomb, top):
            raise IllegalAction("does_not_beat")
        return bomb
    if top is None:
        return options[0] if len(options) == 1 else max(options, key=lambda o: o[2])
    if options[0][0] == DOG_LEAD:
        raise IllegalAction("dog_only_as_lead")
    if mask == PHOENIX_BIT:
        rank = phoenix_single_rank(top)
        if rank is None:
            raise IllegalAction("does_not_beat" if top[0] == SINGLE else "does_not_match")
        return (SINGLE, 1, rank, mask, 0)
    if len(options) == 1 and beats(options[0], top):
        return options[0]
    legal = [o for o in options if beats(o, top)]
    if not legal:
        if any(is_bomb(o) or (o[0] == top[0] and o[1] == top[1]) for o in options):
            raise IllegalAction("does_not_beat")
        raise IllegalAction("does_not_match")
    return max(legal, key=lambda o: o[2])


_DESCRIPTIONS = memo("tichu.descriptions", 10_000)


def _describe(combo) -> dict:
    """``describe``, remembered per kind, length, rank and Phoenix reading (a few thousand
    at most); a fresh copy each time, since events go to the caller."""
    key = (combo[0], combo[1], combo[2], combo[4])
    info = _DESCRIPTIONS.get(key)
    if info is None:
        info = _DESCRIPTIONS.keep(key, describe(combo))
    return dict(info)


def _play(state, seat, action, events):
    if state.phase != "play" or state.ending or state.gift_by is not None:
        _play_guard(state)
    hand = state.hands[seat]
    if type(action) is Listed and not action.key & CARD_BITS & ~hand:
        # a listed play names its cards in card order, with its Phoenix reading and no wish:
        # it is its own canonical form
        key = action.key
        mask = key & CARD_BITS
        phoenix = key >> PHOENIX_SHIFT
        wish = 0
        canonical = action
        combo = _KEY_READINGS.get(key)
        if combo is None:
            group = action.group  # a new play of a lead listing: its group names its reading
            combo = (group[0], group[1], group[2], mask, phoenix) if group else _key_reading(key)
        trick = state.trick
        if not (combo and seat == state.turn
                and (not trick or combo[0] != DOG_LEAD and beats(combo, trick[-1][1]))):
            combo = _choose_reading(state, seat, mask, phoenix)
    else:
        mask = _parse_cards(state, seat, action["cards"])
        wish = _rank_field(action, "wish", "bad_wish") if "wish" in action else 0
        if wish and not mask & MAHJONG_BIT:
            raise IllegalAction("bad_wish", rank=RANK_NAMES[wish])
        phoenix = _rank_field(action, "phoenix", "bad_phoenix") if "phoenix" in action else 0
        if phoenix and not mask & PHOENIX_BIT:
            raise IllegalAction("bad_phoenix", rank=RANK_NAMES[phoenix])
        canonical = {"seat": SEATS[seat], "type": "play", "cards": list(action["cards"])}
        if wish:
            canonical["wish"] = RANK_NAMES[wish]
        if phoenix:
            canonical["phoenix"] = RANK_NAMES[phoenix]
        combo = _choose_reading(state, seat, mask, phoenix)
    in_turn = seat == state.turn
    wished = state.wish
    if in_turn and wished and not mask & RANK_MASKS[wished] and obliged_by_wish(state, seat):
        raise IllegalAction("wish_must_be_fulfilled", rank=RANK_NAMES[wished])

    left = hand & ~mask
    hands = list(state.hands)  # ``_replace``, inline (a play is a third of all actions)
    hands[seat] = left
    state.hands = tuple(hands)
    event = {"type": "play", "seat": SEATS[seat], "cards": list(canonical["cards"]),
             "combination": _describe(combo)}
    if not in_turn:
        event["out_of_turn"] = True
    events.append(event)
    if wished and mask & RANK_MASKS[wished]:
        events.append({"type": "wish_fulfilled", "rank": RANK_NAMES[wished]})
        state.wish = 0
    if wish:
        events.append({"type": "wish", "seat": SEATS[seat], "rank": RANK_NAMES[wish]})
        if mask & RANK_MASKS[wish]:
            events.append({"type": "wish_fulfilled", "rank": RANK_NAMES[wish]})
        else:
            state.wish = wish
    # The hand can only end when someone goes out: before, it was still running.
    went_out = not left
    if went_out:
        state.out = state.out + (seat,)
        events.append({"type": "out", "seat": SEATS[seat], "place": len(state.out)})

    if combo[0] == DOG_LEAD:
        state.won = _replace(state.won, seat, state.won[seat] | mask)
        if went_out and _hand_ends(state, events):
            return canonical
        partner = partner_of(seat)
        state.turn = partner if state.hands[partner] else _next_with_cards(state, partner)
        events.append({"type": "dog", "seat": SEATS[seat], "lead": SEATS[state.turn]})
        return canonical

    state.trick = state.trick + ((seat, combo),)
    state.trick_cards |= mask
    state.passed = 0
    state.window = False
    if went_out and _hand_ends(state, events):
        return canonical
    after = (seat + 1) & 3
    state.turn = after if state.hands[after] else _next_with_cards(state, seat)
    return canonical


def _pass(state, seat, action, events):
    if state.phase != "play" or state.ending or state.gift_by is not None:
        _play_guard(state)
    if seat != state.turn:
        raise IllegalAction("not_your_turn")
    trick = state.trick
    if not trick:
        raise IllegalAction("cannot_pass_lead")
    if state.wish and obliged_by_wish(state, seat):
        raise IllegalAction("wish_must_be_fulfilled", rank=RANK_NAMES[state.wish])
    passed = state.passed = state.passed | 1 << seat
    events.append({"type": "pass", "seat": SEATS[seat]})
    # seats that need not answer: the trick's top and those who passed (unrolled: a pass is
    # the most frequent action)
    done = passed | 1 << trick[-1][0]
    hands = state.hands
    if (hands[0] and not done & 1 or hands[1] and not done & 2 or hands[2] and not done & 4
            or hands[3] and not done & 8):  # someone may still answer
        after = (seat + 1) & 3
        state.turn = after if hands[after] else _next_with_cards(state, seat)
    else:
        state.turn = None
        state.window = True
        events.append({"type": "bomb_window"})
    return listed.PASS[seat]


def _collect(state, seat, action, events):
    if state.phase != "play" or state.ending or not state.window:
        raise IllegalAction("nothing_to_collect")
    winner, top = state.trick[-1]
    state.window = False
    if top[0] == SINGLE and top[2] == DRAGON_RANK:
        state.gift_by = winner
        events.append({"type": "gift_pending", "seat": SEATS[winner]})
    else:  # _take_trick and _lead_after, inline: a collect closes every trick but the Dragon's
        state.won = _replace(state.won, winner, state.won[winner] | state.trick_cards)
        events.append({"type": "trick_won", "seat": SEATS[winner]})
        state.trick = ()
        state.trick_cards = 0
        state.passed = 0
        turn = state.turn = winner if state.hands[winner] else _next_with_cards(state, winner)
        events.append({"type": "turn", "seat": SEATS[turn]})
    return {"type": "collect"}


def _take_trick(state, seat, events):
    state.won = _replace(state.won, seat, state.won[seat] | state.trick_cards)
    events.append({"type": "trick_won", "seat": SEATS[seat]})
    state.trick = ()
    state.trick_cards = 0
    state.passed = 0


def _lead_after(state, winner, events):
    state.turn = winner if state.hands[winner] else _next_with_cards(state, winner)
    events.append({"type": "turn", "seat": SEATS[state.turn]})


def _gift(state, seat, action, events):
    to = action["to"]
    if not _is_seat(to):
        raise IllegalAction("bad_seat", seat=str(to))
    if state.phase != "play" or state.gift_by is None:
        raise IllegalAction("no_gift_pending")
    if seat != state.gift_by:
        raise IllegalAction("not_your_turn")
    receiver = SEAT_INDEX[to]
    if team_of(receiver) == team_of(seat):
        raise IllegalAction("gift_to_opponent")
    state.gift_by = None
    events.append({"type": "gift", "seat": SEATS[seat], "to": to})
    _take_trick(state, receiver, events)
    if state.ending:
        _score_hand(state, events)
    else:
        _lead_after(state, seat, events)
    return {"seat": SEATS[seat], "type": "gift", "to": to}


# --- end of hand and game -------------------------------------------------------------------

def _hand_ends(state, events) -> bool:
    """After a card left a hand: end the hand if it is over (three out or double victory)."""
    out = state.out
    if is_double_victory(out):
        state.turn = None
        _score_hand(state, events)
        return True
    if len(out) < 3:
        return False
    state.turn = None
    state.window = False
    if state.trick:
        top_seat, top = state.trick[-1]
        if top[0] == SINGLE and top[2] == DRAGON_RANK:
            state.ending = True
            state.gift_by = top_seat
            events.append({"type": "gift_pending", "seat": SEATS[top_seat]})
            return True
        _take_trick(state, top_seat, events)
    _score_hand(state, events)
    return True


def _score_hand(state, events):
    listed.forget_leads(state.deal)
    result = hand_result(state)
    state.ending = False
    state.results = state.results + (result,)
    state.totals = (state.totals[0] + result["score"]["NS"], state.totals[1] + result["score"]["EW"])
    events.append({"type": "hand_over", "result": result})
    winner = winner_of(state.totals, state.target)
    if winner:
        state.phase = "game_over"
        state.winner = winner
        events.append({"type": "game_over", "winner": winner})
    else:
        state.phase = "hand_over"


def _platform(state, seat, action, events):
    """Strikes and the platform's endings, counted by the match (gamekit.match); an early end
    leaves the hand unscored and the other team wins (a void: nobody)."""
    kind = action["type"]
    state.match, happened = state.match.act(kind, None if seat is None else SEATS[seat])
    events.extend(event for event in happened if event["type"] == "strike")
    end = state.match.end
    if end is not None:
        listed.forget_leads(state.deal)
        state.phase = "game_over"
        state.winner = None if seat is None else TEAMS[1 - team_of(seat)]
        state.turn = None
        state.window = False
        events.append({"type": "game_over", "winner": state.winner, "reason": end["reason"]})
    if seat is None:
        return {"type": kind}
    return {"seat": SEATS[seat], "type": kind}


_HANDLERS = {
    "grand": _grand,
    "exchange": _exchange,
    "tichu": _tichu,
    "play": _play,
    "pass": _pass,
    "collect": _collect,
    "gift": _gift,
    "strike": _platform,
    "expel": _platform,
    "kick": _platform,
    "reserve_out": _platform,
    "void": _platform,
}
