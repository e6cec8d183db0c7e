"""A shuffled wall in the record's shape."""

from .state import LIVE_WALL
from .tiles import full_set, names


def shuffled_deal(rng, red_fives: bool = True) -> dict:
    """One round's wall from the caller's ``random.Random`` (all 136 tiles placed)."""
    tiles = full_set(red_fives)
    rng.shuffle(tiles)
    haipai = {str(s): names(tiles[13 * s: 13 * s + 13]) for s in range(4)}
    rest = tiles[52:]
    return {
        "haipai": haipai,
        "draws": names(rest[:LIVE_WALL]),
        "dora_indicators": names(rest[LIVE_WALL:LIVE_WALL + 5]),
        "ura_indicators": names(rest[LIVE_WALL + 5:LIVE_WALL + 10]),
        "rinshan": names(rest[LIVE_WALL + 10:LIVE_WALL + 14]),
    }
