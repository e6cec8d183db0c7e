"""The public looks of seated players (the back of their pieces, their felt) as a table's pages
draw them. The database holds the choices (ActiveStyle); the pages read a copy in the shared
cache, because a table's frames may cost no query (a running game's are drawn on the socket's
event loop, games.consumers). The copy is written whenever a player's choice changes and
whenever a table page is opened, for its seated players and its viewer: a page is always
opened before its socket sends a frame, and a player opens the table page to sit down.

A table process keeps what it read (`kept`) for its sockets' frames, and reads a player's
copy again only every `KEPT_SECONDS`, and never on the event loop: before a table is drawn
there, the thread that loaded or committed it reads what is due (`read_ahead`, the platform's
`drawing_reads` hook). A round trip on the loop held up every page of the process while the
shared cache answered."""

import time

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


KEPT_SECONDS = 30
KEPT_READS = 4096
# What this process last read of each seated player's looks, per game: (when, looks).
kept: dict = {}


def read_now(user_ids: list[int], game) -> dict[int, dict]:
    """These players' looks from the shared cache, kept for the frames to come."""
    now, found = time.monotonic(), public_looks(user_ids, game)
    if len(kept) + len(found) > KEPT_READS:
        kept.clear()  # atomic: a frame drawn on another thread meanwhile only reads again
    for user_id, look in found.items():
        kept[(game.key, user_id)] = (now, look)
    return found


def kept_looks(user_ids: list[int], game) -> dict[int, dict]:
    """These players' looks as this process keeps them for its frames, however old; only one
    it has none of is read now."""
    found = {user_id: look[1] for user_id in user_ids if (look := kept.get((game.key, user_id))) is not None}
    missing = [user_id for user_id in user_ids if user_id not in found]
    return found | read_now(missing, game) if missing else found


def read_ahead(game_key: str, user_ids: list[int]) -> None:
    """The `drawing_reads` hook: the looks of a table's seated players, read again if this
    process read them KEPT_SECONDS ago or never."""
    game = registry.get(game_key)
    if not game.style_kinds or not user_ids:
        return
    now = time.monotonic()
    due = [user_id for user_id in user_ids
           if (look := kept.get((game_key, user_id))) is None or now - look[0] >= KEPT_SECONDS]
    if due:
        read_now(due, game)


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
    for game_key in registry.GAMES:  # this process's frames read the new copy
        for user_id in user_ids:
            kept.pop((game_key, user_id), None)
