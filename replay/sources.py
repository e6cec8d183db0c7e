"""Where a replayed record comes from: a finished table's action log (replayed through its
engine, never a stored copy), or a record file someone opened in the viewer (kept in their
own session only, for the few pages they step through)."""

import json
import secrets

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games import registry, services, snapshots
from games.models import Table

UPLOADS = "replay_uploads"
KEPT_UPLOADS = 3  # a session keeps the last few records it opened, not a library


def finished_table(request, table_id: int) -> Table:
    """A finished table this visitor may see; anything else, a running game above all, is
    not found — its record would show every hidden hand."""
    table = get_object_or_404(Table, pk=table_id, status=Table.Status.FINISHED)
    if not registry.get(table.game).replayable:
        raise Http404
    invited = request.GET.get("invite") == table.invite_code
    if table.private and not invited and services.seat_of(table, request.user) is None:
        raise Http404
    return table


def table_record(table: Table) -> dict:
    return registry.get(table.game).engine.build_record(snapshots.full_state(table))


def seat_names(table: Table) -> dict:
    names = {}
    for seat in table.seats.select_related("user"):
        if seat.user_id:
            names[seat.position] = seat.user.username
        elif seat.bot:
            names[seat.position] = _bot_label(seat.bot) % {"seat": seat.position}
        else:
            names[seat.position] = seat.position
    return names


def _bot_label(strength: str) -> str:
    return {"beginner": _("Bot %(seat)s (beginner)"), "normal": _("Bot %(seat)s (normal)"),
            "expert": _("Bot %(seat)s (expert)")}[strength]


def position_names(game, record: dict) -> dict:
    """An uploaded record names no player: its seats go by their positions."""
    return {position: _("Seat %(seat)s") % {"seat": position}
            for position in game.seats_for(game.record_options(record))}


def keep_upload(session, text: str) -> str:
    """Keep a valid record's text in the visitor's session; the token names it in URLs."""
    uploads = dict(session.get(UPLOADS, {}))
    token = secrets.token_urlsafe(9)
    uploads[token] = text
    session[UPLOADS] = dict(list(uploads.items())[-KEPT_UPLOADS:])
    return token


def uploaded_record(session, token: str) -> dict:
    text = session.get(UPLOADS, {}).get(token)
    if text is None:
        raise Http404
    return json.loads(text)
