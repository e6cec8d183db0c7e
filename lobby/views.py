from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import hooks, registry, services
from games.errors import translated_message
from lobby.forms import practice_form, table_form
from lobby.listing import open_tables


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/home.html", {"games": list(registry.GAMES.values())})


def _panels(bound: dict) -> list[dict]:
    """Each game's panel: its table form and its practice form (`bound` keeps a submitted
    one with its errors)."""
    return [
        {"game": game,
         "form": bound.get(("table", game.key)) or table_form(game)(prefix=f"{game.key}-table"),
         "practice_form": bound.get(("practice", game.key)) or practice_form(game)(prefix=f"{game.key}-practice")}
        for game in registry.GAMES.values()
    ]


def _lobby_context(request: HttpRequest, bound: dict | None = None) -> dict:
    return {"tables": open_tables(), "chat": services.recent_chat(None),
            "muted": hooks.chat_refusal(request.user) is not None, "panels": _panels(bound or {})}


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/lobby.html", _lobby_context(request))


def _game(key: str):
    if key not in registry.GAMES:
        raise Http404
    return registry.get(key)


def _create(request: HttpRequest, form, slot: tuple, make) -> HttpResponse:
    """Create a table from a valid form and go to it; otherwise the lobby again with the
    form's errors (a refusal from the services among them)."""
    if form.is_valid():
        try:
            table = make(form.cleaned_data)
        except Exception as error:  # noqa: BLE001 — a refusal of the platform or of a check
            if not hasattr(error, "code"):
                raise
            form.add_error(None, translated_message(error))
        else:
            return redirect(table.get_absolute_url())
    return render(request, "lobby/lobby.html", _lobby_context(request, {slot: form}), status=400)


@login_required
@require_POST
def create_table(request: HttpRequest, game: str) -> HttpResponse:
    kind = _game(game)
    form = table_form(kind)(request.POST, prefix=f"{kind.key}-table")
    return _create(request, form, ("table", kind.key),
                   lambda options: services.create_table(user=request.user, game=kind.key, options=options))


@login_required
@require_POST
def practice(request: HttpRequest, game: str) -> HttpResponse:
    kind = _game(game)
    form = practice_form(kind)(request.POST, prefix=f"{kind.key}-practice")

    def start(data: dict):
        return services.start_practice(user=request.user, game=kind.key, options=kind.practice_options(data),
                                       strength=data["strength"])

    return _create(request, form, ("practice", kind.key), start)
