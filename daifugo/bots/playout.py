"""Playing the rest of a hand out on rank counts, every seat following the normal policy:
the same trick, pass and lead rules as the engine, without cards' suits."""

from .policy import follow, lead


def _next_with_cards(left, seat, players):
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if left[candidate]:
            return candidate
    return None


def finish(hands, turn, top, passes, reversed_order, revolution_rule, out, first=None) -> list:
    """The finishing order of the hand from this position. ``hands`` (per seat 13 counts)
    is changed in place; ``top`` is ``(rank, size, seat)`` or None, ``passes`` the passes
    since that play; ``first`` forces the first decision (``(rank, size)``, or None to pass)
    instead of the policy's."""
    players = len(hands)
    left = [sum(h) for h in hands]
    out = list(out)
    forced = True
    while True:
        counts = hands[turn]
        if forced:
            choice = first
            forced = False
        elif top is None:
            choice = lead(counts, reversed_order, revolution_rule)
        else:
            choice = follow(counts, top[0], top[1], reversed_order, revolution_rule)
        if choice is None:
            passes += 1
            last = top[2]
            if passes >= sum(1 for s in range(players) if left[s] and s != last):
                turn = last if left[last] else _next_with_cards(left, last, players)
                top = None
                passes = 0
            else:
                turn = _next_with_cards(left, turn, players)
            continue
        rank, size = choice
        counts[rank] -= size
        left[turn] -= size
        if size == 4 and revolution_rule:
            reversed_order = not reversed_order
        top = (rank, size, turn)
        passes = 0
        if not left[turn]:
            out.append(turn)
            holding = [s for s in range(players) if left[s]]
            if len(holding) == 1:
                return out + holding
        turn = _next_with_cards(left, turn, players)
