import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import hooks, presenters, registry, services, snapshots
from games.models import Table
from games.presenters import table_context


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
    context = table_context(table, view, seat)
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
    return _download(body, f"stich-{table.game}-{table.pk}.json")


def record_export(request: HttpRequest, table_id: int, export: str) -> HttpResponse:
    """A finished game's record in another format its game offers (Game.record_exports)."""
    try:
        table = _visible_table(request, table_id)
    except NotOpenToYou:
        return _not_open(request)
    game = registry.get(table.game)
    if table.status != Table.Status.FINISHED or export not in game.record_exports:
        raise Http404
    names = presenters.seat_names(table)
    data = game.export_record(export, game.engine.build_record(snapshots.full_state(table)),
                              [names[seat] for seat in game.seats_for(table.options)])
    return _download(json.dumps(data, ensure_ascii=False), f"stich-{table.game}-{table.pk}-{export}.json")


def _download(body: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
