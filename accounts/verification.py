"""E-mail confirmation links: a signed, time-limited token naming the user and the address,
so a link for an address that has since changed is worthless."""

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.models import User

_SALT = "accounts.email-verification"


def make_token(user: User) -> str:
    return signing.dumps({"user": user.pk, "email": user.email}, salt=_SALT)


def confirm(token: str) -> User | None:
    """The user whose address the token confirms, or None for a bad, old or stale token."""
    try:
        data = signing.loads(token, salt=_SALT, max_age=settings.EMAIL_VERIFICATION_MAX_AGE)
    except signing.BadSignature:
        return None
    user = User.objects.filter(pk=data.get("user"), email=data.get("email")).exclude(email="").first()
    if user is None:
        return None
    user.email_verified = True
    user.save(update_fields=["email_verified"])
    return user


def send_verification(request, user: User) -> None:
    link = request.build_absolute_uri(reverse("verify_email", args=[make_token(user)]))
    context = {"user": user, "link": link}
    send_mail(
        subject=render_to_string("accounts/verify_email_subject.txt", context).strip(),
        message=render_to_string("accounts/verify_email.txt", context),
        from_email=None,
        recipient_list=[user.email],
    )
