from django import forms
from django.utils.translation import gettext_lazy as _


class TableForm(forms.Form):
    target = forms.TypedChoiceField(
        label=_("Play to"), choices=[(1000, _("1000 points")), (500, _("500 points (short game)"))], coerce=int
    )
    rated = forms.TypedChoiceField(
        label=_("Rating"), choices=[("1", _("rated")), ("0", _("unrated"))], coerce=lambda v: v == "1"
    )
    private = forms.TypedChoiceField(
        label=_("Who can join"),
        choices=[("0", _("anyone (listed in the lobby)")), ("1", _("only people with the link"))],
        coerce=lambda v: v == "1",
    )
    clock = forms.ChoiceField(
        label=_("Clock"),
        choices=[("strikes", _("strikes: 45 s per decision, 3 strikes")), ("reserve", _("reserve: 30 s + 60 s reserve"))],
    )
    bomb_window = forms.IntegerField(label=_("Bomb window (seconds)"), min_value=1, max_value=10, initial=3)


def _yes(value: str) -> bool:
    return value == "1"


class DaifugoRoomForm(forms.Form):
    """A private Daifugo room: friends join by its link; empty seats may take bots."""

    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(4, _("4 players")), (5, _("5 players"))], coerce=int
    )
    hands = forms.TypedChoiceField(label=_("Hands"), choices=[(4, _("4 hands")), (8, _("8 hands"))], coerce=int)
    revolution = forms.TypedChoiceField(
        label=_("Revolution rule"), choices=[("0", _("off")), ("1", _("on"))], coerce=_yes
    )


class DaifugoPracticeForm(DaifugoRoomForm):
    """Practice against bots: the table starts at once."""

    strength = forms.ChoiceField(
        label=_("Bot strength"),
        choices=[("beginner", _("beginner")), ("normal", _("normal")), ("expert", _("expert"))],
        initial="normal",
    )
