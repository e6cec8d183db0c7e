"""Generate the mahjong tile faces as SVG files under riichi/static/riichi/tiles/, and the
seat winds' marks (東 南 西 北 alone, drawn in the text's colour through a CSS mask) under
riichi/static/riichi/winds/.

Run `python -m riichi.build_tiles` after changing a design; the output is deterministic and
committed, so neither the server nor CI runs this. It needs fontTools and Debian's
fonts-droid-fallback: the kanji (東 南 西 北, 發 中 and the 萬 of the characters suit) are
copied out of that font as paths, because an SVG shown as an image may use only the fonts of
the device, and many have no Japanese font.

Design: a tile is 60x80 units and is shown as small as 26 px wide on a phone, so each number
tile is one large numeral in its suit's colour over its suit's sign — 萬 (red) for characters,
a coin (blue) for dots, a bamboo stick (green) for bamboo — never a field of small pips.
Red fives: a red numeral and sign on a pink face. Honours are their kanji alone; the white
dragon is an empty blue frame. Each tile also has a small corner letter, for those who do
not read the kanji yet.
"""

from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

OUT = Path(__file__).resolve().parent / "static" / "riichi" / "tiles"
WINDS_OUT = OUT.parent / "winds"
WIND_KANJI = {"east": "東", "south": "南", "west": "西", "north": "北"}
FONT = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
NUMERAL_FONT = "'DejaVu Sans', Arial, Helvetica, sans-serif"

W, H = 60, 80
INK = "#1d1d1b"
SUIT_COLOURS = {"m": "#b3261e", "p": "#1f4fa3", "s": "#1d7a3a"}
RED = "#d0021b"
HONOURS = {  # kind digit -> (kanji, colour, corner letter)
    "1": ("東", INK, "E"), "2": ("南", INK, "S"), "3": ("西", INK, "W"), "4": ("北", INK, "N"),
    "6": ("發", "#1d7a3a", "G"), "7": ("中", RED, "R"),
}


def _glyph(font: TTFont, char: str, x: float, y: float, size: float) -> str:
    """The character's outline as a path filling a size x size box at (x, y)."""
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(char)]
    pen = SVGPathPen(glyphs)
    em = font["head"].unitsPerEm
    scale = size / em
    # font units are y-up from the baseline; the em box's top is its ascent
    ascent = font["hhea"].ascent * em / (font["hhea"].ascent - font["hhea"].descent)
    glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, x, y + ascent * scale)))
    return pen.getCommands()


def _frame(face: str = "#fbf8ef") -> str:
    return (f'<rect x="1" y="1" width="58" height="78" rx="7" fill="#d9d2bf"/>'
            f'<rect x="1" y="1" width="58" height="74" rx="7" fill="{face}" stroke="#8a8270" stroke-width="1.2"/>')


def _corner(letter: str, colour: str) -> str:
    return (f'<text x="6" y="13" font-family="{NUMERAL_FONT}" font-size="10" font-weight="700" '
            f'fill="{colour}">{letter}</text>')


def _svg(body: str, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
            f'role="img" aria-label="{label}">{body}</svg>\n')


def _suit_sign(font, suit: str, colour: str) -> str:
    if suit == "m":
        return f'<path fill="{colour}" d="{_glyph(font, "萬", 15, 44, 30)}"/>'
    if suit == "p":
        return (f'<circle cx="30" cy="58" r="12" fill="none" stroke="{colour}" stroke-width="4"/>'
                f'<circle cx="30" cy="58" r="4.5" fill="{colour}"/>')
    return (f'<rect x="25" y="44" width="10" height="28" rx="4" fill="{colour}"/>'
            f'<rect x="23" y="56" width="14" height="3.5" rx="1.5" fill="#fbf8ef"/>')


def number_tile(font, number: int, suit: str, red: bool) -> str:
    colour = RED if red else SUIT_COLOURS[suit]
    body = _frame("#fde7e7" if red else "#fbf8ef")
    body += (f'<text x="30" y="41" text-anchor="middle" font-family="{NUMERAL_FONT}" font-size="36" '
             f'font-weight="700" fill="{colour}">{number}</text>')
    body += _suit_sign(font, suit, colour)
    if red:
        body += f'<circle cx="51" cy="10" r="4" fill="{RED}"/>'
    return body


def honour_tile(font, digit: str) -> str:
    body = _frame()
    if digit == "5":
        return body + ('<rect x="12" y="14" width="36" height="48" rx="3" fill="none" stroke="#1f4fa3" '
                       'stroke-width="4"/>') + _corner("Wh", "#1f4fa3")
    kanji, colour, letter = HONOURS[digit]
    body += f'<path fill="{colour}" d="{_glyph(font, kanji, 8, 18, 44)}"/>'
    return body + _corner(letter, colour)


def back_tile() -> str:
    return ('<rect x="1" y="1" width="58" height="78" rx="7" fill="#c8801f"/>'
            '<rect x="1" y="1" width="58" height="74" rx="7" fill="#e39b32" stroke="#8a5a16" stroke-width="1.2"/>'
            '<rect x="9" y="9" width="42" height="58" rx="4" fill="none" stroke="#f6d39a" stroke-width="2"/>')


def wind_mark(font, kanji: str) -> str:
    """A wind's kanji in black on a square just holding it, centred: the page uses it as a
    mask, as large as the text round it."""
    left, top, right, bottom = _bounds(font, kanji, 44)
    side = max(right - left, bottom - top)
    x, y = (left + right - side) / 2, (top + bottom - side) / 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:.2f} {y:.2f} {side:.2f} {side:.2f}">'
            f'<path d="{_glyph(font, kanji, 0, 0, 44)}"/></svg>\n')


def _bounds(font: TTFont, char: str, size: float) -> tuple:
    """The outline's box (left, top, right, bottom) as `_glyph` draws it at (0, 0)."""
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap()[ord(char)]].draw(pen)
    x_min, y_min, x_max, y_max = pen.bounds
    em = font["head"].unitsPerEm
    scale = size / em
    ascent = font["hhea"].ascent * em / (font["hhea"].ascent - font["hhea"].descent)
    return x_min * scale, (ascent - y_max) * scale, x_max * scale, (ascent - y_min) * scale


def build() -> int:
    font = TTFont(FONT)
    WINDS_OUT.mkdir(parents=True, exist_ok=True)
    for wind, kanji in WIND_KANJI.items():
        (WINDS_OUT / f"{wind}.svg").write_text(wind_mark(font, kanji), encoding="utf-8")
    OUT.mkdir(parents=True, exist_ok=True)
    files = {}
    for suit in "mps":
        for number in range(1, 10):
            files[f"{number}{suit}"] = number_tile(font, number, suit, red=False)
        files[f"0{suit}"] = number_tile(font, 5, suit, red=True)
    for digit in "1234567":
        files[f"{digit}z"] = honour_tile(font, digit)
    files["back"] = back_tile()
    for name, body in files.items():
        (OUT / f"{name}.svg").write_text(_svg(body, name), encoding="utf-8")
    return len(files)


if __name__ == "__main__":
    print(f"{build()} tiles written to {OUT}, the winds' marks to {WINDS_OUT}")
