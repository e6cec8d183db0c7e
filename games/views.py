import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import hooks, registry, services, snapshots
from games.models import Table
from games.presenters import Screen, table_context


def _visible_table(request: HttpRequest, table_id: int) -> Table:
    """A private table is shown only to its players and to those who have its link."""
    table = get_object_or_404(Table, pk=table_id)
    invited = request.GET.get("invite") == table.invite_code
    if table.private and not invited and services.seat_of(table, request.user) is None:
        raise Http404
    return table


def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = _visible_table(request, table_id)
    seat = services.seat_of(table, request.user)
    view = None
    if table.snapshot is not None:
        engine = registry.get(table.game).engine
        view = engine.view(engine.from_json(table.snapshot), seat)
    context = table_context(table, view, Screen(), seat)
    context["chat"] = services.recent_chat(table.pk)
    context["muted"] = hooks.chat_refusal(request.user) is not None
    context["reportable"] = [row["user"] for row in context["seats"] if row["user"] and row["user"] != request.user]
    return render(request, "games/table.html", context)


def record(request: HttpRequest, table_id: int) -> HttpResponse:
    """The game record (records.md) of a finished game. A running game's record would show
    every hand, so it is never served."""
    table = _visible_table(request, table_id)
    if table.status != Table.Status.FINISHED:
        raise Http404
    engine = registry.get(table.game).engine
    body = json.dumps(engine.build_record(snapshots.full_state(table)), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="stich-{table.game}-{table.pk}.json"'
    return response
