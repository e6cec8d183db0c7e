"""The post-game review of one seat's play: each of its moves in turn re-judged by the
expert bot's playouts, on that seat's own view at that moment (its hand, what it saw
played) — never on the record's hidden cards.

For a decision, the move played, the expert's candidates and the longest play are played out to the end of
the hand on the same sampled deals (paired, as the expert compares its own candidates).
A move is marked when the best candidate beats it by more than the sampling noise (``Z``
standard errors of the paired differences) and by at least ``MIN_COST`` points of
expected hand score.

The budget is counted in playouts, not seconds, so a review is the same on any machine
for a given seed: ``SAMPLES`` sampled deals per decision, each played out once per
candidate (at most ``expert.MAX_CANDIDATES`` + 1). Each decision draws from its own
``random.Random`` seeded by (seed, hand, action), so one decision's judgement does not
depend on any other.
"""

import copy
import random

from ..engine.cards import RANK_VALUES
from . import expert, playout
from .actions import play_options
from .knowledge import Knowledge, remember
from .sampling import sample_hands

SAMPLES = 64
MIN_COST = 10
Z = 2.0


def judge(view: dict, memory: dict, played: dict, rng: random.Random) -> dict:
    """The judgement of `played` in `view` (the seat's turn in the play): the estimated
    hand score of the move played and of the best candidate, and whether it is a blunder."""
    know = Knowledge(view, memory)
    candidates = expert.shortlist(know, view["legal_actions"]) + _longest(know, view["legal_actions"])
    mine = _candidate(know, view["legal_actions"], played)
    others = []
    for candidate in candidates:
        if _key(candidate) != _key(mine) and all(_key(candidate) != _key(c) for c in others):
            others.append(candidate)
    moves = [mine] + others
    scores = _playouts(know, moves, rng)
    means = [sum(s) / len(s) for s in scores]
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    cost = means[best] - means[0]
    flagged = best != 0 and cost >= MIN_COST and _clearly_better(scores[best], scores[0])
    return {"played": played, "score": round(means[0], 1), "best": moves[best][1],
            "best_score": round(means[best], 1), "cost": round(cost) if flagged else 0,
            "flagged": flagged}


def _clearly_better(scores, baseline) -> bool:
    diffs = [a - b for a, b in zip(scores, baseline)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean > 0 and mean * mean * n > Z * Z * spread


def _longest(know, legal) -> list:
    """The play that sheds the most cards, which the expert's shortlist (cheapest moves of
    each kind) can miss: a review should ask whether going out at once was better."""
    plays = play_options(legal, know.top)
    return [max(plays, key=lambda p: (p[0][3].bit_count(), p[0][2]))] if plays else []


def _key(candidate):
    combo, _ = candidate
    return None if combo is None else (combo[3], combo[4])


def _candidate(know, legal, played: dict):
    """The played action as a (combo, action) candidate."""
    if played["type"] == "pass":
        return None, played
    cards = set(played["cards"])
    for combo, action in play_options(legal, know.top):
        if set(action["cards"]) == cards and action.get("phoenix") in (None, played.get("phoenix")):
            return combo, played
    raise ValueError("the played move is not among the legal plays")


def _playouts(know, moves, rng) -> list:
    team = know.me & 1
    scores = [[] for _ in moves]
    for _ in range(SAMPLES):
        hands = sample_hands(know, rng)
        for index, (combo, action) in enumerate(moves):
            pos = playout.Position(hands, know.me, know.top, know.top_seat, know.trick_points,
                                   know.passed, (0, 0, 0, 0), know.out, know.calls, know.wish)
            playout.play(pos, know.me, combo, RANK_VALUES.get(action.get("wish"), 0))
            scores[index].append(playout.run(pos, team))
    return scores


def decisions(views_and_actions):
    """From (view of the seat, action taken next) for every moment of a hand, in order: the
    seat's moves in its turn, each with the memory of what the seat had seen played by then."""
    memory: dict = {}
    for index, (view, action) in enumerate(views_and_actions):
        remember(view, memory)
        if (action is not None and action.get("seat") == view["seat"] and view["phase"] == "play"
                and view["turn"] == view["seat"] and action["type"] in ("play", "pass")
                and len([a for a in view["legal_actions"] if a["type"] in ("play", "pass")]) > 1):
            yield index, view, copy.deepcopy(memory), action


def seeded(seed: int, hand: int, index: int) -> random.Random:
    return random.Random(f"review:{seed}:{hand}:{index}")
