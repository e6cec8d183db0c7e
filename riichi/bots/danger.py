"""How dangerous a tile kind is to discard against one seat (0 safe .. 6): that seat's own
discards are safe (furiten), honours get safer as copies are seen, suji halves a number
tile's danger, middle tiles are the most dangerous."""

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
