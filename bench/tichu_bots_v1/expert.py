"""The expert bot: in its turn, it samples the hidden hands many times and plays each
candidate move out to the end of the hand with the normal policy at every seat (flat Monte
Carlo over determinizations). Every candidate is played on the same samples so that their
difference is measured, not the luck of the deal, and the normal move is replaced only by
one whose advantage stands clear of the sampling noise.

A small Tichu is called where the normal bot would, or where the playouts of its first move
score better with the call than without. The Grand Tichu call, the exchange, the Dragon gift
and out-of-turn bombs use the normal bot's judgement.

The search is counted in playouts (``budget`` × ``PLAYOUTS_PER_SECOND``) rather than timed,
so the same view and rng give the same move on any machine; a deadline (``DEADLINE_FACTOR``
× budget, at least ``MIN_DEADLINE`` seconds) only cuts a search short on an overloaded
machine, to keep a table from waiting.
"""

import time

from tichu.engine.cards import RANK_VALUES
from tichu.engine.combinations import DOG_LEAD, SINGLE
from . import calls, normal, playout, policy
from .actions import find, play_options
from .knowledge import Knowledge
from .sampling import sample_hands

DEFAULT_BUDGET = 0.5
PLAYOUTS_PER_SECOND = 400
DEADLINE_FACTOR = 1.8
MIN_DEADLINE = 0.9
MAX_CANDIDATES = 8
TICHU_SEARCH_FROM = 1.5
CONFIDENCE = 1.0
MIN_SAMPLES = 4


def choose(view: dict, rng, memory=None, *, budget=None):
    legal = view["legal_actions"]
    if view["phase"] != "play" or view["turn"] != view["seat"] or find(legal, "gift"):
        return normal.choose(view, rng, memory)
    know = Knowledge(view, memory)
    budget = DEFAULT_BUDGET if budget is None else budget
    candidates = shortlist(know, legal)
    if find(legal, "tichu") and wants_tichu(view, know, candidates[0], rng, budget):
        return find(legal, "tichu")[0]
    if len(candidates) == 1:
        return candidates[0][1]
    return candidates[search(know, candidates, rng, budget)][1]


def wants_tichu(view, know, move, rng, budget) -> bool:
    """Call when the playouts of the normal move score better with the call than without;
    hands too weak to ever go out first are not searched."""
    if know.calls[know.me ^ 2] or know.out:
        return False
    if normal.wants_tichu(view, know):
        return True
    if calls.controls(know.hand) < TICHU_SEARCH_FROM:
        return False
    with_call = list(know.calls)
    with_call[know.me] = "tichu"
    scores = _compare(know, [move, move], [with_call, know.calls], rng, budget / 2)
    return _better(scores[0], scores[1])


def shortlist(know, legal) -> list:
    """(combo or None for a pass, action) to compare: the normal policy's move first, then
    the cheapest move of each kind, the strongest single and the smallest bomb."""
    choice_combo, choice_action = normal.policy_choice(know, legal)
    if choice_combo is not None:
        choice_action = normal.with_wish(choice_action, know)
    found = [(choice_combo, choice_action)]
    masks = {None if choice_combo is None else choice_combo[3]}
    pairs = sorted(play_options(legal, know.top), key=lambda p: (p[0][2], p[0][3].bit_count()))

    def add(combo, action):
        key = None if combo is None else combo[3]
        if key not in masks and len(found) < MAX_CANDIDATES:
            masks.add(key)
            found.append((combo, action if combo is None else normal.with_wish(action, know)))

    passes = find(legal, "pass")
    if passes:
        add(None, passes[0])
    normal_plays = [p for p in pairs if not policy.is_bomb(p[0])]
    if know.top is None:
        lowest = {}
        for combo, action in normal_plays:
            lowest.setdefault((combo[0], combo[1]), (combo, action))
        for combo, action in sorted(lowest.values(), key=lambda p: (p[0][0] != DOG_LEAD, p[0][2])):
            add(combo, action)
    else:
        for combo, action in normal_plays[:2]:
            add(combo, action)
    singles = [p for p in normal_plays if p[0][0] == SINGLE]
    if singles:
        add(*singles[-1])
    bombs = [p for p in pairs if policy.is_bomb(p[0])]
    if bombs:
        add(*bombs[0])
    return found


def search(know, candidates, rng, budget: float) -> int:
    """Index of the candidate with the best mean playout score, where it beats the normal
    move (index 0) by more than the noise of the sample; otherwise 0."""
    scores = _compare(know, candidates, [know.calls] * len(candidates), rng, budget)
    best = max(range(len(candidates)), key=lambda i: (sum(scores[i]), -i))
    return best if best and _better(scores[best], scores[0]) else 0


def _better(scores, baseline) -> bool:
    """Whether ``scores`` beat ``baseline`` (paired, sample by sample) by ``CONFIDENCE``
    standard errors."""
    diffs = [a - b for a, b in zip(scores, baseline)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean * mean * n > CONFIDENCE * CONFIDENCE * spread


def _compare(know, candidates, call_sets, rng, budget: float) -> list:
    """Per candidate, the playout scores of (candidate, calls) on the same sampled hands."""
    started = time.perf_counter()
    deadline = started + max(DEADLINE_FACTOR * budget, MIN_DEADLINE)
    samples = max(MIN_SAMPLES, int(budget * PLAYOUTS_PER_SECOND) // len(candidates))
    team = know.me & 1
    scores = [[] for _ in candidates]
    for _ in range(samples):
        hands = sample_hands(know, rng)
        for index, (combo, action) in enumerate(candidates):
            pos = playout.Position(hands, know.me, know.top, know.top_seat, know.trick_points,
                                   know.passed, (0, 0, 0, 0), know.out, call_sets[index], know.wish)
            playout.play(pos, know.me, combo, RANK_VALUES.get(action.get("wish"), 0))
            scores[index].append(playout.run(pos, team))
        if time.perf_counter() > deadline:
            break
    return scores
