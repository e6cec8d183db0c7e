from django import forms
from django.utils.translation import gettext_lazy as _


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
