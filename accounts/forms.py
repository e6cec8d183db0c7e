from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User


def _email_taken(email: str, exclude_pk: int | None = None) -> bool:
    others = User.objects.filter(email__iexact=email)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    return others.exists()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Only used to recover your account, after you confirm it."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if email and _email_taken(email):
            raise forms.ValidationError(_("Another account already uses this e-mail address."))
        return email


class EmailForm(forms.Form):
    email = forms.EmailField(label=_("E-mail"), required=False)

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if email and _email_taken(email, exclude_pk=self.user.pk):
            raise forms.ValidationError(_("Another account already uses this e-mail address."))
        return email


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=User._meta.get_field("language").choices)


class VerifiedEmailPasswordResetForm(PasswordResetForm):
    """Reset mails go only to addresses their owner has confirmed: an unconfirmed address may
    have been typed by someone else, and must not become a way into the account."""

    def get_users(self, email):
        return (user for user in super().get_users(email) if user.email_verified)
