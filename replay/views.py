"""The replay viewer: one moment of a finished game per GET (`?hand=3&step=25`), every hand
shown, with links to the next and previous action, trick and hand (htmx swaps the board
for smooth stepping; without script each is a plain page)."""

from urllib.parse import urlencode

from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games import registry
from replay import positions, sources
from replay.forms import RecordUploadForm

NAVIGATION = ("first", "previous_hand", "previous_trick", "previous_step",
              "next_step", "next_trick", "next_hand", "last")


def table_replay(request, table_id: int):
    table = sources.finished_table(request, table_id)
    game = registry.get(table.game)
    keep = {"invite": request.GET["invite"]} if request.GET.get("invite") == table.invite_code else {}
    return _viewer(request, game, sources.table_record(table), sources.seat_names(table),
                   base=reverse("replay:table", args=[table.pk]), keep=keep, table=table)


def upload(request):
    form = RecordUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        token = sources.keep_upload(request.session, form.cleaned_data["record"])
        return redirect("replay:uploaded", token=token)
    return render(request, "replay/upload.html", {"form": form}, status=400 if form.errors else 200)


def uploaded_replay(request, token: str):
    record = sources.uploaded_record(request.session, token)
    game = registry.by_record_format(record["format"])
    return _viewer(request, game, record, sources.position_names(game, record),
                   base=reverse("replay:uploaded", args=[token]), keep={}, table=None)


def _viewer(request, game, record, names, *, base, keep, table):
    try:
        hand = int(request.GET.get("hand", 1)) - 1
        step = int(request.GET.get("step", 0))
    except ValueError:
        return HttpResponseBadRequest(_("A position is a hand and a step, both whole numbers: ?hand=3&step=25"))
    moment = positions.moment(game, record, hand, step)

    def url(position):
        if position is None:
            return None
        return f"{base}?{urlencode({**keep, 'hand': position[0] + 1, 'step': position[1]})}"

    context = positions.board(game, record, moment, names) | {
        "game": game,
        "moment": moment,
        "hand_no": moment.hand + 1,
        "hand_numbers": range(1, len(moment.steps) + 1),
        "nav": {name: url(getattr(moment, name)()) for name in NAVIGATION},
        "here": url((moment.hand, moment.step)),
        "base": base,
        "keep": keep,
        "table": table,
    }
    return render(request, "replay/viewer.html", context)
