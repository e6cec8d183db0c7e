"""Beginner: take any win, decline every call, discard for the lowest shanten."""

from .hand import counts_of, discard_options, pass_action, shanten, winning_action
from ..engine.tiles import KIND, TERMINALS_AND_HONOURS, parse


def choose(view, rng):
    win = winning_action(view)
    if win:
        return win
    declined = pass_action(view)
    if declined:
        return declined
    plain, riichi = discard_options(view)
    if not plain:
        return rng.choice(view["legal_actions"])
    counts = counts_of(view["hand"])
    best, best_key = [], None
    for name in plain:
        k = KIND[parse(name)]
        counts[k] -= 1
        # lone terminals and honours go first among equally good discards
        key = (shanten(counts), k not in TERMINALS_AND_HONOURS)
        counts[k] += 1
        if best_key is None or key < best_key:
            best, best_key = [name], key
        elif key == best_key:
            best.append(name)
    name = rng.choice(sorted(best))
    return riichi.get(name) or plain[name]
