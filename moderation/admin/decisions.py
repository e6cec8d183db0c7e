"""Moderator decisions on one record (lift a cooldown, unban, resolve a report): each is a
small form with a required "why", reached from the record's admin page, run through the
same service the rest of the site uses, so the audit log is written in one place."""

from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from games.errors import translated_message
from moderation.errors import ModerationError


@dataclass(frozen=True)
class Decision:
    slug: str
    label: str
    why_label: str
    available: Callable[[object], bool]
    run: Callable[..., object]  # run(obj, by=user, why=text, **the form's other fields)
    # A decision that asks more than "why": form(obj) gives a DecisionForm subclass for it.
    form: Callable[[object], type["DecisionForm"]] | None = None


class DecisionForm(forms.Form):
    why = forms.CharField(widget=forms.Textarea(attrs={"rows": 4, "cols": 60}), max_length=2000)


class DecisionsMixin(admin.ModelAdmin):
    """Read-only records whose only changes are the decisions listed in `decisions`."""

    decisions: tuple[Decision, ...] = ()
    change_form_template = "admin/moderation/decisions_change_form.html"

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def may_decide(self, request) -> bool:
        return request.user.has_perm(f"{self.opts.app_label}.change_{self.opts.model_name}")

    def get_urls(self):
        view = self.admin_site.admin_view(self.decision_view)
        name = f"{self.opts.app_label}_{self.opts.model_name}_decide"
        # Before the defaults: their "<object_id>/" catch-all would swallow these.
        return [path("<path:object_id>/decide/<slug:slug>/", view, name=name), *super().get_urls()]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        offered = []
        if obj is not None and self.may_decide(request):
            offered = [
                {"label": d.label, "url": self._decision_url(obj, d)} for d in self.decisions if d.available(obj)
            ]
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), "decisions": offered})

    def decision_view(self, request: HttpRequest, object_id: str, slug: str) -> HttpResponse:
        obj = self.get_object(request, object_id)
        decision = next((d for d in self.decisions if d.slug == slug), None)
        if obj is None or decision is None:
            raise Http404
        if not self.may_decide(request):
            raise PermissionDenied
        back = reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_change", args=[obj.pk])
        if not decision.available(obj):
            messages.warning(request, _("That is no longer possible for this record."))
            return redirect(back)
        form = (decision.form(obj) if decision.form else DecisionForm)(request.POST or None)
        form.fields["why"].label = decision.why_label
        if request.method == "POST" and form.is_valid():
            try:
                decision.run(obj, by=request.user, **form.cleaned_data)
            except ModerationError as error:
                messages.error(request, translated_message(error))
            else:
                self.log_change(request, obj, str(decision.label))
                messages.success(request, _("Done: %(decision)s.") % {"decision": decision.label})
            return redirect(back)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": obj,
            "title": decision.label,
            "form": form,
            "back": back,
        }
        return TemplateResponse(request, "admin/moderation/decision.html", context)

    def _decision_url(self, obj, decision: Decision) -> str:
        return reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_decide", args=[obj.pk, decision.slug])
