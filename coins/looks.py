"""The public looks of seated players (the back of their pieces, their felt) as a table's pages
draw them. The database holds the choices (ActiveStyle); the pages read a copy in the shared
cache, because a table's frames may cost no query (a running game's are drawn on the socket's
event loop, games.consumers). The copy is written whenever a player's choice changes and
whenever a table page is opened, for its seated players and its viewer: a page is always
opened before its socket sends a frame, and a player opens the table page to sit down. A
table process reads a player's copy again for its sockets' frames only every
`LOOKS_KEPT_SECONDS` (coins.templatetags)."""

from django.core.cache import cache

from coins import styles
from coins.models import ActiveStyle
from games import registry


def _key(game_key: str, user_id: int) -> str:
    return f"coins:look:{game_key}:{user_id}"


def public_looks(user_ids: list[int], game) -> dict[int, dict]:
    """{user id: {kind: Style}} everyone sees at these players' seats; no query."""
    kept = cache.get_many([_key(game.key, user_id) for user_id in user_ids])
    return {user_id: {kind: styles.get(name) for kind, name in kept.get(_key(game.key, user_id), {}).items()}
            for user_id in user_ids}


def refresh(user_ids) -> None:
    """Copy these players' public choices, for every game, from the database to the cache."""
    chosen: dict = {}
    for user_id, game_key, kind, name in ActiveStyle.objects.filter(user_id__in=list(user_ids)).values_list(
            "user_id", "game", "kind", "style"):
        chosen.setdefault((user_id, game_key), {})[kind] = name
    copies = {}
    kinds = styles.kinds()
    for game in registry.GAMES.values():
        for user_id in user_ids:
            look = chosen.get((user_id, game.key), {})
            copies[_key(game.key, user_id)] = {
                kind: name for kind, name in look.items()
                if kind in game.style_kinds and kinds[kind].public and styles.get(name)}
    cache.set_many(copies, timeout=None)
