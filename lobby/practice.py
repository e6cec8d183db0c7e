""""Play with bots": one click from the home page or the lobby to a private, unrated table of
any game with bots in every other seat, dealt at once, with the game's default options."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import registry, services
from games.errors import translated_message
from games.registry import BOT_STRENGTHS
from lobby.forms import STRENGTH_LABELS


class PlayWithBotsForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    strength = forms.ChoiceField(label=_("Bot strength"), initial="normal",
                                 choices=[(s, STRENGTH_LABELS[s]) for s in BOT_STRENGTHS])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.key, game.label) for game in registry.GAMES.values()]


@login_required
@require_POST
def play_with_bots(request: HttpRequest) -> HttpResponse:
    form = PlayWithBotsForm(request.POST, prefix="bots")
    if form.is_valid():
        game = registry.get(form.cleaned_data["game"])
        try:
            table = services.start_practice(user=request.user, game=game.key,
                                            options=game.practice_options(game.default_options),
                                            strength=form.cleaned_data["strength"])
        except Exception as error:  # noqa: BLE001 — a refusal of the platform or of a check
            if not hasattr(error, "code"):
                raise
            form.add_error(None, translated_message(error))
        else:
            return redirect(table.get_absolute_url())
    return render(request, "lobby/play_with_bots.html", {"play_with_bots_form": form}, status=400)
