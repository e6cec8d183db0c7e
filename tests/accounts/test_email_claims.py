"""An address blocks other accounts only once its owner confirmed it, and the forms never tell
whether an address is in use: an unconfirmed claim blocks nobody (so nobody can lock a victim
out of their own address by typing it first), and a confirmed address taken by another
account is answered exactly like a free one, while the mail to it says it is in use."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import IntegrityError
from django.urls import reverse

from accounts import verification

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD = "a quiet dragon 77"


def sign_up(client, username: str, email: str):
    form = {"username": username, "email": email, "password1": GOOD, "password2": GOOD}
    return client.post(reverse("signup"), form, follow=True)


def change_email(client, user, email: str):
    client.force_login(user)
    return client.post(reverse("account_settings"), {"email": email}, follow=True)


def shown(response, email: str) -> list[str]:
    """The messages a page shows, the address and name written out of them."""
    return [str(m).replace(email, "<email>") for m in response.context["messages"]]


def link_in(message) -> str:
    return re.search(r"http://testserver(/accounts/verify/\S+/)", message.body).group(1)


def test_an_unconfirmed_address_blocks_nobody(client, alice):
    alice.email = "shared@example.com"
    alice.save()
    response = sign_up(client, "carol", "SHARED@example.com")
    assert response.redirect_chain[-1][0] == reverse("home")
    carol = User.objects.get(username="carol")
    assert carol.email == "SHARED@example.com" and not carol.email_verified
    assert mail.outbox[-1].to == ["SHARED@example.com"] and "/accounts/verify/" in mail.outbox[-1].body
    change_email(client, User.objects.create_user("dave", password=GOOD), "shared@example.com")
    assert User.objects.get(username="dave").email == "shared@example.com"
    assert "/accounts/verify/" in mail.outbox[-1].body


def test_signing_up_with_a_confirmed_address_looks_like_signing_up_with_a_free_one(client, bob):
    free = sign_up(client, "carol", "free@example.com")
    client.post(reverse("logout"))
    taken = sign_up(client, "dave", "bob@example.com")
    assert taken.status_code == free.status_code == 200
    assert taken.redirect_chain == free.redirect_chain
    assert shown(taken, "bob@example.com") == [m.replace("carol", "dave") for m in shown(free, "free@example.com")]
    in_use = mail.outbox[-1]
    assert in_use.to == ["bob@example.com"]
    assert "/accounts/verify/" not in in_use.body and "already" in in_use.body
    assert User.objects.get(username="bob").email_verified
    assert not User.objects.get(username="dave").email_verified


def test_changing_to_a_confirmed_address_looks_like_changing_to_a_free_one(client, alice, bob):
    free = change_email(client, alice, "free@example.com")
    taken = change_email(client, alice, "bob@example.com")
    assert taken.redirect_chain == free.redirect_chain
    assert shown(taken, "bob@example.com") == shown(free, "free@example.com")
    assert mail.outbox[-1].to == ["bob@example.com"] and "/accounts/verify/" not in mail.outbox[-1].body
    client.post(reverse("resend_verification"))
    assert "/accounts/verify/" not in mail.outbox[-1].body


def test_confirming_an_address_drops_the_other_accounts_unconfirmed_claims(client, alice, django_user_model):
    carol = django_user_model.objects.create_user("carol", password=GOOD, email="Shared@example.com")
    change_email(client, alice, "shared@example.com")
    carols_link = verification.make_token(carol)
    client.get(link_in(mail.outbox[-1]))
    alice.refresh_from_db()
    carol.refresh_from_db()
    assert alice.email_verified and (carol.email, carol.email_verified) == ("", False)
    assert verification.confirm(carols_link) is None


def test_a_link_for_an_address_another_account_confirmed_since_confirms_nothing(client, bob, django_user_model):
    carol = django_user_model.objects.create_user("carol", password=GOOD)
    change_email(client, carol, "bob@example.com")
    response = client.get(reverse("verify_email", args=[verification.make_token(carol)]), follow=True)
    assert "invalid or has expired" in response.content.decode()
    carol.refresh_from_db()
    assert not carol.email_verified


def test_a_password_reset_goes_only_to_the_account_that_confirmed_the_address(client, bob, django_user_model):
    django_user_model.objects.create_user("mallory", password=GOOD, email="bob@example.com")
    client.post(reverse("password_reset"), {"email": "bob@example.com"})
    assert len(mail.outbox) == 1
    assert "bob" in mail.outbox[0].body and "mallory" not in mail.outbox[0].body


def test_two_accounts_cannot_both_confirm_one_address(bob, django_user_model):
    with pytest.raises(IntegrityError):
        django_user_model.objects.create_user("carol", email="BOB@example.com", email_verified=True)


def test_the_in_use_mail_speaks_the_language_of_the_page(client, alice, bob):
    alice.language = "de"
    alice.save()
    change_email(client, alice, "bob@example.com")
    assert mail.outbox[-1].subject == "Deine E-Mail-Adresse wird bei Stich bereits verwendet"
    assert "gehört bereits zu einem Konto" in mail.outbox[-1].body
