"""Each game names its tables' format in the lobby row in the reader's language: how long a
game is and, where it varies, how many play."""

import pytest
from django.utils import translation

from games import registry


@pytest.mark.parametrize("game, options, language, line", [
    ("tichu", {"target": 500}, "en", "to 500"),
    ("tichu", {"target": 1000}, "de", "bis 1000"),
    ("daifugo", {"players": 5, "hands": 1}, "en", "5 players · 1 hand"),
    ("daifugo", {"players": 4, "hands": 8}, "de", "4 Spieler · 8 Runden"),
    ("riichi", {"length": "east"}, "en", "East only"),
    ("riichi", {"length": "hanchan"}, "el", "Hanchan"),
])
def test_a_game_says_its_tables_format(game, options, language, line):
    game = registry.get(game)
    with translation.override(language):
        assert game.format_line(game.default_options | options) == line
