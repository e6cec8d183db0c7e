"""Errors a player can cause at a table, answered with a code and a translated sentence."""

import importlib

from django.utils.translation import gettext
from django.utils.translation import gettext_noop

MESSAGES = {
    "not_seated": gettext_noop("You are not seated at this table."),
    "seat_taken": gettext_noop("That seat is taken."),
    "already_seated": gettext_noop("You already sit at this table."),
    "seated_elsewhere": gettext_noop("You already sit at table %(table)s. A player sits at one table at a time: "
                                     "leave that one first."),
    "bad_seat": gettext_noop("There is no such seat."),
    "table_not_waiting": gettext_noop("This table has already started."),
    "table_not_playing": gettext_noop("This table is not playing."),
    "table_not_finished": gettext_noop("The game is not over yet."),
    "not_at_table": gettext_noop("You cannot do that at this table."),
    "stale": gettext_noop("The table moved on; your view has been refreshed."),
    "bad_frame": gettext_noop("The server did not understand that message."),
    "bad_options": gettext_noop("These table options are not valid."),
    "bad_bot": gettext_noop("Unknown bot strength."),
    "no_empty_seat": gettext_noop("There is no empty seat."),
    "not_creator": gettext_noop("Only the table's creator can do that."),
    "too_fast": gettext_noop("Slow down: too many messages."),
    "chat_empty": gettext_noop("Write something first."),
    "paused": gettext_noop("The game is paused until every player is back."),
    "no_window": gettext_noop("Nothing is waiting for you to go on."),
    "server_fault": gettext_noop("Something went wrong on the server; nothing was changed. Please try again."),
}


class TableError(Exception):
    """A request the platform refuses (a seat taken, a stale page); nothing was changed."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        self.message = MESSAGES[code] % params if params else MESSAGES[code]
        super().__init__(self.message)


def translated_message(error: Exception) -> str:
    """The player's language for a TableError or an engine's IllegalAction. Engines keep their
    message templates in a MESSAGES dict beside their exception class (they cannot import
    Django), so both kinds translate the same way: template first, then parameters."""
    templates = getattr(importlib.import_module(type(error).__module__), "MESSAGES", {})
    template = templates.get(getattr(error, "code", ""), None)
    if template is None:
        return str(error)
    params = getattr(error, "params", {})
    return gettext(template) % params if params else gettext(template)
