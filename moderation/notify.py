"""What moderation tells open pages, always after the transaction commits (a rolled-back ban
must not close anyone's socket).

Contract with the consumers:

* group ``user-<id>`` (every socket of one signed-in player), event
  ``{"type": "user.moderated", "action": ACTION, "until": ISO-8601 or None}`` where ACTION is
  ``ban`` (close the socket), ``mute`` / ``unmute`` (re-render the chat forms),
  ``unban`` (nothing to do), ``cooldown`` / ``cooldown_ended`` (re-render the lobby banner).
* group ``table-<id>``, event ``{"type": "table.votes"}`` whenever a vote-kick at that table
  opens, gets a ballot or closes: re-render the vote panel.
"""

from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.models import Table


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def user_moderated(user_id: int, action: str, until: datetime | None = None) -> None:
    event = {"type": "user.moderated", "action": action, "until": until.isoformat() if until else None}
    _send_on_commit(user_group(user_id), event)


def table_votes(table_id: int) -> None:
    _send_on_commit(Table(pk=table_id).group_name, {"type": "table.votes"})


def _send_on_commit(group: str, event: dict) -> None:
    transaction.on_commit(lambda: async_to_sync(get_channel_layer().group_send)(group, event))
