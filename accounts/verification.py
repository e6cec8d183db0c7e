"""E-mail confirmation links: a signed, time-limited token naming the user and the address,
so a link for an address that has since changed is worthless.

Only a confirmed address belongs to an account (the unique constraint covers confirmed
addresses only): anyone may type an address, and that claim blocks nobody until its owner
confirms it, which drops every other account's claim to it. A form never says that an
address is taken; the mail sent to it does, to its owner only."""

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import User

_SALT = "accounts.email-verification"


def make_token(user: User) -> str:
    return signing.dumps({"user": user.pk, "email": user.email}, salt=_SALT)


def confirm(token: str) -> User | None:
    """The user whose address the token confirms, or None for a bad, old or stale token, or
    one for an address another account confirmed first."""
    try:
        data = signing.loads(token, salt=_SALT, max_age=settings.EMAIL_VERIFICATION_MAX_AGE)
    except signing.BadSignature:
        return None
    try:
        with transaction.atomic():
            user = User.objects.filter(pk=data.get("user"), email=data.get("email")).exclude(email="").first()
            if user is None or confirmed_elsewhere(user):
                return None
            user.email_verified = True
            user.save(update_fields=["email_verified"])
            User.objects.filter(email__iexact=user.email, email_verified=False).exclude(pk=user.pk).update(email="")
    except IntegrityError:  # another account confirmed it at the same moment
        return None
    return user


def confirmed_elsewhere(user: User) -> bool:
    return User.objects.filter(email__iexact=user.email, email_verified=True).exclude(pk=user.pk).exists()


def send_verification(request, user: User) -> None:
    """A confirmation link; or, for an address another account has confirmed, a note to it
    that it is in use — the page that sent it looks the same either way."""
    url = request.build_absolute_uri
    if confirmed_elsewhere(user):
        template = "accounts/email_in_use"
        context = {"login": url(reverse("login")), "reset": url(reverse("password_reset"))}
    else:
        template = "accounts/verify_email"
        context = {"user": user, "link": url(reverse("verify_email", args=[make_token(user)]))}
    send_mail(
        subject=render_to_string(f"{template}_subject.txt", context).strip(),
        message=render_to_string(f"{template}.txt", context),
        from_email=None,
        recipient_list=[user.email],
    )
