from django import forms
from django.utils.translation import gettext_lazy as _

from riichi.ranks import LADDER

UMA_CHOICES = {"5-15": [15, 5, -5, -15], "10-20": [20, 10, -10, -20], "10-30": [30, 10, -10, -30]}


def _yes(value: str) -> bool:
    return value == "1"


def _uma(value: str) -> list:
    return UMA_CHOICES[value]


def _flag(label, on_first=True):
    choices = [("1", _("on")), ("0", _("off"))]
    return forms.TypedChoiceField(label=label, choices=choices if on_first else choices[::-1], coerce=_yes)


class RiichiTableForm(forms.Form):
    """The table options menu (spec/mahjong.md "Options menu"); defaults are the house rules."""

    length = forms.ChoiceField(label=_("Match length"), choices=[
        ("hanchan", _("Hanchan (East and South, 8+ hands)")), ("east", _("East only (4+ hands)"))])
    red_fives = _flag(_("Red fives"))
    kuitan = _flag(_("Open tanyao"))
    double_ron = _flag(_("Double ron"))
    double_yakuman = _flag(_("Double yakuman"), on_first=False)
    kiriage = _flag(_("Kiriage mangan"), on_first=False)
    uma = forms.TypedChoiceField(label=_("Uma"), choices=[(key, key) for key in UMA_CHOICES], coerce=_uma)
    tobi = _flag(_("End below zero (tobi)"))
    min_rank = forms.TypedChoiceField(
        label=_("Minimum rank"), coerce=int, required=False, empty_value=0,
        choices=[(0, _("anyone"))] + [(level, name) for level, (name, *_points) in enumerate(LADDER) if level])
