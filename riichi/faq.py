"""Which section of the Riichi rules page explains an engine error code (the page gives
each section below an element with that id)."""

from django.urls import reverse

SECTIONS = ("turn", "calls", "riichi", "kan", "furiten", "yaku", "draws")
SECTION_OF = {
    "not_your_turn": "turn",
    "not_in_hand": "turn",
    "kuikae": "calls",
    "cannot_call": "calls",
    "bad_meld": "calls",
    "already_answered": "calls",
    "no_call_pending": "calls",
    "riichi_must_discard_drawn": "riichi",
    "riichi_already": "riichi",
    "riichi_open_hand": "riichi",
    "riichi_points": "riichi",
    "riichi_wall": "riichi",
    "riichi_not_tenpai": "riichi",
    "cannot_kan": "kan",
    "furiten": "furiten",
    "not_a_win": "yaku",
    "not_nine_terminals": "draws",
}


def help_url(code: str) -> str | None:
    section = SECTION_OF.get(code)
    if section is None:
        return None
    page = "riichi:yaku" if section == "yaku" else "riichi:rules"
    return f"{reverse(page)}#{section}"
