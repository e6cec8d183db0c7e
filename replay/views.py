"""The replay viewer: one moment of a finished game per GET (`?hand=3&step=25`), every hand
shown, with links to the next and previous action, clearing of the table (a game's round of
play) and hand (htmx swaps the board
for smooth stepping; without script each is a plain page)."""

from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import registry, services
from replay import positions, sources
from replay.forms import RecordUploadForm
from replay.models import Review
from replay.tasks import run_review

NAVIGATION = ("first", "previous_hand", "previous_clear", "previous_step",
              "next_step", "next_clear", "next_hand", "last")


def table_replay(request, table_id: int):
    table = sources.finished_table(request, table_id)
    game = registry.get(table.game)
    keep = {"invite": request.GET["invite"]} if request.GET.get("invite") == table.invite_code else {}
    reviews = {review.seat: review for review in Review.objects.filter(table=table)}
    shown = reviews.get(request.GET.get("review"))
    if shown is not None:
        keep["review"] = shown.seat
    names = sources.seat_names(table)
    extra = {
        "reviewable": game.reviewable,
        "review_rows": [{"seat": seat, "name": names[seat], "review": reviews.get(seat)}
                        for seat in game.seats_for(table.options)],
        "may_review": _may_review(request, table),
        "shown_review": shown if shown is not None and shown.status == Review.Status.DONE else None,
    }
    return _viewer(request, game, sources.table_record(table), names,
                   base=reverse("replay:table", args=[table.pk]), keep=keep, table=table, extra=extra)


def _may_review(request, table) -> bool:
    """The game's players ask for a review, or anyone signed in for a public game."""
    if not request.user.is_authenticated:
        return False
    return not table.private or services.seat_of(table, request.user) is not None


@require_POST
@login_required
def request_review(request, table_id: int):
    table = sources.finished_table(request, table_id)
    game = registry.get(table.game)
    seat = request.POST.get("seat")
    if not game.reviewable or not _may_review(request, table):
        raise Http404
    if seat not in game.seats_for(table.options):
        return HttpResponseBadRequest(_("There is no such seat at this table."))
    with transaction.atomic():
        review, created = Review.objects.get_or_create(table=table, seat=seat, defaults={"requested_by": request.user})
        # a failed review (a task error) may be asked for again; one done or under way stays
        retried = not created and Review.objects.filter(pk=review.pk, status=Review.Status.FAILED).update(
            status=Review.Status.QUEUED, done=0, total=0, requested_by=request.user)
        if created or retried:
            transaction.on_commit(lambda: run_review.delay(review.pk))
    query = {key: request.POST[key] for key in ("invite", "hand", "step") if request.POST.get(key)}
    return redirect(f"{reverse('replay:table', args=[table.pk])}?{urlencode(query | {'review': seat})}")


def review_progress(request, table_id: int, seat: str):
    """One seat's review row, which the page asks for again while the review runs."""
    table = sources.finished_table(request, table_id)
    names = sources.seat_names(table)
    review = Review.objects.filter(table=table, seat=seat).first()
    if review is None or seat not in names:
        raise Http404
    keep = {"invite": request.GET["invite"]} if request.GET.get("invite") == table.invite_code else {}
    return render(request, "replay/review_row.html", {
        "row": {"seat": seat, "name": names[seat], "review": review}, "table": table, "keep": keep,
        "base": reverse("replay:table", args=[table.pk]), "may_review": _may_review(request, table)})


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


def _viewer(request, game, record, names, *, base, keep, table, extra=None):
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
    } | (extra or {})
    shown = context.get("shown_review")
    if shown is not None:
        context["markers"] = [m | {"url": url((m["hand"], m["step"]))} for m in shown.markers]
        # one step may carry more than one mark (a first card played: a call not made, and the card)
        context["markers_here"] = [m for m in context["markers"]
                                   if (m["hand"], m["step"]) == (moment.hand, moment.step)]
    # A step taken on the page (htmx) swaps the board region in: only that is drawn.
    partial = request.htmx and not request.htmx.history_restore_request
    return render(request, "replay/moment.html" if partial else "replay/viewer.html", context)
