"""Generate the standard deck's faces and the common back as SVG files under
cards/static/cards/; a game with its own deck draws it with the same parts (`Suit`, `face`,
`frame`, `svg`).

Run `python -m cards.build_svgs` after changing a design; the output is deterministic and
committed, so neither the server nor CI needs to run this.

Design constraints that shaped the numbers below:
- A card is 200x280 units and is shown as small as 44 px wide (scale 0.22), often with only
  its left half visible in a fanned hand. So the corner index (rank over suit symbol) is
  large and lives entirely in the left 68 units.
- Suits differ by silhouette, not only by colour: the standard deck uses the familiar club,
  diamond, heart and spade shapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cards.deck import RANKS, STANDARD_SUITS

OUT = Path(__file__).resolve().parent / "static" / "cards"

W, H = 200, 280
FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"


@dataclass(frozen=True)
class Suit:
    # Drawn in a 100x100 box centred on the origin.
    symbol: str
    colour: str
    # A light tint for the panel behind court cards.
    tint: str


SUITS = {
    "club": Suit(
        '<circle cx="0" cy="-24" r="22"/><circle cx="-25" cy="10" r="22"/>'
        '<circle cx="25" cy="10" r="22"/><path d="M-10,0H10V10H-10Z"/>'
        '<path d="M-4,6H4L14,50H-14Z"/>',
        "#1b1b1b", "#ececec"),
    "diamond": Suit(
        '<path d="M0,-52L38,0L0,52L-38,0Z"/>',
        "#c81e1e", "#fbe6e6"),
    "heart": Suit(
        '<path d="M0,46C-26,22 -50,4 -50,-18C-50,-38 -32,-48 -18,-46C-8,-44 -2,-36 0,-28'
        'C2,-36 8,-44 18,-46C32,-48 50,-38 50,-18C50,4 26,22 0,46Z"/>',
        "#c81e1e", "#fbe6e6"),
    "spade": Suit(
        '<path d="M0,-50C-12,-30 -50,-12 -50,12C-50,30 -32,38 -16,32C-10,29 -5,24 -3,20'
        'L-14,50H14L3,20C5,24 10,29 16,32C32,38 50,30 50,12C50,-12 12,-30 0,-50Z"/>',
        "#1b1b1b", "#ececec"),
}


def symbol(suit: Suit, x: float, y: float, size: float, flip: bool = False) -> str:
    rotate = " rotate(180)" if flip else ""
    return (
        f'<g transform="translate({x:g},{y:g}) scale({size / 100:g}){rotate}">'
        f"{suit.symbol}</g>"
    )


def frame(fill: str = "#fffdf8", stroke: str = "#b9b2a4") -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="3"/>'
    )


def rank_text(rank: str, x: float, y: float, size: float, colour: str) -> str:
    # "10" is squeezed so it occupies the same width as the other indexes.
    squeeze = ' textLength="60" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size:g}" '
        f'font-weight="bold" text-anchor="middle" fill="{colour}"{squeeze}>{rank}</text>'
    )


def corner(rank: str, suit: Suit) -> str:
    colour = suit.colour
    index = f'<g fill="{colour}">{rank_text(rank, 35, 66, 70, colour)}{symbol(suit, 35, 100, 46)}</g>'
    return index + f'<g transform="rotate(180 100 140)">{index}</g>'


# Pip positions for 2..10 on the centre column (100) and two side columns.
_L, _M, _R = 80, 100, 120
_T, _B, _C = 58, 222, 140
_ROWS4 = (58, 113, 167, 222)
PIPS = {
    "2": [(_M, _T), (_M, _B)],
    "3": [(_M, _T), (_M, _C), (_M, _B)],
    "4": [(_L, _T), (_R, _T), (_L, _B), (_R, _B)],
    "5": [(_L, _T), (_R, _T), (_M, _C), (_L, _B), (_R, _B)],
    "6": [(_L, _T), (_R, _T), (_L, _C), (_R, _C), (_L, _B), (_R, _B)],
    "7": [(_L, _T), (_R, _T), (_M, 99), (_L, _C), (_R, _C), (_L, _B), (_R, _B)],
    "8": [(_L, _T), (_R, _T), (_M, 99), (_L, _C), (_R, _C), (_M, 181), (_L, _B), (_R, _B)],
    "9": [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_M, _C)],
    "10": [(x, y) for y in _ROWS4 for x in (_L, _R)] + [(_M, 86), (_M, 194)],
}


def number_card(rank: str, suit: Suit) -> str:
    colour = suit.colour
    pips = "".join(symbol(suit, x, y, 26, flip=y > _C) for x, y in PIPS[rank])
    return frame() + corner(rank, suit) + f'<g fill="{colour}">{pips}</g>'


def ace_card(suit: Suit) -> str:
    colour = suit.colour
    ring = (
        f'<circle cx="100" cy="140" r="50" fill="{suit.tint}" stroke="{colour}" '
        f'stroke-width="3"/>'
    )
    return frame() + corner("A", suit) + ring + f'<g fill="{colour}">{symbol(suit, 100, 140, 62)}</g>'


# Head-dresses for the court cards, drawn around (100, 92).
CROWNS = {
    "K": 'M72,106L68,70L84,86L100,62L116,86L132,70L128,106Z',
    "Q": 'M74,106Q70,84 80,76Q88,92 100,72Q112,92 120,76Q130,84 126,106Z',
    "J": 'M74,106Q74,78 100,74Q126,78 126,106Z M96,74Q104,58 122,60Q110,64 104,74Z',
}


def court_card(rank: str, suit: Suit) -> str:
    colour = suit.colour
    panel = (
        f'<rect x="66" y="40" width="68" height="200" rx="10" fill="{suit.tint}" '
        f'stroke="{colour}" stroke-width="3"/>'
    )
    crown = f'<path d="{CROWNS[rank]}" fill="{colour}"/>'
    crown_dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="4" fill="#f2c14e" stroke="{colour}" stroke-width="1.5"/>'
        for x, y in ((86, 98), (100, 98), (114, 98))
    )
    letter = rank_text(rank, 100, 176, 72, colour)
    emblem = f'<g fill="{colour}">{symbol(suit, 100, 206, 30)}</g>'
    return frame() + corner(rank, suit) + panel + crown + crown_dots + letter + emblem


def face(rank: str, suit: Suit) -> str:
    if rank == "A":
        return ace_card(suit)
    if rank in CROWNS:
        return court_card(rank, suit)
    return number_card(rank, suit)


def back_card() -> str:
    pattern = (
        '<defs><pattern id="lattice" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="20" height="20" fill="#1e3a5f"/>'
        '<path d="M0,10L10,0L20,10L10,20Z" fill="none" stroke="#2f5d8f" stroke-width="2"/>'
        '<circle cx="10" cy="10" r="2.5" fill="#c9a227"/></pattern></defs>'
    )
    return (
        pattern
        + frame("#fffdf8", "#1e3a5f")
        + '<rect x="12" y="12" width="176" height="256" rx="8" fill="url(#lattice)" '
        'stroke="#c9a227" stroke-width="3"/>'
        + '<circle cx="100" cy="140" r="36" fill="#1e3a5f" stroke="#c9a227" stroke-width="4"/>'
        + '<path d="M100,110L108,132L130,140L108,148L100,170L92,148L70,140L92,132Z" '
        'fill="#c9a227"/>'
        + '<circle cx="100" cy="140" r="6" fill="#1e3a5f"/>'
    )


def svg(body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" '
        f'height="{H}">{body}</svg>\n'
    )


def faces() -> dict[str, str]:
    out = {f"standard/{suit}-{rank}.svg": svg(face(rank, SUITS[suit])) for suit in STANDARD_SUITS for rank in RANKS}
    out["back.svg"] = svg(back_card())
    return out


def main() -> None:
    for relative, text in faces().items():
        path = OUT / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
