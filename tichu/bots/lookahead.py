"""Looking ahead from a turn of the play: a shortlist of candidate moves, each played out to
the end of the hand with the normal policy at every seat, on the same sampled hidden hands
(``sampling``), so that their difference is measured and not the luck of the deal. The
heuristic move is replaced only by one whose advantage stands clear of the sampling noise.

Shared by the normal bot (a few candidates, a few samples) and the expert (more of both, and
its calls, gifts and bombs), and by the review (the expert's shortlist). Searches are counted
in samples, so the same view and rng give the same move on any machine; a deadline only cuts
a search short on an overloaded machine.
"""

import time

from ..engine.cards import RANK_VALUES
from ..engine.combinations import DOG_LEAD, SINGLE
from . import heuristic, playout, policy
from .actions import find, play_options
from .sampling import sample_hands

MAX_CANDIDATES = 8
CONFIDENCE = 1.0
MIN_SAMPLES = 4

clock = time.perf_counter  # a name of its own so that a test can stand in a fake clock


def shortlist(know, legal, limit: int = MAX_CANDIDATES) -> list:
    """(combo or None for a pass, action) to compare, at most ``limit``: the heuristic move
    first, then a pass, the cheapest move of each kind, the strongest single and the smallest
    bomb."""
    choice_combo, choice_action = heuristic.policy_choice(know, legal)
    if choice_combo is not None:
        choice_action = heuristic.with_wish(choice_action, know)
    found = [(choice_combo, choice_action)]
    masks = {None if choice_combo is None else choice_combo[3]}
    pairs = sorted(play_options(legal, know.top), key=lambda p: (p[0][2], p[0][3].bit_count()))

    def add(combo, action):
        key = None if combo is None else combo[3]
        if key not in masks and len(found) < limit:
            masks.add(key)
            found.append((combo, action if combo is None else heuristic.with_wish(action, know)))

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


def search(know, candidates, rng, samples: int, deadline: float) -> int:
    """Index of the candidate with the best mean playout score, where it beats the heuristic
    move (index 0) by more than the noise of the sample; otherwise 0."""
    scores = compare(know, candidates, [know.calls] * len(candidates), rng, samples, deadline)
    best = max(range(len(candidates)), key=lambda i: (sum(scores[i]), -i))
    return best if best and better(scores[best], scores[0]) else 0


def compare(know, candidates, call_sets, rng, samples: int, deadline: float) -> list:
    """Per candidate, the playout scores of (candidate, calls) on the same ``samples``
    sampled hands."""
    def score(hands, index):
        return move_score(know, hands, candidates[index], call_sets[index])

    return paired(rng, lambda r: sample_hands(know, r), range(len(candidates)), score, samples, deadline)


def move_score(know, hands, candidate, calls) -> int:
    """The hand score for my team of ``candidate`` (combo or None, action) played now on the
    dealt ``hands``, with ``calls``, the rest of the hand played by the normal policy."""
    combo, action = candidate
    pos = playout.Position(hands, know.me, know.top, know.top_seat, know.trick_points,
                           know.passed, (0, 0, 0, 0), know.out, calls, know.wish)
    playout.play(pos, know.me, combo, RANK_VALUES.get(action.get("wish"), 0))
    return playout.run(pos, know.me & 1)


def better(scores, baseline, confidence=CONFIDENCE) -> bool:
    """Whether ``scores`` beat ``baseline`` (paired, sample by sample) by ``confidence``
    standard errors."""
    diffs = [a - b for a, b in zip(scores, baseline)]
    n = len(diffs)
    if n < MIN_SAMPLES:  # a search the deadline cut short: too few samples to judge a spread
        return False
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean * mean * n > confidence * confidence * spread


def paired(rng, sample, options, score, samples: int, deadline: float) -> list:
    """Per option, its scores on the same ``samples`` deals: ``sample(rng)`` draws one,
    ``score(deal, option)`` plays it out. Cut at ``deadline`` on an overloaded machine,
    looked at after every playout so as to overrun it by one playout at most; a deal not yet
    played out for every option is left out."""
    scores = [[] for _ in options]
    for _ in range(samples):
        deal = sample(rng)
        for slot, option in enumerate(options):
            scores[slot].append(score(deal, option))
            if clock() > deadline:
                complete = len(scores[-1])
                return [s[:complete] for s in scores]
    return scores
