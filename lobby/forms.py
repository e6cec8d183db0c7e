"""The lobby's forms for any game: the game's own table form (games.registry.Game.table_form)
followed by the platform's options (games.forms); for quick play, the same form without its
"who can join" (quick play is public); for practice, the same form with a bot strength."""

from django import forms
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

from games.forms import platform_fields

STRENGTH_LABELS = {"beginner": _("beginner"), "normal": _("normal"), "expert": _("expert")}


def table_form(game) -> type[forms.Form]:
    """The game's own options, then the platform's that the game leaves a choice in."""
    return type(f"{game.key.title()}TableForm", (import_string(game.table_form),), platform_fields(game))


def practice_form(game) -> type[forms.Form]:
    """Practice against bots: the table starts at once, private and unrated, so the form
    offers neither a rating nor who can join (a field set to None leaves the form)."""
    return type(f"{game.key.title()}PracticeForm", (table_form(game),), {
        "strength": forms.ChoiceField(label=_("Bot strength"), initial="normal",
                                      choices=[(s, STRENGTH_LABELS.get(s, s)) for s in game.bot_names()]),
        "rated": None, "private": None,
    })


def quick_form(game) -> type[forms.Form]:
    """Quick play picks a format only: the table it finds or opens is public."""
    return type(f"{game.key.title()}QuickForm", (table_form(game),), {"private": None})
