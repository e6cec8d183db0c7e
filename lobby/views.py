from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import hooks, registry, services
from games.errors import TableError, translated_message
from lobby import stale
from lobby.forms import practice_form, quick_form, table_form
from lobby.listing import open_tables
from lobby.quickplay import quick_play as seat_quickly


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/home.html", {"panels": _panels({}, None, request.user),
                                               "my_seat": _my_seat(request.user)})


def _panels(bound: dict, shown: str | None, user) -> list[dict]:
    """Each game's panel: its quick-play, table and practice forms (`bound` keeps a submitted
    one with its errors), for every game or only the one the lobby is filtered to. A guest's
    forms start unrated: the only kind a guest may play."""
    initial = {"rated": "0"} if getattr(user, "is_guest", False) else {}

    def form(kind: str, make, game):
        return bound.get((kind, game.key)) or make(game)(prefix=f"{game.key}-{kind}", initial=initial)

    return [
        {"game": game, "public": game.public,
         "quick_form": form("quick", quick_form, game), "form": form("table", table_form, game),
         "practice_form": form("practice", practice_form, game)}
        for game in registry.GAMES.values() if shown in (None, game.key)
    ]


def _shown_game(request: HttpRequest) -> str | None:
    game = request.GET.get("game")
    return game if game in registry.GAMES else None


def _my_seat(user) -> dict | None:
    seat = services.open_seat_of(user)
    return seat and {"table": seat.table, "label": registry.get(seat.table.game).label}


def _lobby_context(request: HttpRequest, bound: dict | None = None, shown: str | None = None) -> dict:
    return {"tables": open_tables(shown), "chat": services.recent_chat(None), "shown": shown,
            "games": list(registry.GAMES.values()), "my_seat": _my_seat(request.user),
            "muted": hooks.chat_refusal(request.user) is not None, "panels": _panels(bound or {}, shown, request.user)}


def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/lobby.html", _lobby_context(request, shown=_shown_game(request)))


def _game(key: str):
    if key not in registry.GAMES:
        raise Http404
    return registry.get(key)


def _create(request: HttpRequest, form, slot: tuple, make) -> HttpResponse:
    """Seat the player from a valid form and go to the table; otherwise the lobby again, on
    that game's tab, with the form's errors (a refusal from the services among them)."""
    if form.is_valid():
        try:
            table = make(form.cleaned_data)
        except Exception as error:  # noqa: BLE001 — a refusal of the platform or of a check
            if not hasattr(error, "code"):
                raise
            form.add_error(None, translated_message(error))
        else:
            return redirect(table.get_absolute_url())
    return render(request, "lobby/lobby.html", _lobby_context(request, {slot: form}, shown=slot[1]), status=400)


@login_required
@require_POST
def create_table(request: HttpRequest, game: str) -> HttpResponse:
    kind = _game(game)
    form = table_form(kind)(request.POST, prefix=f"{kind.key}-table")
    return _create(request, form, ("table", kind.key),
                   lambda options: services.create_table(user=request.user, game=kind.key, options=options))


@login_required
@require_POST
def quick_play(request: HttpRequest, game: str) -> HttpResponse:
    kind = _game(game)
    form = quick_form(kind)(request.POST, prefix=f"{kind.key}-quick")

    def seat(options: dict):
        table = seat_quickly(user=request.user, game=kind.key, options=options)
        stale.note_seen(table.pk)
        return table

    return _create(request, form, ("quick", kind.key), seat)


@require_POST
def practice(request: HttpRequest, game: str) -> HttpResponse:
    """Practice against bots; a visitor who is not signed in plays as a guest (accounts)."""
    kind = _game(game)
    form = practice_form(kind)(request.POST, prefix=f"{kind.key}-practice")

    def start(data: dict):
        # Only a valid form makes a guest (or refuses one: too many from this address).
        user = hooks.player_for(request)
        if user is None:  # no app gives visitors an account
            raise TableError("not_at_table")
        return services.start_practice(user=user, game=kind.key, options=kind.practice_options(data),
                                       strength=data["strength"])

    return _create(request, form, ("practice", kind.key), start)
