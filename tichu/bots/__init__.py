"""Tichu bots: they see only their own ``view`` and answer with one of its legal actions.

``choose_action(view, strength, rng, *, budget=None, memory=None) -> action | None``

* ``strength``: ``"beginner"`` (random), ``"normal"`` (heuristics on a plan of its hand,
  ``heuristic`` and ``planner``, and on its own turns a short look ahead over three
  candidates, ``lookahead``), ``"expert"`` (samples the hidden hands consistent with what
  play revealed many times and plays candidate moves, calls, gives, gifts and bombs out with
  the heuristic policy; ``budget`` in seconds of search per decision).
* The result is one of ``view["legal_actions"]``, completed where the engine lists a template
  (the exchange's ``give``; a wish may be added to a play of the Mahjong), or None when the
  bot has nothing it wants to do now. It is never None when the seat must decide: the Grand
  Tichu call, the exchange, its turn in the play, a Dragon gift it owes.
* ``memory``: an optional dict the caller keeps per bot seat (JSON-able); the bot writes into
  it the plays it was shown, to know which cards are gone once a trick is collected, and
  which seats could not follow a wish.
* Same view, same ``rng`` state, same memory → same action (the searches of the normal and
  the expert bot are counted in playouts; only a deadline on an overloaded machine cuts them).
"""

import random

from . import beginner, expert, normal

STRENGTHS = ("beginner", "normal", "expert")


def choose_action(view: dict, strength: str, rng: random.Random, *, budget: float | None = None,
                  memory: dict | None = None):
    if strength == "beginner":
        return beginner.choose(view, rng, memory)
    if strength == "normal":
        return normal.choose(view, rng, memory)
    if strength == "expert":
        return expert.choose(view, rng, memory, budget=budget)
    raise ValueError(f"unknown bot strength {strength!r}")


__all__ = ["STRENGTHS", "choose_action"]
