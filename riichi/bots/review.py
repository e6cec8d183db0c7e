"""The post-game review of one seat's decisions: each compared with the expert bot's choice
on that seat's own view at that moment, and, where they differ, both played out to the end of
the round on the same sampled deals — never on the record's hidden tiles.

Judged: every turn with a choice (a discard, a riichi, a win by tsumo, a kan) and every call
window where the seat could call (ron, pon, chi, an open kan, or passing). A sampled deal
keeps all the seat can see (its hand, the rivers, the melds, the dora indicators, the
scores) and shares the other tiles out at random among the other hands and the walls
(``determinize``; a seat in riichi is dealt a wait it has not discarded); after the choice
the round is played out, the seat under review by the expert and the others by the beginner
policy (shanten-greedy, wins when it can, riichi when tenpai: ten times faster than the
normal bot, and the others are only the table the choice meets). The score is the seat's
points won or lost in the round; the choice made is marked when the expert's beats it by
more than the sampling noise and by at least ``MIN_COST`` points.

The budget is counted in playouts: ``SAMPLES`` deals a decision where the choices differ,
each played out once per choice with the same playout rng, so a review is the same on any
machine for a seed. A decision where the seat chose as the expert would is not played out:
it cannot be marked.
"""

import random

from gamekit import verdict as measure

from ..engine import apply, view as view_of
from ..engine.play import reopen_window
from ..engine.shapes import waits
from ..engine.state import LIVE_WALL
from ..engine.tiles import CODES, KIND, counts34, full_set
from . import choose_action
from .tiles import seen

SAMPLES = 48
MIN_COST = 300
OTHERS = "beginner"
# the record's discards may say which copy left the hand; a choice is the same without it
_SAME = ("type", "tile", "riichi", "kind")


def judge(state, seat: int, played: dict, rng: random.Random) -> dict:
    """The verdict on ``played`` at ``state``, where ``seat`` decides: the expert's choice
    on the seat's view, and when it differs, the expected points of both on deals whose
    hidden part is drawn anew from that view (``determinize``)."""
    view = view_of(state, seat)
    best = choose_action(view, "expert", rng)
    if same(played, best):
        return {"played": played, "best": best, "score": None, "best_score": None, "cost": 0, "flagged": False}
    hidden = _hidden(view)
    start = state.scores[seat]

    def sample(r):
        return determinize(state, view, hidden, r), r.getrandbits(32)

    def score(dealt, action):
        position, playout_seed = dealt
        return play_out(apply(position, action)[0], seat, random.Random(playout_seed)).scores[seat] - start

    scores = measure.paired(rng, sample, [played, best], score, SAMPLES)
    return measure.verdict([played, best], scores, MIN_COST)


def same(a: dict, b: dict) -> bool:
    def key(action):
        return tuple(action.get(k) for k in _SAME) + (tuple(sorted(action.get("tiles", ()))),)
    return key(a) == key(b)


def _hidden(view) -> list:
    """Every tile the seat cannot see, in a fixed order (the full set less its hand, the
    rivers, the melds and the dora indicators shown)."""
    left = full_set(view["rules"]["red_fives"])
    for name in seen(view):
        left.remove(CODES[name])
    return sorted(left)


def determinize(state, view, hidden, rng):
    """A state the seat could not tell from ``state``: its hidden tiles dealt anew into the
    other hands, the rest of the live wall and the dead wall; what only the other seats know
    (their furiten, their options in a call window) follows their new hands."""
    seat = view["seat"]
    pool = hidden[:]
    rng.shuffle(pool)

    def take(n):
        taken = pool[-n:] if n else []
        del pool[len(pool) - n:]
        return taken

    new = state.evolve()
    for other in range(4):  # a riichi is tenpai: its hand is dealt a wait first
        if other != seat and state.riichi[other]:
            new.hands[other] = _tenpai_hand(pool, len(state.hands[other]), view["rivers"][other], rng)
    for other in range(4):
        if other != seat and not state.riichi[other]:
            new.hands[other] = take(len(state.hands[other]))
    wall = state.wall
    # the record's copy of the round (its wall, its actions) is left behind: a playout's
    # rules never read it, and the sampled state holds no hidden tile of the real one
    new.deal, new.log, new.actions = {}, [], []
    new.wall = {
        "haipai": [],
        "draws": wall["draws"][:state.draw_pos] + take(LIVE_WALL - state.draw_pos),
        "dora": wall["dora"][:state.dora_shown] + take(5 - state.dora_shown),
        "ura": take(5),
        "rinshan": wall["rinshan"][:state.kans] + take(4 - state.kans),
    }
    assert not pool, "the seat's view and the state disagree on the hidden tiles"
    new.furiten_temp = [flag if s == seat else False for s, flag in enumerate(state.furiten_temp)]
    new.furiten_riichi = [flag if s == seat else False for s, flag in enumerate(state.furiten_riichi)]
    if state.step == "calls":
        new = reopen_window(new)
    return new


def _tenpai_hand(pool, size, river, rng, tries=40) -> list:
    """``size`` tiles taken from ``pool`` that wait on a tile not in ``river`` (a riichi
    that is not furiten): sets and a pair built at random, one tile of them left out; after
    ``tries`` failures, any tiles."""
    discarded = {KIND[CODES[entry["tile"]]] for entry in river}
    for _ in range(tries):
        left = counts34(pool)
        kinds = []
        for _ in range((size - 1) // 3):
            k = KIND[rng.choice(pool)]
            if k < 27 and k % 9 <= 6 and left[k] and left[k + 1] and left[k + 2] and (left[k] < 3 or rng.random() < 0.6):
                group = (k, k + 1, k + 2)
            elif left[k] >= 3:
                group = (k, k, k)
            else:
                break
            for g in group:
                left[g] -= 1
            kinds.extend(group)
        else:
            pairs = [k for k in range(34) if left[k] >= 2]
            if not pairs:
                continue
            pair = rng.choice(pairs)
            kinds.extend((pair, pair))
            kinds.remove(rng.choice(kinds))
            held = [0] * 34
            for k in kinds:
                held[k] += 1
            wait = waits(held)
            if wait and not discarded.intersection(wait):
                hand = []
                for k in kinds:
                    tile = next(t for t in pool if KIND[t] == k)
                    pool.remove(tile)
                    hand.append(tile)
                return hand
    hand = pool[:size]
    del pool[:size]
    return hand


def play_out(state, me, rng):
    """The round played to its end: the seat under review as the expert, the others by the
    playout policy."""
    while state.phase == "play":
        if state.step == "calls":
            window = state.window
            seat = next(int(s) for s in window["options"] if s not in window["answers"])
        else:
            seat = state.turn
        state, _ = apply(state, choose_action(view_of(state, seat), "expert" if seat == me else OTHERS, rng))
    return state


def seeded(seed: int, hand: int, index: int) -> random.Random:
    return random.Random(f"riichi-review:{seed}:{hand}:{index}")
