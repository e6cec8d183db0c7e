from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import registry
from tournaments.models import Tournament


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    game = forms.ChoiceField(label=_("Game"))
    kind = forms.ChoiceField(label=_("Format"), choices=Tournament.Kind.choices, initial=Tournament.Kind.ARENA)
    rounds = forms.IntegerField(label=_("Rounds (Swiss)"), min_value=1, max_value=15, initial=3, required=False)
    starts_in = forms.IntegerField(label=_("Starts in (minutes)"), min_value=0, max_value=7 * 24 * 60, initial=5)
    minutes = forms.IntegerField(label=_("Duration (minutes, arena)"), min_value=5, max_value=24 * 60, initial=60)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.key, g.label) for g in registry.GAMES.values() if g.rated]

    def starts_at(self):
        return timezone.now() + timedelta(minutes=self.cleaned_data["starts_in"])
