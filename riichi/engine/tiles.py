"""Tile codes.

Inside the engine a tile is a small int: 0-8 man, 9-17 pin, 18-26 sou, 27-33 the honours
East South West North White Green Red (the mahjong package's 34-kind index), and 34-36 the red
fives of man, pin and sou, so that a red five stays a distinct tile while ``kind`` folds it
into its plain five for shapes. Records and views use the strings ``1m``..``9z``/``0m``.
"""

RED_FIVES = (34, 35, 36)
FIVE_OF_RED = {34: 4, 35: 13, 36: 22}
SUITS = "mpsz"
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS_AND_HONOURS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


KIND = tuple(range(34)) + (4, 13, 22)
"""``KIND[tile]`` is ``kind(tile)`` without a call, for the hot loops."""


def kind(tile: int) -> int:
    return KIND[tile]


def name(tile: int) -> str:
    if tile >= 34:
        return "0" + "mps"[tile - 34]
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


CODES = {name(t): t for t in range(37)}


def parse(text) -> int:
    """The tile for a record string; ``None`` when it is not a tile name."""
    if isinstance(text, str):
        return CODES.get(text)
    return None


NAMES = tuple(name(t) for t in range(37))
# a red five sorts right after the plain fives of its suit
SORT_KEYS = tuple(KIND[t] + (0.5 if t >= 34 else 0.0) for t in range(37))
sort_key = SORT_KEYS.__getitem__


def names(tiles) -> list:
    return [NAMES[t] for t in tiles]


def full_set(red_fives: bool) -> list:
    """The 136 tiles of a set, with one red five per suit replacing a plain five when enabled."""
    tiles = []
    for k in range(34):
        tiles.extend([k] * 4)
    if red_fives:
        for red in RED_FIVES:
            tiles.remove(FIVE_OF_RED[red])
            tiles.append(red)
    return tiles


def counts34(tiles) -> list:
    counts = [0] * 34
    for t in tiles:
        counts[KIND[t]] += 1
    return counts
