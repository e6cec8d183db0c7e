"""Fast playouts: one hand played to its end by the normal policy at every seat, on masks.

This is a lean re-implementation of the play phase for evaluation only (the real game
always goes through the engine's ``apply``). To stay fast it leaves out what rarely
changes a hand's outcome: an out-of-turn bomb is considered only right after a play (the
normal policy's reasons to bomb do not change while the others pass), and a wish ignores
what the player gave its partner in the exchange.
"""

from tichu.engine.cards import MAHJONG, RANK_MASKS, points_of
from tichu.engine.combinations import DOG_LEAD, DRAGON_RANK, SINGLE
from tichu.engine.plays import all_leads, answers, bombs, has_bomb
from . import policy

CALL_VALUE = {"tichu": 100, "grand": 200, None: 0}
MAHJONG_BIT = 1 << MAHJONG


class Position:
    """A full-information play position; ``hands`` are the (sampled) hidden hands."""

    __slots__ = ("hands", "turn", "top", "top_seat", "trick_points", "passed", "won", "out",
                 "calls", "wish")

    def __init__(self, hands, turn, top, top_seat, trick_points, passed, won, out, calls, wish):
        self.hands = list(hands)
        self.turn = turn
        self.top = top
        self.top_seat = top_seat
        self.trick_points = trick_points
        self.passed = passed
        self.won = list(won)
        self.out = list(out)
        self.calls = list(calls)
        self.wish = wish

    def copy(self) -> "Position":
        return Position(self.hands, self.turn, self.top, self.top_seat, self.trick_points,
                        self.passed, self.won, self.out, self.calls, self.wish)


def _next_with_cards(hands, seat):
    for step in (1, 2, 3, 4):
        candidate = (seat + step) & 3
        if hands[candidate]:
            return candidate
    return None


def _over(pos) -> bool:
    out = pos.out
    return len(out) >= 3 or (len(out) == 2 and (out[0] ^ out[1]) & 1 == 0)


def _score(pos, team: int) -> int:
    """Hand score of ``team`` minus the other team's, calls included."""
    out = pos.out
    diff = [0, 0]
    if len(out) == 2:
        diff[out[0] & 1] = 200
    else:
        last = next(s for s in range(4) if s not in out)
        won = list(pos.won)
        won[out[0]] += won[last]
        won[last] = 0
        for seat in range(4):
            diff[seat & 1] += won[seat]
        diff[1 - (last & 1)] += points_of(pos.hands[last])
    first = out[0] if out else None
    for seat in range(4):
        value = CALL_VALUE[pos.calls[seat]]
        diff[seat & 1] += value if seat == first else -value
    return diff[team] - diff[1 - team]


def _end_trick(pos, winner):
    points = pos.trick_points
    top = pos.top
    if top[0] == SINGLE and top[2] == DRAGON_RANK:
        counts = [h.bit_count() for h in pos.hands]
        winner_gets = policy.gift_to(winner, counts)
        pos.won[winner_gets] += points
    else:
        pos.won[winner] += points
    pos.top = None
    pos.top_seat = None
    pos.trick_points = 0
    pos.passed = 0


def play(pos, seat, combo, wish=None):
    """``seat`` plays ``combo`` (None: pass) in ``pos``, in place; a play of the Mahjong
    wishes ``wish`` (0: no wish; None: the normal policy's wish)."""
    hands = pos.hands
    if combo is None:
        pos.passed |= 1 << seat
        top_seat = pos.top_seat
        for other in range(4):
            if other != top_seat and hands[other] and not pos.passed >> other & 1:
                pos.turn = _next_with_cards(hands, seat)
                return
        _end_trick(pos, top_seat)
        pos.turn = top_seat if hands[top_seat] else _next_with_cards(hands, top_seat)
        return
    mask = combo[3]
    hands[seat] &= ~mask
    if pos.wish and mask & RANK_MASKS[pos.wish]:
        pos.wish = 0
    if mask & MAHJONG_BIT and wish is None:
        wish = policy.wish_for(hands[seat], 0)
    if wish and not mask & RANK_MASKS[wish]:
        pos.wish = wish
    if not hands[seat]:
        pos.out.append(seat)
    if combo[0] == DOG_LEAD:
        partner = seat ^ 2
        pos.turn = partner if hands[partner] else _next_with_cards(hands, partner)
        return
    pos.top = combo
    pos.top_seat = seat
    pos.trick_points += points_of(mask)
    pos.passed = 0
    if _over(pos):
        if len(pos.out) >= 3:
            _end_trick(pos, seat)
        return
    pos.turn = _next_with_cards(hands, seat)


def _wished(pos, hand, options):
    if pos.wish and hand & RANK_MASKS[pos.wish]:
        wished = RANK_MASKS[pos.wish]
        forced = [c for c in options if c[3] & wished]
        if forced:
            return forced
    return None


def policy_move(pos, seat):
    """The normal policy's play for ``seat`` at its turn (None: pass)."""
    hand = pos.hands[seat]
    counts = [h.bit_count() for h in pos.hands]
    if pos.top is None:
        if pos.wish and hand & RANK_MASKS[pos.wish]:
            forced = _wished(pos, hand, all_leads(hand))
            if forced:
                return min(forced, key=lambda c: (policy.is_bomb(c), c[2]))
        return policy.lead(hand, seat, counts, pos.calls)
    options = answers(hand, pos.top)
    forced = _wished(pos, hand, options)
    if forced:
        return policy.follow(hand, forced, False, seat, pos.top, pos.top_seat, counts,
                             pos.calls, pos.trick_points)
    return policy.follow(hand, options, True, seat, pos.top, pos.top_seat, counts, pos.calls,
                         pos.trick_points)


def bomb_move(pos, player):
    """An out-of-turn bomb on ``player``'s play, if the normal policy throws one."""
    hands = pos.hands
    counts = None
    for step in (1, 2, 3):
        seat = (player + step) & 3
        if hands[seat] and has_bomb(hands[seat]):
            counts = counts or [h.bit_count() for h in hands]
            if policy.should_bomb(seat, pos.top_seat, counts, pos.calls, pos.trick_points):
                options = bombs(hands[seat], pos.top)
                if options:
                    return seat, min(options, key=lambda c: c[2])
    return None, None


def run(pos, team: int, limit: int = 400) -> int:
    """Play ``pos`` to the end of the hand with the normal policy; score for ``team``."""
    while not _over(pos) and limit:
        seat = pos.turn
        combo = policy_move(pos, seat)
        play(pos, seat, combo)
        if combo is not None and pos.top is not None and not _over(pos):
            bomber, bomb = bomb_move(pos, seat)
            if bomb:
                play(pos, bomber, bomb)
        limit -= 1
    return _score(pos, team)
