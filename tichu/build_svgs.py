"""Draw Tichu's card faces (its four suits and four special cards) as SVG files under
tichu/static/tichu/cards/, with the drawing of the platform's standard deck (cards/build_svgs.py).

Run `python -m tichu.build_svgs` after changing a design; the output is deterministic and
committed. Suits differ by silhouette, not only by colour: jade is a round disc with a square
hole, sword is a tall blade, pagoda is a stack of roofs, star has five points. Each special
card has its own background colour and corner icon so it is recognised at a glance even when
only the corner shows.
"""

from __future__ import annotations

import math
from pathlib import Path

from cards.build_svgs import Suit, face, frame, rank_text, svg
from cards.deck import RANKS
from tichu.deck import TICHU_SUITS

OUT = Path(__file__).resolve().parent / "static" / "tichu" / "cards"


def _star_path(outer: float = 52, inner: float = 22) -> str:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(f"{radius * math.cos(angle):.2f},{radius * math.sin(angle) + 4:.2f}")
    return f'<path d="M{"L".join(points)}Z"/>'


SUITS = {
    "jade": Suit(
        '<path fill-rule="evenodd" d="M0,-48A48,48 0 1,1 0,48A48,48 0 1,1 0,-48Z'
        'M-16,-16H16V16H-16Z"/>',
        "#17803d", "#e3f3e8"),
    "sword": Suit(
        '<path d="M0,-54L15,-36V12H34V26H9V36H-9V26H-34V12H-15V-36Z"/>'
        '<circle cx="0" cy="42" r="11"/>',
        "#1b1b1b", "#ececec"),
    "pagoda": Suit(
        '<path d="M-4,-54H4V-40H-4Z"/>'
        '<path d="M-34,-22Q-20,-24 -12,-42H12Q20,-24 34,-22L38,-30V-18H-38V-30Z"/>'
        '<path fill-rule="evenodd" d="M-18,-18H18V-4H-18ZM-5,-15H5V-4H-5Z"/>'
        '<path d="M-46,8Q-28,6 -20,-10H20Q28,6 46,8L50,0V12H-50V0Z"/>'
        '<path fill-rule="evenodd" d="M-26,12H26V28H-26ZM-6,16H6V28H-6Z"/>'
        '<path d="M-56,40Q-36,38 -28,24H28Q36,38 56,40L56,50H-56Z"/>',
        "#1a56b8", "#e3ecfa"),
    "star": Suit(_star_path(), "#c81e1e", "#fbe6e6"),
}


# Special cards. Each gets a corner icon (drawn in the same 100-unit box as suit symbols) and
# a centre illustration in card coordinates.
BIRD = (
    '<path d="M-46,6Q-20,-4 -8,-20Q0,-40 20,-40Q38,-40 42,-24L56,-18L42,-12'
    'Q40,14 14,28Q-6,36 -30,30L-52,38L-40,22Z"/>'
)
PAW = (
    '<ellipse cx="0" cy="18" rx="26" ry="22"/>'
    '<ellipse cx="-34" cy="-10" rx="11" ry="15" transform="rotate(-20 -34 -10)"/>'
    '<ellipse cx="-13" cy="-34" rx="11" ry="15" transform="rotate(-6 -13 -34)"/>'
    '<ellipse cx="13" cy="-34" rx="11" ry="15" transform="rotate(6 13 -34)"/>'
    '<ellipse cx="34" cy="-10" rx="11" ry="15" transform="rotate(20 34 -10)"/>'
)
FLAME = (
    '<path d="M0,52C-30,52 -44,30 -40,8C-36,-14 -18,-22 -14,-50C0,-36 6,-24 4,-10'
    'C12,-18 16,-28 14,-40C34,-22 44,0 40,18C36,40 22,52 0,52Z"/>'
)
DRAGON_HEAD = (
    '<path fill-rule="evenodd" d="M-54,-6L-22,-16L-10,-36L-2,-56L6,-30L24,-46L22,-22L44,-12'
    'L54,22L34,50L12,22L-18,20L-50,26L-28,8L-54,4Z'
    'M-2,-10A7,7 0 1,0 -2,4A7,7 0 1,0 -2,-10Z"/>'
)
SPECIAL_ICONS = {"mahjong": BIRD, "dog": PAW, "phoenix": FLAME, "dragon": DRAGON_HEAD}


def special_corner(name: str, colour: str, label: str | None = None) -> str:
    icon = f'<g transform="translate(35,{100 if label else 44}) scale(0.5)">{SPECIAL_ICONS[name]}</g>'
    text = rank_text(label, 35, 66, 70, colour) if label else ""
    index = f'<g fill="{colour}">{text}{icon}</g>'
    return index + f'<g transform="rotate(180 100 140)">{index}</g>'


def mahjong_card() -> str:
    ink = "#5a3a1a"
    body = (
        # a branch
        '<path d="M36,208Q90,190 134,194" stroke="#6b4a2b" stroke-width="7" fill="none" '
        'stroke-linecap="round"/>'
        '<path d="M118,192q10,-14 24,-14q-8,12 -24,14Z" fill="#3f8f4f"/>'
        '<path d="M60,202q-4,16 -20,20q4,-14 20,-20Z" fill="#3f8f4f"/>'
        # the sparrow: tail, body, wing, head, beak, eye, legs
        '<path d="M58,150L24,178L34,152L22,138Z" fill="#7a4e2a"/>'
        '<ellipse cx="100" cy="150" rx="50" ry="36" fill="#b07a45"/>'
        '<ellipse cx="106" cy="166" rx="34" ry="20" fill="#ecd9b8"/>'
        '<path d="M62,140Q96,112 128,138Q104,160 62,140Z" fill="#6e4424"/>'
        '<path d="M70,140Q96,126 118,140" stroke="#ecd9b8" stroke-width="3" fill="none"/>'
        '<circle cx="140" cy="112" r="26" fill="#8a5a30"/>'
        '<path d="M126,100Q140,84 160,98Q146,96 126,100Z" fill="#4a2e16"/>'
        '<path d="M164,108L184,116L164,122Z" fill="#e3a72f"/>'
        '<circle cx="148" cy="108" r="5" fill="#111"/><circle cx="149.5" cy="106.5" r="1.6" fill="#fff"/>'
        '<path d="M94,184L90,200M112,184L114,200" stroke="#5a3a1a" stroke-width="4" '
        'stroke-linecap="round"/>'
    )
    return frame("#f6e9c8", "#a89060") + special_corner("mahjong", ink, "1") + body


def dog_card() -> str:
    ink = "#3d4a57"
    body = (
        # a sitting dog seen from the side, facing left
        '<path d="M132,226Q164,222 166,196Q168,176 154,170" stroke="#8b5e34" stroke-width="10" '
        'fill="none" stroke-linecap="round"/>'
        '<path d="M84,236L82,150Q80,118 104,110Q130,104 140,134Q150,166 146,204L148,236Z" '
        'fill="#b98a55"/>'
        '<path d="M92,236L94,196L108,196L108,236Z" fill="#9c7140"/>'
        '<path d="M90,150Q96,124 118,124Q104,150 100,190Q88,180 90,150Z" fill="#f0e2c8"/>'
        '<ellipse cx="92" cy="96" rx="34" ry="30" fill="#b98a55"/>'
        '<path d="M66,96Q44,100 42,116Q42,128 58,128L74,124Z" fill="#b98a55"/>'
        '<ellipse cx="44" cy="114" rx="8" ry="6" fill="#222"/>'
        '<path d="M100,72Q128,66 130,96Q128,122 116,126Q108,100 100,72Z" fill="#6b4526"/>'
        '<circle cx="80" cy="92" r="5" fill="#111"/><circle cx="81.5" cy="90.5" r="1.6" fill="#fff"/>'
        '<path d="M52,124Q62,132 72,126" stroke="#5a3a1a" stroke-width="3" fill="none"/>'
        '<path d="M74,130L104,136L100,146L76,140Z" fill="#c0392b"/>'
        '<path d="M40,236H134" stroke="#7d8b99" stroke-width="4" stroke-linecap="round"/>'
    )
    return frame("#d8e3ec", "#6b7a89") + special_corner("dog", ink) + body


def phoenix_card() -> str:
    ink = "#c2410c"
    body = (
        '<defs><linearGradient id="fire" x1="0" y1="1" x2="0" y2="0">'
        '<stop offset="0" stop-color="#b91c1c"/><stop offset="0.55" stop-color="#f97316"/>'
        '<stop offset="1" stop-color="#facc15"/></linearGradient></defs>'
        # flames below, then spread wings, tail plumes, body and head
        '<path d="M60,238Q52,214 68,200Q70,216 82,220Q80,200 96,188Q98,210 110,214'
        'Q112,196 128,190Q124,210 136,218Q146,206 144,196Q160,216 142,238Z" fill="url(#fire)"/>'
        '<path d="M98,150Q70,150 52,120Q44,100 26,92Q48,88 58,100Q54,80 38,66Q62,66 72,88'
        'Q72,66 60,50Q84,58 88,86Q92,108 100,124Z" fill="url(#fire)"/>'
        '<path d="M102,150Q130,150 148,120Q156,100 174,92Q152,88 142,100Q146,80 162,66'
        'Q138,66 128,88Q128,66 140,50Q116,58 112,86Q108,108 100,124Z" fill="url(#fire)"/>'
        '<path d="M92,160Q80,190 70,206Q90,196 100,176Q110,196 130,206Q120,190 108,160Z" '
        'fill="#ea580c"/>'
        '<ellipse cx="100" cy="140" rx="14" ry="26" fill="#dc2626"/>'
        '<circle cx="100" cy="104" r="13" fill="#ef4444"/>'
        '<path d="M96,92Q100,72 110,70Q104,82 106,92Z" fill="#facc15"/>'
        '<path d="M100,110L92,120L104,114Z" fill="#facc15"/>'
        '<circle cx="104" cy="102" r="3" fill="#111"/>'
    )
    return frame("#fde7c4", "#c2410c") + special_corner("phoenix", ink) + body


def dragon_card() -> str:
    gold = "#fbbf24"
    spine = "M130,104Q150,120 136,140Q120,164 150,182Q176,202 132,228Q112,240 86,234"
    defs = (
        '<defs><linearGradient id="crimson" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#c81e1e"/><stop offset="1" stop-color="#7f1111"/>'
        '</linearGradient><linearGradient id="gold" x1="0" y1="0" x2="1" y2="1">'
        '<stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#d97706"/>'
        '</linearGradient></defs>'
    )
    # Dark red ground and a gold dragon: the one card that must stand out in any hand.
    ground = (
        '<rect x="1.5" y="1.5" width="197" height="277" rx="14" fill="url(#crimson)" '
        'stroke="#5f0b0b" stroke-width="3"/>'
        f'<rect x="8" y="8" width="184" height="264" rx="9" fill="none" stroke="{gold}" '
        'stroke-width="2"/>'
    )
    body = (
        # a serpentine golden body with scales, then the head breathing a small flame
        f'<path d="{spine}" stroke="url(#gold)" stroke-width="22" fill="none" '
        'stroke-linecap="round"/>'
        f'<path d="{spine}" stroke="#fff7d6" stroke-width="6" stroke-dasharray="3 9" fill="none"/>'
        '<path d="M136,112Q140,84 118,72L108,54L102,72Q84,68 70,76L46,80L60,90L42,100L70,102'
        'Q80,112 96,110Q110,122 124,122Z" fill="url(#gold)"/>'
        '<path d="M108,54L120,40L116,60ZM96,70L92,50L104,66Z" fill="#fff7d6"/>'
        '<circle cx="92" cy="84" r="5" fill="#7f1111"/><circle cx="93" cy="84" r="2" fill="#fff"/>'
        '<path d="M46,80Q60,86 60,90" stroke="#7f1111" stroke-width="2" fill="none"/>'
        '<path d="M42,100Q24,96 14,108Q30,106 34,112Q22,118 22,132Q36,118 48,110Z" '
        'fill="#fb923c"/>'
    )
    return defs + ground + special_corner("dragon", gold) + body


def faces() -> dict[str, str]:
    out = {f"{suit}-{rank}.svg": svg(face(rank, SUITS[suit])) for suit in TICHU_SUITS for rank in RANKS}
    out["mahjong.svg"] = svg(mahjong_card())
    out["dog.svg"] = svg(dog_card())
    out["phoenix.svg"] = svg(phoenix_card())
    out["dragon.svg"] = svg(dragon_card())
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in faces().items():
        (OUT / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
