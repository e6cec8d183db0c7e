"""The learn pages of every registered game, for the overview and the learn pages' menu."""

from django import template

from games import registry

register = template.Library()


@register.simple_tag
def learn_games() -> list:
    return [game for game in registry.GAMES.values() if game.learn_pages]


@register.simple_tag
def learn_pages() -> list[tuple[str, str]]:
    return [page for game in registry.GAMES.values() for page in game.learn_pages]
