from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.errors import TableError, translated_message
from lobby.forms import DaifugoPracticeForm, DaifugoRoomForm, TableForm
from lobby.listing import open_tables
from moderation.errors import ModerationError
from moderation.sanctions import is_muted


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/home.html")


def _lobby_context(request: HttpRequest, **forms) -> dict:
    muted = request.user.is_authenticated and is_muted(request.user)
    forms = {"form": TableForm(), "practice_form": DaifugoPracticeForm(prefix="practice"),
             "room_form": DaifugoRoomForm(prefix="room")} | forms
    return {"tables": open_tables(), "chat": services.recent_chat(None), "muted": muted, **forms}


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/lobby.html", _lobby_context(request))


def _create(request: HttpRequest, form, form_name: str, make) -> HttpResponse:
    """Create a table from a valid form and go to it; otherwise the lobby again with the
    form's errors (a refusal from the services among them)."""
    if form.is_valid():
        try:
            table = make(form.cleaned_data)
        except (TableError, ModerationError) as error:
            form.add_error(None, translated_message(error))
        else:
            return redirect(table.get_absolute_url())
    return render(request, "lobby/lobby.html", _lobby_context(request, **{form_name: form}), status=400)


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    return _create(request, TableForm(request.POST), "form",
                   lambda options: services.create_table(user=request.user, options=options))


@login_required
@require_POST
def create_daifugo_room(request: HttpRequest) -> HttpResponse:
    return _create(request, DaifugoRoomForm(request.POST, prefix="room"), "room_form",
                   lambda options: services.create_table(user=request.user, game="daifugo", options=options))


@login_required
@require_POST
def practice_daifugo(request: HttpRequest) -> HttpResponse:
    def start(data: dict):
        options = {key: data[key] for key in ("players", "hands", "revolution")}
        return services.start_practice(user=request.user, game="daifugo", options=options, strength=data["strength"])

    return _create(request, DaifugoPracticeForm(request.POST, prefix="practice"), "practice_form", start)
