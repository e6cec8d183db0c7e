"""What moderation tells open pages, always after the transaction commits (a rolled-back ban
must not close anyone's socket).

Contract with the consumers:

* group ``user-<id>`` (every socket of one signed-in player), event
  ``{"type": "user.moderated", "action": ACTION, "until": ISO-8601 or None}`` where ACTION is
  ``ban`` (close the socket), ``mute`` / ``unmute`` (re-render the chat forms),
  ``unban`` (nothing to do), ``cooldown`` / ``cooldown_ended`` (re-render the lobby banner).
* whenever a vote-kick at a table opens, gets a ballot or closes, the table's pages are drawn
  again with the vote panel (`games.audiences.panels_changed`), published once per audience.
"""

from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games import audiences


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def user_moderated(user_id: int, action: str, until: datetime | None = None) -> None:
    event = {"type": "user.moderated", "action": action, "until": until.isoformat() if until else None}
    _send_on_commit(user_group(user_id), event)


def table_votes(table_id: int) -> None:
    audiences.panels_changed(table_id)


def _send_on_commit(group: str, event: dict) -> None:
    transaction.on_commit(lambda: async_to_sync(get_channel_layer().group_send)(group, event))
