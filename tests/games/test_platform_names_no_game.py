"""The platform speaks no game's language: its Python, templates, scripts and styles name no
registered game and none of a game's own words, and nothing of it defaults to a game. A
game's words belong in its app (tichu/, daifugo/, riichi/), which fills the regions the
platform names neutrally (the board, the rack, the seats' badges, the status bar)."""

import importlib
import inspect
import pkgutil
import re
import types
from pathlib import Path

from django.apps import apps

from games import registry

ROOT = Path(__file__).resolve().parents[2]
PLATFORM_APPS = ("games", "lobby", "accounts", "ratings", "moderation", "coins", "cards", "replay", "learn",
                 "tournaments", "gamekit")
PLATFORM = PLATFORM_APPS + ("templates", "static")
SUFFIXES = {".py", ".html", ".js", ".css"}
# A game's own words, as they appear in identifiers and prose (a token of an identifier counts:
# `trick-top`, `is_partner`, `tileBack`).
GAME_WORDS = {
    "trick", "tricks", "bomb", "bombs", "partner", "partners", "compass", "exchange", "exchanges",
    "exchanged", "tile", "tiles", "dragon", "dragons", "phoenix", "mahjong", "wish", "president",
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
            if path.suffix in SUFFIXES and not {"migrations", "locale"} & set(path.parts):
                yield path


def _lines_naming(words: set[str], paths, root: Path) -> list[str]:
    """Every line of `paths` that names one of `words`, as "file:line: words"."""
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if hits := _tokens(line) & words:
                found.append(f"{path.relative_to(root).as_posix()}:{number}: {', '.join(sorted(hits))}")
    return found


def _named(root: Path = ROOT) -> list[str]:
    """Every line of the platform that names a game's word."""
    return _lines_naming(_game_words(), _platform_files(root), root)


def test_the_platform_names_no_game_and_no_games_words():
    named = _named()
    assert not named, "the platform names a game's words (move them into the game):\n" + "\n".join(named)


# The table's scripts serve every game, so they also name no kind of piece: what a player
# chooses among is a "piece" on a "rack" there, whether the game deals cards or tiles.
PIECE_WORDS = {"card", "cards", "hand", "hands"}


def _scripts_naming_pieces(root: Path = ROOT) -> list[str]:
    scripts = [path for path in sorted((root / "static" / "js").glob("*.js")) if not path.name.endswith(".min.js")]
    return _lines_naming(PIECE_WORDS, scripts, root)


def test_the_table_scripts_name_no_kind_of_piece():
    named = _scripts_naming_pieces()
    assert not named, "a table script names a kind of piece:\n" + "\n".join(named)


def test_the_piece_check_sees_a_card_in_a_script(tmp_path):
    (tmp_path / "static" / "js").mkdir(parents=True)
    (tmp_path / "static" / "js" / "pick.js").write_text('const box = "[data-piece]";\nlet focusedCard = null;')
    (tmp_path / "static" / "js" / "htmx.min.js").write_text("card")
    assert _scripts_naming_pieces(tmp_path) == ["static/js/pick.js:2: card"]


def test_the_check_sees_a_game_word_in_a_platform_file(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "seat.html").write_text('<p>\n<span class="seat-partner">{{ seat.isPartner }}</span>')
    (tmp_path / "games" / "neutral.js").write_text("const board = document.getElementById('t-board');")
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "table.css").write_text(".board {}\n/* Daifugo */\n.t-trick .tile {}")
    assert _named(tmp_path) == ["games/seat.html:2: partner", "static/table.css:2: daifugo",
                                "static/table.css:3: tile, trick"]


def _platform_modules():
    for app in PLATFORM_APPS:
        package = importlib.import_module(app)
        yield package
        for info in pkgutil.walk_packages(package.__path__, f"{app}."):
            if ".migrations" not in info.name and ".management." not in info.name:
                yield importlib.import_module(info.name)


def _function_defaults(module) -> list[str]:
    """The parameters of the module's own functions whose default is a registered game."""
    return [f"{module.__name__}.{name}({parameter.name}=)"
            for name, function in inspect.getmembers(module, inspect.isfunction)
            if function.__module__ == module.__name__
            for parameter in inspect.signature(function).parameters.values()
            if isinstance(parameter.default, str) and parameter.default in registry.GAMES]


def test_no_model_field_and_no_platform_function_defaults_to_a_game():
    defaults = [f"{model.__name__}.{field.name}" for model in apps.get_models()
                if model._meta.app_label in PLATFORM_APPS for field in model._meta.concrete_fields
                if field.has_default() and not callable(field.default) and field.default in registry.GAMES]
    for module in _platform_modules():
        defaults += _function_defaults(module)
    assert not defaults, f"these default to a game (a game is always named): {defaults}"


def test_the_default_check_sees_a_function_defaulting_to_a_game():
    module = types.ModuleType("games.fake")
    exec("def create(*, user, game='tichu', rated=True): pass\ndef join(game): pass", module.__dict__)
    assert _function_defaults(module) == ["games.fake.create(game=)"]
