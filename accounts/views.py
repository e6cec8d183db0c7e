from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import override
from django.views.decorators.http import require_POST

from accounts import erasure, own_data, verification
from accounts.errors import AccountRefusal
from accounts.forms import (
    DeleteAccountForm,
    EmailForm,
    KeepAccountForm,
    LanguageForm,
    PasswordConfirmForm,
    SignUpForm,
    SoundForm,
)
from accounts.models import User
from games.errors import translated_message
from games.models import Table
from moderation import audit, devices
from moderation.models import AuditLog


class LoginView(auth_views.LoginView):
    """A signed-in player goes home, but a guest may sign in to an account they already have
    (the guest account stays behind, to be cleaned up when unused)."""

    redirect_authenticated_user = True

    def dispatch(self, request, *args, **kwargs):
        if getattr(request.user, "is_guest", False):
            self.redirect_authenticated_user = False
        return super().dispatch(request, *args, **kwargs)


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("keep_account" if request.user.is_guest else "home")
    refusal = devices.new_account_refusal(request)
    if refusal is not None:
        return render(request, "moderation/new_account_refused.html", {"why": translated_message(refusal)}, status=403)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.language = request.LANGUAGE_CODE if request.LANGUAGE_CODE in dict(settings.LANGUAGES) else ""
        user.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        devices.note(request, user)
        if user.email:
            verification.send_verification(request, user)
            messages.info(request, _("We sent a confirmation link to %(email)s.") % {"email": user.email})
        messages.success(request, _("Welcome to Stich, %(name)s!") % {"name": user.username})
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def keep_account(request: HttpRequest) -> HttpResponse:
    """A guest chooses a name and a password; the account, with its games, is theirs to keep."""
    guest = request.user
    if not guest.is_guest:
        return redirect("account_settings")
    form = KeepAccountForm(request.POST or None, instance=guest)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # The new password changes the session's hash: without this the player is signed out.
        update_session_auth_hash(request, user)
        if user.email:
            verification.send_verification(request, user)
            messages.info(request, _("We sent a confirmation link to %(email)s.") % {"email": user.email})
        messages.success(request, _("Your account is yours to keep, %(name)s.") % {"name": user.username})
        return redirect("profile", user.username)
    return render(request, "accounts/keep.html", {"form": form})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username=username, is_active=True)
    recent = Table.objects.filter(seats__user=player, status=Table.Status.FINISHED).order_by("-finished_at")
    if not (request.user.is_authenticated and request.user == player):
        recent = recent.exclude(options__private=True)
    return render(request, "accounts/profile.html", {"player": player, "recent_games": recent[:10]})


@login_required
def account_settings(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = EmailForm(request.POST or None, initial={"email": user.email})
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        if email != user.email:
            user.email = email
            user.email_verified = False
            user.save(update_fields=["email", "email_verified"])
            if email:
                verification.send_verification(request, user)
                messages.info(request, _("We sent a confirmation link to %(email)s.") % {"email": email})
            else:
                messages.info(request, _("Your e-mail address was removed."))
        return redirect("account_settings")
    return render(request, "accounts/settings.html", {"form": form})


@login_required
def download_data(request: HttpRequest) -> HttpResponse:
    """Everything stored about the player, as a zip of JSON, once they give their password."""
    if request.user.is_guest:
        return redirect("keep_account")
    form = PasswordConfirmForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        body = own_data.archive(request.user)
        audit.record(moderator=request.user, action=AuditLog.Action.EXPORT_DATA, target=request.user,
                     why="asked by the player", when=timezone.now())
        response = HttpResponse(body, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="stich-{request.user.pk}-data.zip"'
        return response
    return render(request, "accounts/download_data.html", {"form": form}, status=400 if form.errors else 200)


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """The player deletes their account (accounts.erasure), once they give their password."""
    if request.user.is_guest:
        return redirect("keep_account")
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            erasure.delete_account(request.user)
        except AccountRefusal as error:
            form.add_error(None, translated_message(error))
        else:
            logout(request)
            messages.success(request, _("Your account was deleted."))
            return redirect("home")
    return render(request, "accounts/delete_account.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_POST
def resend_verification(request: HttpRequest) -> HttpResponse:
    if request.user.email and not request.user.email_verified:
        verification.send_verification(request, request.user)
        messages.info(request, _("We sent a confirmation link to %(email)s.") % {"email": request.user.email})
    return redirect("account_settings")


def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    user = verification.confirm(token)
    if user is None:
        messages.error(request, _("This confirmation link is invalid or has expired."))
    else:
        messages.success(request, _("Your e-mail address %(email)s is confirmed.") % {"email": user.email})
    return redirect("account_settings" if request.user.is_authenticated else "login")


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Switch the interface language: saved on the account for players, in a cookie for all."""
    form = LanguageForm(request.POST)
    response = redirect(_next_url(request))
    if not form.is_valid():
        with override(request.LANGUAGE_CODE):
            messages.error(request, _("Unknown language."))
        return response
    language = form.cleaned_data["language"]
    if request.user.is_authenticated:
        request.user.language = language
        request.user.save(update_fields=["language"])
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        samesite="Lax",
    )
    return response


@require_POST
@login_required
def set_sound(request: HttpRequest) -> HttpResponse:
    """The table's sounds on or off for this account. The table page's switch posts here from
    its script (and reads the answer); without a script the form's post comes back to the page."""
    form = SoundForm(request.POST)
    wants_json = request.headers.get("Accept") == "application/json"
    if not form.is_valid():
        error = _("Choose whether the table's sounds are on or off.")
        if wants_json:
            return JsonResponse({"error": error}, status=400)
        messages.error(request, error)
    else:
        request.user.sound_off = form.cleaned_data["off"]
        request.user.save(update_fields=["sound_off"])
        if wants_json:
            return JsonResponse({"off": request.user.sound_off})
    return redirect(_next_url(request))


def _next_url(request: HttpRequest) -> str:
    """The page a switch's form came from (its `next`), if it is one of ours; else home."""
    next_url = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        return "/"
    return next_url
