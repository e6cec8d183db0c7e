"""The normal bot: the heuristics (``heuristic``) for its calls, the exchange, the Dragon gift
and out-of-turn bombs; on its own turn in the play, a short look ahead (``lookahead``) over
the heuristic move and two alternatives, each played out on a few sampled hidden hands.

Three candidates on four samples (twelve playouts a turn) won 0.578 and 0.571 of duplicate
hands against the normal bot before issue 26 on unused seeds. On dev deals, leaving the
heuristic move on one standard error of advantage did best: 0.63 against 0.55 at two and
0.48 at none. Decisions: p95 13 ms; the deadline only keeps an overloaded machine from
holding a table up (BENCHMARKS.md).
"""

from . import heuristic, lookahead, policy
from .actions import find
from .knowledge import Knowledge

CANDIDATES = 3
SAMPLES = 4
DEADLINE = 0.1  # seconds


def choose(view: dict, rng, memory=None):
    legal = view["legal_actions"]
    if view["phase"] != "play" or view["turn"] != view["seat"] or find(legal, "gift"):
        return heuristic.choose(view, rng, memory)
    deadline = lookahead.clock() + DEADLINE
    know = Knowledge(view, memory)
    if find(legal, "tichu") and heuristic.wants_tichu(view, know):
        return find(legal, "tichu")[0]
    candidates = lookahead.shortlist(know, legal, CANDIDATES)
    if len(candidates) == 1 or _sure_way_out(know, candidates[0][0]):
        return candidates[0][1]
    return candidates[lookahead.search(know, candidates, rng, SAMPLES, deadline)][1]


def _sure_way_out(know, combo) -> bool:
    """Whether ``combo`` wins its trick but for a bomb and leaves at most one combination:
    a line no few samples should talk the bot out of."""
    if combo is None or policy.beatable(combo, know.others()):
        return False
    rest = know.hand & ~combo[3]
    return not rest or policy.whole_hand(rest) is not None
