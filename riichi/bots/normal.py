"""Normal: shanten first, then how many unseen tiles improve the hand; riichi when tenpai;
calls only a pon of a value honour; against a riichi with a hand far from ready, discards a
tile the riichi seat has discarded itself (genbutsu)."""

from .hand import counts_of, discard_options, pass_action, shanten, visible_counts, winning_action
from ..engine.tiles import KIND, parse

_WINDS = {"east": 27, "south": 28, "west": 29, "north": 30}


def _value_honours(view) -> set:
    seat = view["seat"]
    return {31, 32, 33, _WINDS[view["round_wind"]], _WINDS[view["seat_winds"][seat]]}


def _near(counts) -> set:
    """Kinds that can improve a hand: held ones, suit neighbours within two, and for hands
    with many terminals and honours (kokushi, seven pairs) all of those."""
    near = set()
    for k in range(34):
        if counts[k]:
            if k >= 27:
                near.add(k)
            else:
                start = k - k % 9
                near.update(range(max(start, k - 2), min(start + 9, k + 3)))
    return near


def _improving(counts, seen, current) -> int:
    total = 0
    for k in _near(counts):
        if seen[k] < 4:
            counts[k] += 1
            if shanten(counts) < current:
                total += 4 - seen[k]
            counts[k] -= 1
    return total


def _call(view):
    honours = _value_honours(view)
    for action in view["legal_actions"]:
        if action["type"] == "pon" and KIND[parse(action["tiles"][0])] in honours:
            return action
    return pass_action(view)


def _safe_discards(view, plain):
    seat = view["seat"]
    safe = set()
    for other in range(4):
        if other != seat and view["riichi"][other]:
            river = {KIND[parse(e["tile"])] for e in view["rivers"][other]}
            safe = {n for n in plain if KIND[parse(n)] in river} if not safe else \
                {n for n in safe if KIND[parse(n)] in river}
    return safe


def choose(view, rng):
    win = winning_action(view)
    if win:
        return win
    if pass_action(view):
        return _call(view)
    plain, riichi = discard_options(view)
    if not plain:
        return rng.choice(view["legal_actions"])
    counts = counts_of(view["hand"])
    seen = visible_counts(view)
    levels = {}
    for name in plain:
        k = KIND[parse(name)]
        counts[k] -= 1
        levels[name] = shanten(counts)
        counts[k] += 1
    best = min(levels.values())
    scored = []
    for name, level in levels.items():
        if level == best:
            k = KIND[parse(name)]
            counts[k] -= 1
            scored.append((level, -_improving(counts, seen, level), name))
            counts[k] += 1
    scored.sort()
    best_level = scored[0][0]
    if best_level >= 2:
        safe = _safe_discards(view, plain)
        if safe:
            return plain[sorted(safe)[0]]
    name = scored[0][2]
    if riichi.get(name):
        return riichi[name]
    return plain[name]
