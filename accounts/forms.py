"""The account forms. Neither e-mail field says whether another account uses the address: the
mail sent to it does (accounts.verification), so the forms give no way to learn who is here."""

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User


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
        return self.cleaned_data["email"].strip()


class KeepAccountForm(SignUpForm):
    """A guest becomes a full account: a name and a password of their own (an e-mail if they
    like) on the same row, so its games and history stay theirs."""

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.is_guest = False
        if commit:
            user.save()
        return user


class EmailForm(forms.Form):
    email = forms.EmailField(label=_("E-mail"), required=False)

    def clean_email(self) -> str:
        return self.cleaned_data["email"].strip()


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=User._meta.get_field("language").choices)


class SoundForm(forms.Form):
    off = forms.TypedChoiceField(choices=(("0", _("on")), ("1", _("off"))), coerce=lambda value: value == "1")


class VerifiedEmailPasswordResetForm(PasswordResetForm):
    """Reset mails go only to addresses their owner has confirmed: an unconfirmed address may
    have been typed by someone else, and must not become a way into the account."""

    def get_users(self, email):
        return (user for user in super().get_users(email) if user.email_verified)


class PasswordConfirmForm(forms.Form):
    """A player's own password, asked again before their data leaves or their account goes."""

    password = forms.CharField(label=_("Your password"), strip=False, widget=forms.PasswordInput)

    def __init__(self, *args, user: User, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password


class DeleteAccountForm(PasswordConfirmForm):
    confirm = forms.BooleanField(label=_("I understand that my account cannot be restored."))
