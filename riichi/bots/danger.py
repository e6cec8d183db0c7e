"""How dangerous a tile kind is to discard against one seat.

``danger`` (normal, 0 safe .. 6): that seat's own discards are safe (furiten), honours get
safer as copies are seen, suji halves a number tile's danger, middle tiles are the most
dangerous.

``wait_danger`` (expert): counts the waits that could still take the tile — two-sided waits
not killed by suji, closed and edge waits, pairs — and drops those that need a tile of which
every copy is in sight (kabe); tiles the seat let pass since its riichi or its last discard
are as safe as its own (it cannot ron them)."""

from riichi.bots import tiles as tk


def danger(view, seat: int, k: int) -> int:
    river = {tk.kind(entry["tile"]) for entry in view["rivers"][seat]}
    if k in river:
        return 0
    if k >= 27:
        seen = 4 - tk.unseen(view)[k]
        return max(1, 4 - seen)
    number = k % 9
    base = (k - number)
    suji = [base + n for n in (number - 3, number + 3) if 0 <= n <= 8]
    covered = all(s in river for s in suji)
    middle = 6 if 2 <= number <= 6 else 4 if number in (1, 7) else 3
    return max(1, middle // 2) if covered else middle


def passed(view, seat: int) -> set:
    """Kinds the seat cannot ron now: its river, and others' discards since its riichi (or,
    without riichi, since its last discard: furiten until it discards again)."""
    river = view["rivers"][seat]
    safe = {tk.kind(entry["tile"]) for entry in river}
    if not river:
        return safe
    since = next((i for i, entry in enumerate(river) if entry["riichi"]), len(river) - 1)
    order = (seat - int(view["dealer"])) % 4
    for other in range(4):
        if other == seat:
            continue
        later = (other - int(view["dealer"])) % 4 > order
        for i, entry in enumerate(view["rivers"][other]):
            if i > since or (i == since and later):
                safe.add(tk.kind(entry["tile"]))
    return safe


def wait_danger(view, seat: int, k: int, unseen, safe) -> float:
    if k in safe:
        return 0
    if k >= 27:
        # only a pair wait (tanki or shanpon) takes an honour
        return (0, 0.5, 1.5, 2.5, 2.5)[unseen[k]]
    n, base = k % 9, k - k % 9

    def live(*numbers):
        return all(0 <= m <= 8 and unseen[base + m] for m in numbers)
    score = 0.0
    # two-sided waits: k with k+3 (holding k+1, k+2) and k-3 with k (holding k-2, k-1); the
    # other end among the safe kinds means the wait would be furiten (suji)
    if n <= 5 and live(n + 1, n + 2) and base + n + 3 not in safe:
        score += 3
    if n >= 3 and live(n - 1, n - 2) and base + n - 3 not in safe:
        score += 3
    if 1 <= n <= 7 and live(n - 1, n + 1):
        score += 1  # closed wait
    if (n == 2 and live(0, 1)) or (n == 6 and live(7, 8)):
        score += 1  # edge wait
    score += (0, 0.3, 1, 1.5, 1.5)[unseen[k]]
    return score
