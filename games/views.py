import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import hooks, registry, services, snapshots
from games.models import Table
from games.presenters import Screen, table_context


class NotOpenToYou(Exception):
    """No such table, or a private one opened without its invite: the same page for both, so
    that it says nothing about which private tables exist."""


def _visible_table(request: HttpRequest, table_id: int) -> Table:
    """A private table is shown only to its players and to those who have its link."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise NotOpenToYou
    invited = request.GET.get("invite") == table.invite_code
    if table.private and not invited and services.seat_of(table, request.user) is None:
        raise NotOpenToYou
    return table


def _not_open(request: HttpRequest) -> HttpResponse:
    return render(request, "games/not_open.html", status=404)


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        table = _visible_table(request, table_id)
    except NotOpenToYou:
        return _not_open(request)
    seat = services.seat_of(table, request.user)
    view = None
    if table.snapshot is not None:
        engine = registry.get(table.game).engine
        view = engine.view(engine.from_json(table.snapshot), seat)
    context = table_context(table, view, Screen(), seat)
    context["chat"] = services.recent_chat(table.pk)
    context["muted"] = hooks.chat_refusal(request.user) is not None
    return render(request, "games/table.html", context)


def record(request: HttpRequest, table_id: int) -> HttpResponse:
    """The game record (records.md) of a finished game. A running game's record would show
    every hand, so it is never served."""
    try:
        table = _visible_table(request, table_id)
    except NotOpenToYou:
        return _not_open(request)
    if table.status != Table.Status.FINISHED:
        raise Http404
    engine = registry.get(table.game).engine
    body = json.dumps(engine.build_record(snapshots.full_state(table)), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="stich-{table.game}-{table.pk}.json"'
    return response
