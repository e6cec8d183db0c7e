from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import services
from games.errors import TableError, translated_message
from lobby.forms import TableForm
from lobby.listing import open_tables
from moderation.errors import ModerationError
from moderation.sanctions import is_muted


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/home.html")


def _lobby_context(request: HttpRequest, form: TableForm) -> dict:
    muted = request.user.is_authenticated and is_muted(request.user)
    return {"tables": open_tables(), "form": form, "chat": services.recent_chat(None), "muted": muted}


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/lobby.html", _lobby_context(request, TableForm()))


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST)
    if form.is_valid():
        try:
            table = services.create_table(user=request.user, options=form.cleaned_data)
        except (TableError, ModerationError) as error:
            form.add_error(None, translated_message(error))
        else:
            return redirect(table.get_absolute_url())
    return render(request, "lobby/lobby.html", _lobby_context(request, form), status=400)
