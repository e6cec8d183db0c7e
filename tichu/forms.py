from django import forms
from django.utils.translation import gettext_lazy as _


class TableForm(forms.Form):
    target = forms.TypedChoiceField(
        label=_("Play to"), choices=[(1000, _("1000 points")), (500, _("500 points (short game)"))], coerce=int
    )
    bomb_window = forms.IntegerField(label=_("Bomb window (seconds)"), min_value=1, max_value=10, initial=3)
