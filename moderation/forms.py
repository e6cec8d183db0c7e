from django import forms
from django.utils.translation import gettext_lazy as _

from moderation.models import Report


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Reason"), choices=Report.Reason.choices)
    text = forms.CharField(
        label=_("What happened?"),
        label_suffix="",  # a question; Greek's question mark ";" is not one Django knows
        widget=forms.Textarea(attrs={"rows": 5}),
        max_length=2000,
        required=False,
        help_text=_("Moderators read every report. The player does not learn who reported them."),
    )
