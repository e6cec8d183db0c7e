"""The public looks of seated players (their card or tile back, their felt) as a table page
draws them. A running game's socket frames are drawn on the event loop, where no query may run
(games.consumers): the looks are read on the database thread — the table page over HTTP, each
socket's first frame, every frame of a waiting table — and kept in this process for the frames
drawn on the loop. So a style chosen during a game shows from the next page or game on."""

import asyncio
import threading
from collections import OrderedDict

from coins import shop, styles

# One small dict per player and game: this covers every player of a busy process.
KEPT = 20_000
_kept: OrderedDict = OrderedDict()
_lock = threading.Lock()


def public_looks(user_ids: list[int], game) -> dict[int, dict]:
    """{user id: {kind: Style}} everyone sees at these players' seats at `game`'s tables."""
    if _on_event_loop():
        with _lock:
            return {user_id: _kept.get((user_id, game.key), {}) for user_id in user_ids}
    chosen = shop.active(user_ids, game.key)
    found = {
        user_id: {kind: styles.get(name) for kind, name in chosen.get(user_id, {}).items()
                  if kind in game.style_kinds and styles.KINDS[kind].public and styles.get(name)}
        for user_id in user_ids
    }
    with _lock:
        for user_id, look in found.items():
            key = (user_id, game.key)
            _kept[key] = look
            _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
