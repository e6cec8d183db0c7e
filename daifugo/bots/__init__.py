"""Daifugo bots: they see only their own ``view`` and answer with one of its legal actions.

``choose_action(view, strength, rng, *, budget=None) -> action | None``

* ``strength``: ``"beginner"`` (random legal actions), ``"normal"`` (heuristics: low full
  sets first, keep aces and 2s to win back the lead, break sets reluctantly, reverse the
  order only when the hand is mostly low, give back low single cards), ``"expert"`` (flat
  Monte Carlo over sampled hidden hands with normal-policy playouts; ``budget`` in seconds
  of search per decision, default 0.2).
* The result is one of ``view["legal_actions"]``, the exchange template completed with the
  cards to give back, or None when the seat has nothing to decide. The forced gives of the
  Beggar and Vice-Beggar are the server's (``server_actions``), not the bots'.
* Same view and same ``rng`` state → same action, except that the expert's time budget
  makes its number of samples depend on the machine.
"""

import random

from . import beginner, expert, normal

STRENGTHS = ("beginner", "normal", "expert")


def choose_action(view: dict, strength: str, rng: random.Random, *, budget: float | None = None):
    if strength == "beginner":
        return beginner.choose(view, rng)
    if strength == "normal":
        return normal.choose(view, rng)
    if strength == "expert":
        return expert.choose(view, rng, budget=budget)
    raise ValueError(f"unknown bot strength {strength!r}")


__all__ = ["STRENGTHS", "choose_action"]
