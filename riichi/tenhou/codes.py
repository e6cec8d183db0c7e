"""Tenhou's tile numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 the honours (East South West
North White Green Red), 51-53 the red fives; the engine's tiles are ints (riichi.engine.tiles)."""

from riichi.engine.tiles import RED_FIVES


class TenhouImportError(ValueError):
    """A log this importer cannot turn into a record (the message says why)."""


def tile_of(code) -> int:
    """The engine tile of a Tenhou number; raises ``TenhouImportError``."""
    if not isinstance(code, int) or isinstance(code, bool):
        raise TenhouImportError(f"not a tile code: {code!r}")
    if code in (51, 52, 53):
        return RED_FIVES[code - 51]
    suit, rank = divmod(code, 10)
    if suit in (1, 2, 3) and 1 <= rank <= 9:
        return (suit - 1) * 9 + rank - 1
    if suit == 4 and 1 <= rank <= 7:
        return 27 + rank - 1
    raise TenhouImportError(f"not a tile code: {code!r}")


def code_of(tile: int) -> int:
    """The Tenhou number of an engine tile."""
    if tile in RED_FIVES:
        return 51 + RED_FIVES.index(tile)
    suit, rank = divmod(tile, 9)
    return (suit + 1) * 10 + rank + 1
