"""The "report player" page, linked from tables and profiles."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.errors import translated_message
from games.models import Table
from moderation.errors import ModerationError
from moderation.forms import ReportForm
from moderation.reports import file_report


@login_required
def report(request: HttpRequest, username: str) -> HttpResponse:
    reported = get_object_or_404(get_user_model(), username=username, is_active=True)
    table = _table(request.GET.get("table"))
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            file_report(
                reporter=request.user,
                reported=reported,
                reason=form.cleaned_data["reason"],
                text=form.cleaned_data["text"],
                table_id=table.pk if table else None,
            )
        except ModerationError as error:
            form.add_error(None, translated_message(error))
        else:
            return render(request, "moderation/report_sent.html", {"reported": reported})
    context = {"form": form, "reported": reported, "table": table}
    return render(request, "moderation/report.html", context, status=400 if form.errors else 200)


def _table(raw: str | None) -> Table | None:
    """The game the report is about; a bad or unknown id just means none."""
    if not raw or not raw.isdigit():
        return None
    return Table.objects.filter(pk=int(raw)).first()
