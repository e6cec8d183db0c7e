"""Staff grant and revoke coins and styles here, always with a reason that lands in the audit
log (coins.staff). The ledger itself is never edited: a correction is a new entry."""

from django import forms
from django.contrib import admin, messages
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _

from coins import ledger, staff, styles
from coins.errors import CoinsError
from coins.models import Entry, Ownership
from moderation.admin.decisions import Decision, DecisionsMixin


class StaffEntryForm(forms.ModelForm):
    GRANT, REVOKE = "grant", "revoke"
    direction = forms.ChoiceField(label=_("change"), choices=[(GRANT, _("grant coins")), (REVOKE, _("revoke coins"))])
    coins = forms.IntegerField(label=_("coins"), min_value=1, max_value=100_000)
    why = forms.CharField(label=_("why"), widget=forms.Textarea(attrs={"rows": 3, "cols": 60}), max_length=2000)

    class Meta:
        model = Entry
        fields = ["user"]

    def signed_amount(self) -> int:
        coins = self.cleaned_data["coins"]
        return coins if self.cleaned_data["direction"] == self.GRANT else -coins

    def clean(self):
        cleaned = super().clean()
        user = cleaned.get("user")
        if user is not None and cleaned.get("coins") and cleaned.get("direction"):
            if ledger.balance(user) + self.signed_amount() < 0:
                raise forms.ValidationError(CoinsError("below_zero").message)
        return cleaned


class StaffChangeMixin:
    """Adding goes through a staff service; one refused at the last moment (a purchase in
    between) is reported on the add page and changes nothing."""

    def save_model(self, request, obj, form, change) -> None:
        try:
            done = self.run_service(request, form)
        except CoinsError as error:
            request.coins_refusal = error.message
            return
        obj.pk = done.pk
        obj.refresh_from_db()  # the admin's messages and log name the row the service wrote

    def response_add(self, request, obj, post_url_continue=None):
        refusal = getattr(request, "coins_refusal", None)
        if refusal:
            messages.error(request, refusal)
            return redirect(request.path)
        return super().response_add(request, obj, post_url_continue)

    def log_addition(self, request, obj, message):
        if not getattr(request, "coins_refusal", None):
            super().log_addition(request, obj, message)


@admin.register(Entry)
class EntryAdmin(StaffChangeMixin, admin.ModelAdmin):
    form = StaffEntryForm
    list_display = ["user", "amount", "reason", "style", "note", "by", "when"]
    list_filter = ["reason"]
    search_fields = ["user__username"]
    list_select_related = ["user", "by"]
    raw_id_fields = ["user"]
    date_hierarchy = "when"

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["user", "direction", "coins", "why"]
        return ["user", "amount", "reason", "style", "note", "by", "when"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:
            kwargs["form"] = forms.ModelForm
        return super().get_form(request, obj, change, **kwargs)

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def run_service(self, request, form):
        amount, data = form.signed_amount(), form.cleaned_data
        move = staff.grant_coins if amount > 0 else staff.revoke_coins
        return move(user=data["user"], amount=abs(amount), by=request.user, why=data["why"])


class StaffStyleForm(forms.ModelForm):
    style = forms.ChoiceField(label=_("style"), choices=lambda: [
        (key, f"{styles.kinds()[style.kind].label}: {style.label}") for key, style in styles.all_styles().items()])
    why = forms.CharField(label=_("why"), widget=forms.Textarea(attrs={"rows": 3, "cols": 60}), max_length=2000)

    class Meta:
        model = Ownership
        fields = ["user", "style"]  # the model's constraint refuses a style already owned


@admin.register(Ownership)
class OwnershipAdmin(StaffChangeMixin, DecisionsMixin):
    form = StaffStyleForm
    list_display = ["user", "style", "since", "granted_by", "revoked_at", "revoked_by"]
    list_filter = ["style", ("revoked_at", admin.EmptyFieldListFilter)]
    search_fields = ["user__username"]
    list_select_related = ["user", "granted_by", "revoked_by"]
    raw_id_fields = ["user"]
    decisions = (
        Decision(
            slug="revoke",
            label=_("Revoke this style"),
            why_label=_("Why it is revoked"),
            available=lambda owned: owned.revoked_at is None,
            run=lambda owned, *, by, why: staff.revoke_style(ownership=owned, by=by, why=why),
        ),
    )

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["user", "style", "why"]
        return ["user", "style", "since", "entry", "granted_by", "revoked_at", "revoked_by"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:
            kwargs["form"] = forms.ModelForm
        return super().get_form(request, obj, change, **kwargs)

    def run_service(self, request, form):
        data = form.cleaned_data
        return staff.grant_style(user=data["user"], key=data["style"], by=request.user, why=data["why"])
