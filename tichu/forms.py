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
