"""The games ratings know of, all from the game registry: ratings name no game themselves."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy as _

from games import registry


def rated_games() -> list[registry.Game]:
    """The games whose tables can be rated, in registration order: the leaderboard's tabs."""
    return [kind for kind in registry.GAMES.values() if kind.rated]


def label(key: str) -> str:
    """A game's display name in the reader's language; the key itself for a game no longer
    registered, so old rows still show."""
    kind = registry.GAMES.get(key)
    return gettext(kind.label) if kind and kind.label else key


def validate_game_key(key: str) -> None:
    if key not in registry.GAMES:
        raise ValidationError(_("%(key)s is not a registered game"), code="unknown_game", params={"key": key})
