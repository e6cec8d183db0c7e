"""Tile names of the view ("1m".."7z", red "0m") as 34-kind indices, and what a bot counts
with them: unseen tiles, value honours, what a tile is worth keeping."""

SUITS = "mpsz"
WINDS = {"east": 27, "south": 28, "west": 29, "north": 30}
DRAGONS = (31, 32, 33)


def kind(name: str) -> int:
    number = int(name[0]) or 5
    return SUITS.index(name[1]) * 9 + number - 1


def is_red(name: str) -> bool:
    return name[0] == "0"


def counts(names) -> list:
    c = [0] * 34
    for name in names:
        c[kind(name)] += 1
    return c


def dora_kind(indicator: str) -> int:
    k = kind(indicator)
    if k < 27:
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


def seen(view) -> list:
    """Every tile this seat can see: its hand, all rivers, melds and dora indicators."""
    tiles = list(view.get("hand") or []) + list(view["dora_indicators"])
    for river in view["rivers"]:
        tiles.extend(entry["tile"] for entry in river if not entry["called"])
    for melds in view["melds"]:
        for meld in melds:
            tiles.extend(meld["tiles"])
    return tiles


def unseen(view) -> list:
    """4 minus every copy this seat can see, per kind."""
    left = [4] * 34
    for name in seen(view):
        left[kind(name)] -= 1
    return [max(0, n) for n in left]


def value_kinds(view, me: int) -> set:
    return set(DRAGONS) | {WINDS[view["round_wind"]], WINDS[view["seat_winds"][me]]}


def neighbours(c) -> list:
    """Kinds a draw of which could improve the hand: those held and their suit neighbours."""
    near = set()
    for k in range(34):
        if c[k]:
            near.add(k)
            if k < 27:
                for d in (-2, -1, 1, 2):
                    if 0 <= k % 9 + d <= 8:
                        near.add(k + d)
    return sorted(near)


def keep_value(view, me: int, k: int, name: str, c) -> int:
    """What discarding this tile gives up beyond shape (lower goes first): dora, red fives,
    value honours held twice or more; isolated honours and terminals go early."""
    doras = [dora_kind(i) for i in view["dora_indicators"]]
    value = 3 * doras.count(k) + (2 if is_red(name) else 0)
    if k >= 27:
        value += 2 if k in value_kinds(view, me) and c[k] >= 2 else -1
    elif k % 9 in (0, 8):
        value -= 1
    return value


def hand_value(view, me: int, c) -> int:
    """A rough han count: dora and red fives held or melded, value honour sets, riichi."""
    doras = [dora_kind(i) for i in view["dora_indicators"]]
    names = list(view["hand"]) + [t for m in view["melds"][me] for t in m["tiles"]]
    value = sum(doras.count(kind(n)) for n in names) + sum(1 for n in names if is_red(n))
    melded = counts([t for m in view["melds"][me] for t in m["tiles"]])
    value += sum(1 for k in value_kinds(view, me) if c[k] + melded[k] >= 3)
    if all(m["type"] == "closed" for m in view["melds"][me]):
        value += 1
    return value
