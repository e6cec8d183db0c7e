"""Opening a record file in the viewer: checked by the game's own `replay`, so a file that
is no valid record gets the messages `manage.py replay` gives, never a traceback."""

import json

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import registry
from games.management.commands.replay import replay_text

MAX_BYTES = 1_000_000  # the longest game's record is about 80 KB


class RecordUploadForm(forms.Form):
    record = forms.FileField(label=gettext_lazy("Record file"),
                             help_text=gettext_lazy("A game record (.json) downloaded from a finished table, at most 1 MB."))

    def clean_record(self) -> str:
        upload = self.cleaned_data["record"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than 1 MB: no game record is that long."))
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not text (UTF-8): a game record is JSON text."))
        result = replay_text(text)
        if not result["ok"]:
            raise forms.ValidationError(_failure_line(result))
        self.record = json.loads(text)
        self.game = registry.by_record_format(self.record["format"])
        if not self.game.replayable:
            raise forms.ValidationError(_("The replay viewer cannot show this game yet."))
        if not self.game.record_hands(self.record):
            raise forms.ValidationError(_("The record has no hand to show."))
        return text


def _failure_line(result: dict) -> str:
    """The replay output's error, with where it is (hands and actions counted from 1)."""
    where = ""
    if result.get("hand") is not None and result.get("action") is not None:
        where = _("Hand %(hand)s, action %(action)s: ") % {"hand": result["hand"] + 1, "action": result["action"] + 1}
    elif result.get("hand") is not None:
        where = _("Hand %(hand)s: ") % {"hand": result["hand"] + 1}
    return _("This is not a valid game record. %(where)s%(message)s (%(code)s)") % {
        "where": where, "message": result["message"], "code": result["error"]}
