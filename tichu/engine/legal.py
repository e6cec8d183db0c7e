"""``legal_actions``: everything a seat may do right now, as ready-to-apply actions."""

from itertools import chain
from operator import itemgetter

from gamekit.memos import Memo, memo

from .cards import NORMAL_MASK, RANK_MASKS, RANK_NAMES, SEAT_INDEX, SEATS, names_of, sorted_names
from . import listed
from .listed import PASS, TICHU, set_answers, single_answers
from .combinations import PAIR, SINGLE, TRIPLE
from .plays import RANK_BASES, answer_groups, bomb_groups, combos, lead_groups
from .rules import OTHER_SEATS, obliged_by_wish


class _Plays(Memo):
    """A seat's play actions by key. A play not seen before is made by the lookup itself
    (``__missing__``), so that a listing is one C loop of lookups whether or not it has new
    plays (it used to try, catch the KeyError and go through every key again)."""
    __slots__ = ("seat",)

    def __missing__(self, key):
        seat = self.seat
        return self.keep(key, listed.MADE[seat].get(key) or listed.play(seat, key))

    def make_room(self) -> None:
        self.clear()
        self.update(listed.SINGLES[self.seat])


def _plays_of(seat: int) -> _Plays:
    plays = memo(f"tichu.plays.{SEATS[seat]}", _ACTIONS_LIMIT, kind=_Plays, seat=seat)
    plays.update(listed.SINGLES[seat])
    return plays


# Play actions per seat and play key (``listed.play``), shared by every listing that contains
# them; the singles from the start (``listed.SINGLES``, also what answers to a single list).
# Beyond the singles a play is listed again mostly within its hand (a seat's answers; its
# next leads come from ``listed.LAST_LEADS``), so a seat's cache is emptied when a lead shows a
# new hand (``_lead_actions``), and bounded besides so that a long-running process cannot
# grow it without limit. Kept across hands, the ~50 plays a random hand creates survived into
# the collector's oldest generation and most of the garbage collection time of a hand
# (~60 us of ~1 ms) was walking them; dropped after their hand, they die young (~10 us).
_ACTIONS_LIMIT = 2_000
_ACTIONS = tuple(map(_plays_of, range(4)))
_KEYS = itemgetter(3)  # the keys of a group


def _play_actions(seat: int, groups: list) -> list:
    """The listed actions of the plays in ``groups``."""
    return list(map(_ACTIONS[seat].__getitem__, chain.from_iterable(map(_KEYS, groups))))


def _lead_actions(seat: int, state, hand: int) -> list:
    """The listed actions of the hand's leads: filtered from the seat's last lead of the
    same hand when there is one (``listed.LAST_LEADS``)."""
    last_leads = listed.LAST_LEADS[seat]
    key = state.deal[seat]
    last = last_leads.get(key)
    if last is not None and last[0] != hand and not hand & ~last[0]:
        gone = last[0] ^ hand
        actions = [action for action in last[1] if not action.key & gone]
    else:
        if last is None or hand & ~last[0]:
            # A new hand (of this table or another): the seat's cached plays so far are
            # mostly of hands gone: drop them now, while they are still young for the
            # garbage collector (see ``_ACTIONS``).
            kept = _ACTIONS[seat]
            kept.make_room()
            # Not remembered in ``plays._LEADS`` (but taken from it when there): the seat's
            # next leads of this hand come from these actions, and kept there until the cache
            # filled, the groups of every hand's first leads reached the collector's oldest
            # generation (collection time ~31 -> ~7 us a random hand). The same hand listed
            # again (``else``) goes through the cache and stays in it.
            actions = listed.fresh_plays(seat, lead_groups(hand, remember=False), kept)
        else:
            actions = _play_actions(seat, lead_groups(hand))
    if last is None:
        last_leads.keep(key, (hand, tuple(actions)))
    else:
        last_leads[key] = hand, tuple(actions)
    return actions


def play_action(seat_name: str, combo) -> dict:
    """The action that plays an internal combination tuple (a fresh dict)."""
    action = {"seat": seat_name, "type": "play", "cards": names_of(combo[3])}
    if combo[4]:
        action["phoenix"] = RANK_NAMES[combo[4]]
    return action


def _play_groups(state, seat: int):
    """The plays (groups of ``plays``) the seat may make now, and whether it may pass; in the
    play phase of a running hand with no gift pending (the callers check that)."""
    hand = state.hands[seat]
    if not hand:
        return [], False
    trick = state.trick
    if seat != state.turn:
        return (bomb_groups(hand, trick[-1][1]) if trick else []), False
    if trick:
        groups = answer_groups(hand, trick[-1][1])
        may_pass = True
    else:
        groups = lead_groups(hand)
        may_pass = False
    if state.wish and obliged_by_wish(state, seat):
        wished = RANK_MASKS[state.wish]
        groups = [(kind, length, rank, [key for key in keys if key & wished])
                  for kind, length, rank, keys in groups]
        may_pass = False
    return groups, may_pass


def legal_plays(state, seat: int):
    """The combinations (internal tuples) the seat may play now, and whether it may pass."""
    if state.phase != "play" or state.ending or state.gift_by is not None:
        return [], False
    groups, may_pass = _play_groups(state, seat)
    return combos(groups), may_pass


def legal_actions(state, seat_name: str) -> list:
    """Every action the seat may take now.

    * Plays are listed once per distinct set of cards and Phoenix reading; a multi-card
      play with the Phoenix always names its rank in ``phoenix``. Plays with the Mahjong are
      listed without ``wish``: any rank "2".."A" may be added, or none.
    * The exchange is listed as one template, ``{"seat", "type": "exchange", "give": None,
      "hand": [...], "to": [...]}``: choose one card of ``hand`` for each seat of ``to``.
    * The listed dicts are shared between calls (``listed``): treat them as read-only and
      copy to change one (``dict(action, wish="7")``).
    * Server and platform actions (``collect``, ``strike``, ``expel``, ``kick``,
      ``reserve_out``, ``void``) are never listed.
    """
    seat = SEAT_INDEX[seat_name]
    phase = state.phase
    if phase == "play" and not state.ending and state.gift_by is None:
        # first: the case of nearly every call
        trick = state.trick
        if trick and seat == state.turn and not state.wish and trick[-1][1][0] == SINGLE:
            hand = state.hands[seat]
            normal = hand & NORMAL_MASK  # no bomb: ``has_bomb``, inline
            if hand and not ((two := normal & normal >> 1) & two >> 2 & RANK_BASES
                             or (run := normal & normal >> 4) & run >> 8 & normal >> 16):
                # Most listings answer a single (70 of the 83 answers of a random hand): the
                # seat's higher singles straight from the hand's bytes, without groups.
                actions = single_answers(seat, hand, trick[-1][1][2])
                actions.append(PASS[seat])
                if state.calls[seat] is None and hand.bit_count() == 14:
                    actions.insert(0, TICHU[seat])  # only until the seat's first play
                return actions
        elif (trick and seat == state.turn and not state.wish
              and (trick[-1][1][0] == PAIR or trick[-1][1][0] == TRIPLE)):
            hand = state.hands[seat]
            normal = hand & NORMAL_MASK
            if hand and not ((two := normal & normal >> 1) & two >> 2 & RANK_BASES
                             or (run := normal & normal >> 4) & run >> 8 & normal >> 16):
                # answers to a pair or a triple (a tenth of the listings), likewise from
                # tables of listed plays
                top = trick[-1][1]
                actions = set_answers(seat, hand, top[0], top[2])
                actions.append(PASS[seat])
                if state.calls[seat] is None and hand.bit_count() == 14:
                    actions.insert(0, TICHU[seat])  # only until the seat's first play
                return actions
        elif not trick and seat == state.turn and state.hands[seat]:  # a lead (19 a hand)
            actions = _lead_actions(seat, state, state.hands[seat])
            if state.wish and obliged_by_wish(state, seat):
                wished = RANK_MASKS[state.wish]
                actions = [action for action in actions if action.key & wished]
            if state.calls[seat] is None and state.hands[seat].bit_count() == 14:
                actions.insert(0, TICHU[seat])  # only until the seat's first play
            return actions
        groups, may_pass = _play_groups(state, seat)
        actions = _play_actions(seat, groups) if groups else []
        if may_pass:
            actions.append(PASS[seat])
        if state.calls[seat] is None and state.hands[seat].bit_count() == 14:
            actions.insert(0, TICHU[seat])  # only until the seat's first play
        return actions
    actions = []
    if phase == "grand":
        if state.grand[seat] is None:
            actions += listed.GRAND[seat]
        return actions
    if phase not in ("exchange", "play") or state.ending:
        if state.gift_by == seat:
            actions += listed.GIFTS[seat]
        return actions
    if state.calls[seat] is None and state.hands[seat].bit_count() == 14:
        actions.append(TICHU[seat])
    if phase == "exchange":
        if state.exchange[seat] is None:
            actions.append({"seat": seat_name, "type": "exchange", "give": None,
                            "hand": sorted_names(state.hands[seat]),
                            "to": list(OTHER_SEATS[seat])})
        return actions
    if state.gift_by == seat:  # play phase, the Dragon's gift pending
        actions += listed.GIFTS[seat]
    return actions

