"""``legal_actions``: everything a seat may do right now, as ready-to-apply actions."""

from .cards import CARD_NAMES, RANK_MASKS, RANK_NAMES, SEAT_INDEX, SEATS, cards_of, sorted_names, team_of
from .combinations import all_leads, answers, bombs, ranks_of
from .rules import obliged_by_wish


# Card names per mask of a combination, remembered: the same combinations are listed again
# and again (every listing of a hand, every bot playout), and naming them is the costliest part
# of a listing. Bounded so that a long-running process cannot grow it without limit.
_NAMES = {}
_NAMES_LIMIT = 200_000


def _names(mask):
    names = _NAMES.get(mask)
    if names is None:
        if len(_NAMES) >= _NAMES_LIMIT:
            _NAMES.clear()
        names = _NAMES[mask] = tuple(CARD_NAMES[c] for c in cards_of(mask))
    return list(names)


def play_action(seat_name: str, combo) -> dict:
    """The action that plays an internal combination tuple."""
    action = {"seat": seat_name, "type": "play", "cards": _names(combo[3])}
    if combo[4]:
        action["phoenix"] = RANK_NAMES[combo[4]]
    return action


def legal_plays(state, seat: int) -> list:
    """The combinations (internal tuples) the seat may play now, and whether it may pass."""
    hand = state.hands[seat]
    if not hand or state.phase != "play" or state.ending or state.gift_by is not None:
        return [], False
    top = state.trick[-1][1] if state.trick else None
    if seat != state.turn:
        if top is None:
            return [], False
        return bombs(hand, ranks_of(hand), top), False
    combos = all_leads(hand) if top is None else answers(hand, top)
    may_pass = top is not None
    if obliged_by_wish(state, seat):
        wished = RANK_MASKS[state.wish]
        combos = [c for c in combos if c[3] & wished]
        may_pass = False
    return combos, may_pass


def legal_actions(state, seat_name: str) -> list:
    """Every action the seat may take now.

    * Plays are listed once per distinct set of cards and Phoenix reading; a multi-card
      play with the Phoenix always names its rank in ``phoenix``. Plays with the Mahjong are
      listed without ``wish``: any rank "2".."A" may be added, or none.
    * The exchange is listed as one template, ``{"seat", "type": "exchange", "give": None,
      "hand": [...], "to": [...]}``: choose one card of ``hand`` for each seat of ``to``.
    * Server and platform actions (``collect``, ``strike``, ``expel``, ``kick``,
      ``reserve_out``, ``void``) are never listed.
    """
    seat = SEAT_INDEX[seat_name]
    phase = state.phase
    actions = []
    if phase == "grand":
        if state.grand[seat] is None:
            actions.append({"seat": seat_name, "type": "grand", "call": False})
            actions.append({"seat": seat_name, "type": "grand", "call": True})
        return actions
    if phase not in ("exchange", "play") or state.ending:
        if state.gift_by == seat:
            actions.extend(_gifts(seat))
        return actions
    if state.calls[seat] is None and state.hands[seat].bit_count() == 14:
        actions.append({"seat": seat_name, "type": "tichu"})
    if phase == "exchange":
        if state.exchange[seat] is None:
            actions.append({"seat": seat_name, "type": "exchange", "give": None,
                            "hand": sorted_names(state.hands[seat]),
                            "to": [s for s in SEATS if s != seat_name]})
        return actions
    if state.gift_by == seat:
        actions.extend(_gifts(seat))
        return actions
    combos, may_pass = legal_plays(state, seat)
    actions.extend(play_action(seat_name, combo) for combo in combos)
    if may_pass:
        actions.append({"seat": seat_name, "type": "pass"})
    return actions


def _gifts(seat):
    return [{"seat": SEATS[seat], "type": "gift", "to": SEATS[other]}
            for other in range(4) if team_of(other) != team_of(seat)]
