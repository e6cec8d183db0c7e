"""Riichi bots: they see only their own ``view`` and answer with one of its legal actions.

``choose_action(view, strength, rng) -> action | None``

* ``strength``: ``"beginner"`` (tile efficiency: the discard that keeps the hand closest to
  ready, never calls) or ``"normal"`` (shanten and then the number of tiles that improve the
  hand, riichi when tenpai, calls only for value honours, genbutsu against a riichi).
* The result is one of ``view["legal_actions"]``, or None when the seat has nothing to
  decide. Wins are always taken. Same view and ``rng`` state, same action.
"""

import random

from . import beginner, normal

STRENGTHS = ("beginner", "normal")


def choose_action(view: dict, strength: str, rng: random.Random):
    if not view.get("legal_actions"):
        return None
    if strength == "beginner":
        return beginner.choose(view, rng)
    if strength == "normal":
        return normal.choose(view, rng)
    raise ValueError(f"unknown strength {strength!r}")
