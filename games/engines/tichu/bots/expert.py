from . import normal


def choose(view, rng, memory=None, *, budget=None):
    return normal.choose(view, rng, memory)
