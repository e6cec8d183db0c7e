"""The platform's part of every game's table form: the platform's own options (rated, who can
join, the clock) with only the choices the game allows (`Game.allowed`); an option with one
choice is not asked. The lobby puts these fields after the game's own (lobby.forms)."""

from django import forms
from django.utils.translation import gettext_lazy as _

LABELS = {"rated": _("Rating"), "private": _("Who can join"), "clock": _("Clock")}
CHOICES = {
    "rated": {True: ("1", _("rated")), False: ("0", _("unrated"))},
    "private": {False: ("0", _("anyone (listed in the lobby)")), True: ("1", _("only people with the link"))},
    "clock": {"strikes": ("strikes", _("strikes: 45 s per decision, 3 strikes")),
              "reserve": ("reserve", _("reserve: 30 s + 60 s reserve"))},
}


def _yes(value: str) -> bool:
    return value == "1"


def platform_fields(game) -> dict[str, forms.Field]:
    """Left out of a request, an option keeps the game's default, as any option left out does."""
    fields = {}
    for option, labelled in CHOICES.items():
        allowed = game.allowed(option)
        if len(allowed) > 1:
            usual = game.default_options[option]
            fields[option] = forms.TypedChoiceField(
                label=LABELS[option], choices=[labelled[v] for v in allowed], initial=labelled[usual][0],
                coerce=str if option == "clock" else _yes, required=False, empty_value=usual)
    return fields
