from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from moderation.errors import ModerationError
from tournaments import services, team_registration
from tournaments.errors import TournamentError
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.standings import listed, page_context, team_context


def _visible(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    invite = request.GET.get("invite") or request.POST.get("invite")
    if tournament.private and invite != tournament.invite_code and tournament.created_by_id != request.user.pk:
        raise Http404
    return tournament


def index(request):
    return render(request, "tournaments/index.html", {"tournaments": listed()})


def detail(request, pk: int):
    tournament = _visible(request, pk)
    user = request.user if request.user.is_authenticated else None
    return render(request, "tournaments/detail.html",
                  page_context(tournament, user) | team_context(tournament, user, request.GET.get("team", ""))
                  | {"ping_seconds": services.PAGE_PING_SECONDS})


def team(request, pk: int):
    """The viewer's team section alone, drawn anew when their tournament page's socket says it
    changed (an invitation, an answer, a team dissolved): a page redraws it by this request,
    so that its forms carry the viewer's own CSRF token."""
    tournament = _visible(request, pk)
    if not request.user.is_authenticated:
        raise Http404
    context = team_context(tournament, request.user)
    if not context["teams"]:
        raise Http404
    return render(request, "tournaments/fragments/team.html", page_context(tournament, request.user) | context)


@login_required
def create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create(user=request.user, name=form.cleaned_data["name"],
                                         game=form.cleaned_data["game"], options={},
                                         starts_at=form.starts_at(), minutes=form.cleaned_data["minutes"],
                                         private=True, kind=form.cleaned_data["kind"],
                                         rounds=form.cleaned_data["rounds"] or 0)
        except TournamentError as error:
            form.add_error(None, error.message)
        else:
            return redirect(tournament.get_absolute_url())
    return render(request, "tournaments/create.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_POST
def join(request, pk: int):
    tournament = _visible(request, pk)
    try:
        services.join(tournament, request.user)
    except (TournamentError, ModerationError) as error:
        messages.error(request, getattr(error, "message", None) or str(error))
    return redirect(tournament.get_absolute_url())


@login_required
@require_POST
def pause(request, pk: int):
    tournament = _visible(request, pk)
    try:
        services.pause(tournament, request.user)
    except TournamentError as error:
        messages.error(request, error.message)
    return redirect(tournament.get_absolute_url())


def _team_change(change):
    """A POST that changes the viewer's team (tournaments.team_registration), back to the page
    with its error if it is refused."""
    @login_required
    @require_POST
    def view(request, pk: int):
        tournament = _visible(request, pk)
        try:
            change(tournament, request)
        except (TournamentError, ModerationError) as error:
            messages.error(request, getattr(error, "message", None) or str(error))
        return redirect(tournament.get_absolute_url())
    return view


team_invite = _team_change(lambda t, request: team_registration.invite(t, request.user, request.POST.get("username", "")))
team_accept = _team_change(lambda t, request: team_registration.accept(t, request.user, request.POST.get("code", "")))
team_decline = _team_change(lambda t, request: team_registration.decline(t, request.user, request.POST.get("code", "")))
team_dissolve = _team_change(lambda t, request: team_registration.dissolve(t, request.user))
