"""Expert: flat Monte Carlo over determinisations. Each sample deals the hidden cards
consistently with the view (``sampling``); every candidate play (each rank and size, and
passing) is then played out to the end of the hand with the normal policy for all seats,
on the same sample, and the play with the best average finishing points is chosen. The
exchange's give-back uses the normal heuristics."""

import time

from ..engine.cards import CARD_IDS, rank_of
from . import normal
from .hands import top_of
from .playout import finish
from .sampling import Knowledge

DEFAULT_BUDGET = 0.2
MAX_SAMPLES = 400


def candidates(legal) -> list:
    """The distinct decisions among the legal actions: ``(rank, size)`` or None (pass)."""
    options = []
    for action in legal:
        if action["type"] == "pass":
            options.append(None)
        else:
            option = (rank_of(CARD_IDS[action["cards"][0]]), len(action["cards"]))
            if option not in options:
                options.append(option)
    return options


def choose(view, rng, budget=None):
    legal = view.get("legal_actions") or []
    if not legal:
        return None
    if legal[0]["type"] == "give":
        return normal.give_back(legal[0])
    options = candidates(legal)
    if len(options) == 1:
        return normal.play_action(view, options[0])
    budget = DEFAULT_BUDGET if budget is None else budget
    deadline = time.perf_counter() + budget
    knowledge = Knowledge(view)
    me = knowledge.me
    players = knowledge.players
    top = top_of(view)
    out = [view["seats"].index(seat) for seat in view["out"]]
    totals = [0] * len(options)
    samples = 0
    while samples < MAX_SAMPLES and (samples == 0 or time.perf_counter() < deadline):
        hands = knowledge.sample(rng)
        for i, option in enumerate(options):
            order = finish([h[:] for h in hands], me, top, len(view["passed"]), view["reversed"],
                           view["revolution_rule"], out, first=option)
            totals[i] += players - 1 - order.index(me)
        samples += 1
    preferred = normal.policy_choice(view)
    best = max(range(len(options)), key=lambda i: (totals[i], options[i] == preferred))
    return normal.play_action(view, options[best])
