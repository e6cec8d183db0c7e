from django import forms
from django.utils.translation import gettext_lazy as _

from coins import ledger


class ZoneForm(forms.Form):
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=ledger.zone_choices)
