from django import forms


class DummyForm(forms.Form):
    players = forms.TypedChoiceField(choices=[(2, "2"), (4, "4")], coerce=int)
