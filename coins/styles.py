"""The styles on sale: our own cosmetic designs, each drawn from a few colours (the shop's SVG
previews and the table's CSS classes in static/coins/coins.css use the same keys). Which game
takes which kind comes from the game registry (`Game.style_kinds`); the kinds only one game
takes, and their styles, are that game's (`Game.styles_module`)."""

import functools
import importlib
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games import registry


@dataclass(frozen=True)
class Kind:
    key: str
    label: Promise
    # Shown to everyone at the owner's seat; otherwise only the owner sees it.
    public: bool
    # The back of the pieces the owner holds, drawn at their seat.
    back: bool = False


@dataclass(frozen=True)
class Style:
    key: str
    kind: str
    label: Promise
    price: int
    colours: tuple[str, ...]
    # The template drawing the shop's preview of a game's own kind of style (the platform's
    # kinds are drawn by coins/preview.html).
    preview: str = ""


PLATFORM_KINDS = (
    Kind("card_back", _("Card backs"), public=True, back=True),
    Kind("felt", _("Table felts"), public=True),
    Kind("face_theme", _("Card-face colours"), public=False),
)

PLATFORM_STYLES = (
    Style("back-lacquer", "card_back", _("Lacquer red"), 30, ("#9b1c1c", "#f2c14e")),
    Style("back-midnight", "card_back", _("Midnight blue"), 50, ("#1b2a4a", "#e8e4d0")),
    Style("back-jade", "card_back", _("Jade lattice"), 40, ("#1f6f5c", "#d9f0e6")),
    Style("felt-moss", "felt", _("Moss felt"), 20, ("#3d7a4c", "#1d3b25")),
    Style("felt-wine", "felt", _("Wine felt"), 35, ("#7a2c48", "#3a1220")),
    Style("felt-slate", "felt", _("Slate felt"), 25, ("#536579", "#263140")),
    Style("face-night", "face_theme", _("Night faces"), 40, ("#1e1e24", "#eeeeee", "#ff8a80")),
    Style("face-sepia", "face_theme", _("Sepia faces"), 30, ("#f3e3c3", "#4a3520", "#8b3a1a")),
)


@functools.cache
def _catalogue(modules: tuple[str, ...]) -> tuple[dict[str, Kind], dict[str, Style]]:
    own = [importlib.import_module(module) for module in modules]
    # A game's module holds plain data, the fields of Kind and Style: games never import coins.
    return ({kind.key: kind for kind in PLATFORM_KINDS + tuple(Kind(**k) for m in own for k in m.KINDS)},
            {style.key: style for style in PLATFORM_STYLES + tuple(Style(**s) for m in own for s in m.STYLES)})


def _registered() -> tuple[dict[str, Kind], dict[str, Style]]:
    return _catalogue(tuple(game.styles_module for game in registry.GAMES.values() if game.styles_module))


def kinds() -> dict[str, Kind]:
    """Every kind on sale: the platform's, then each registered game's own."""
    return _registered()[0]


def all_styles() -> dict[str, Style]:
    return _registered()[1]


def get(key: str) -> Style | None:
    return all_styles().get(key)


def games_taking(kind: str) -> list:
    """The registered games whose tables take this kind of style."""
    return [game for game in registry.GAMES.values() if kind in game.style_kinds]


def kinds_of(game) -> list[Kind]:
    known = kinds()
    return [known[key] for key in game.style_kinds if key in known]
