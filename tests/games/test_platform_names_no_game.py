"""The platform speaks no game's language: its Python, templates, scripts and styles name no
registered game and none of a game's own words. A game's words belong in its app (tichu/,
daifugo/, riichi/), which fills the regions the platform names neutrally.

What is still left over from before this rule is listed in LEFT_OVER, file by file, with the
words it still names: the list may only shrink — a new word or a new file fails, and so does
an entry that no longer holds (once a file is cleaned, its entry goes)."""

import re
from pathlib import Path

from games import registry

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = ("games", "lobby", "ratings", "moderation", "accounts", "coins", "replay", "learn", "cards",
            "tournaments", "templates", "static")
SUFFIXES = {".py", ".html", ".js", ".css"}
# A game's own words, as they appear in identifiers and prose (a token of an identifier counts:
# `trick-top`, `is_partner`, `tileBack`).
GAME_WORDS = {
    "trick", "tricks", "bomb", "bombs", "partner", "partners", "compass", "exchange", "exchanges",
    "exchanged", "tile", "tiles", "dragon", "dragons", "phoenix", "mahjong", "wish",
}

# Issue 36 ("a neutral platform"): what still names a game, to move into the games.
LEFT_OVER = {
    # Seat rows carry is_partner, compass, team (the seat badges a game should fill instead).
    "games/presenters.py": {"compass", "daifugo", "partner", "partners", "tichu", "trick"},
    "games/templatetags/games.py": {"compass", "partner"},
    "templates/games/fragments/seat_plate.html": {"compass", "partner"},
    # The replay steps "by trick" (its links, keys and grid area), the clearing a game reports.
    "replay/positions.py": {"partner", "trick"},
    "replay/static/replay/replay.css": {"trick"},
    "replay/static/replay/replay.js": {"trick"},
    "replay/templates/replay/moment.html": {"trick"},
    "replay/templates/replay/viewer.html": {"trick"},
    "replay/views.py": {"tichu", "trick"},
    # The games' own table styles, still in the platform's stylesheet.
    "static/css/table.css": {"bomb", "compass", "daifugo", "exchange", "partner", "phoenix", "trick", "wish"},
    # The board's id #t-trick and the .trick-cards row every card game's board uses (kept:
    # many tests and scripts address them).
    "static/js/table.js": {"trick"},
    "templates/games/fragments/trick_cards.html": {"trick"},
}


def _game_words() -> set[str]:
    names = set(GAME_WORDS)
    for game in registry.GAMES.values():
        names |= _tokens(game.key) | _tokens(str(game.label))
    return names


def _tokens(text: str) -> set[str]:
    return {token.lower() for token in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)}


def _platform_files(root: Path):
    for top in PLATFORM:
        for path in sorted((root / top).rglob("*")):
            if path.suffix in SUFFIXES and "migrations" not in path.parts:
                yield path


def _named(root: Path = ROOT) -> dict[str, set[str]]:
    words = _game_words()
    found = {}
    for path in _platform_files(root):
        hits = _tokens(path.read_text(encoding="utf-8")) & words
        if hits:
            found[path.relative_to(root).as_posix()] = hits
    return found


def test_the_platform_names_no_game_beyond_what_is_left_over():
    named = _named()
    new = {path: sorted(words - LEFT_OVER.get(path, set())) for path, words in named.items()
           if words - LEFT_OVER.get(path, set())}
    assert not new, f"the platform names a game's words (move them into the game): {new}"


def test_what_is_left_over_still_holds_so_the_list_only_shrinks():
    named = _named()
    stale = {path: sorted(words - named.get(path, set())) for path, words in LEFT_OVER.items()
             if words - named.get(path, set())}
    assert not stale, f"cleaned: drop these from LEFT_OVER: {stale}"


def test_the_check_sees_a_game_word_in_a_platform_file(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "seat.html").write_text('<span class="seat-partner">{{ seat.isPartner }}</span>')
    (tmp_path / "games" / "neutral.js").write_text("const board = document.getElementById('t-board');")
    assert _named(tmp_path) == {"games/seat.html": {"partner"}}
