"""The styles shop, the check-in button and the profile's coin settings. Every change is a
POST through a service; a refused one says why and changes nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from coins import checkin, ledger, shop, styles
from coins.errors import CoinsError
from coins.forms import ZoneForm
from games import registry


@require_GET
@login_required
def shop_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    owned = shop.owned(user)
    balance = ledger.balance(user)
    sections = []
    every_style = styles.all_styles().values()
    for kind in styles.kinds().values():
        games = styles.games_taking(kind.key)
        if not games:
            continue
        items = [
            {"style": style, "owned": style.key in owned, "short": max(style.price - balance, 0)}
            for style in every_style if style.kind == kind.key
        ]
        sections.append({"kind": kind, "games": games, "items": items})
    return render(request, "coins/shop.html", {
        "balance": balance, "sections": sections, "standing": checkin.standing(user),
    })


@require_POST
@login_required
def check_in(request: HttpRequest) -> HttpResponse:
    try:
        done = checkin.check_in(request.user)
    except CoinsError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, ngettext("Checked in: +%(amount)d coins. Streak: %(streak)d day.",
                                           "Checked in: +%(amount)d coins. Streak: %(streak)d days.", done.streak)
                         % {"amount": done.entry.amount, "streak": done.streak})
    return _back(request)


@require_POST
@login_required
def buy(request: HttpRequest) -> HttpResponse:
    try:
        owned = shop.buy(request.user, request.POST.get("style", ""))
    except CoinsError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(style)s is yours. Choose where it shows on your profile.")
                         % {"style": styles.get(owned.style).label})
    return redirect("coins:shop")


@require_POST
@login_required
def choose(request: HttpRequest) -> HttpResponse:
    """One game's styles, one select per kind (`kind_<kind>`); all or nothing."""
    game = registry.GAMES.get(request.POST.get("game", ""))
    chosen = {kind: request.POST.get(f"kind_{kind}", "") for kind in (game.style_kinds if game else ())}
    try:
        if game is None:
            raise CoinsError("unknown_game")
        with transaction.atomic():  # a refused kind undoes the ones before it
            for kind, key in chosen.items():
                shop.choose(request.user, game.key, kind, key)
    except CoinsError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Your styles for %(game)s are saved.") % {"game": game.label})
    return redirect(_profile(request))


@require_POST
@login_required
def zone(request: HttpRequest) -> HttpResponse:
    form = ZoneForm(request.POST)
    if form.is_valid():
        ledger.set_zone(request.user, form.cleaned_data["time_zone"])
        messages.success(request, _("Your time zone is now %(zone)s.") % {"zone": form.cleaned_data["time_zone"]})
    else:
        messages.error(request, CoinsError("bad_zone").message)
    return redirect(_profile(request))


@require_POST
@login_required
def browser_zone(request: HttpRequest) -> HttpResponse:
    """The browser's zone, sent once by static/coins/zone.js: it never replaces a chosen one."""
    try:
        changed = ledger.set_zone(request.user, request.POST.get("time_zone", ""), only_if_unset=True)
    except CoinsError as error:
        return JsonResponse({"error": error.message}, status=400)
    return JsonResponse({"changed": changed})


def _profile(request: HttpRequest) -> str:
    return reverse("profile", args=[request.user.username])


def _back(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        target = reverse("coins:shop")
    return redirect(target)
