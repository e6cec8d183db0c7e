"""Tile names between our records ("1m".."9z", "0m" a red five) and mjai's ("5mr" a red five,
the honours E S W N P F C)."""

_HONOURS = ("E", "S", "W", "N", "P", "F", "C")
_TO_MJAI = {f"{n}{suit}": f"{n}{suit}" for suit in "mps" for n in range(1, 10)}
_TO_MJAI |= {f"0{suit}": f"5{suit}r" for suit in "mps"}
_TO_MJAI |= {f"{n + 1}z": letter for n, letter in enumerate(_HONOURS)}
_FROM_MJAI = {mjai: ours for ours, mjai in _TO_MJAI.items()}

WINDS = {"east": "E", "south": "S", "west": "W", "north": "N"}


def to_mjai(tile: str) -> str:
    return _TO_MJAI[tile]


def from_mjai(pai) -> str | None:
    """Our name of an mjai tile; None for anything that is not one."""
    return _FROM_MJAI.get(pai) if isinstance(pai, str) else None
