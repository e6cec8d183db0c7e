import re

import pytest
from django.core import mail
from django.urls import reverse
from django.utils.formats import date_format

from accounts import verification

pytestmark = pytest.mark.django_db


def _link_path() -> str:
    return re.search(r"http://testserver(/accounts/verify/\S+/)", mail.outbox[-1].body).group(1)


def test_adding_an_address_sends_a_link_that_confirms_it(client, alice):
    client.force_login(alice)
    client.post(reverse("account_settings"), {"email": "alice@example.com"})
    alice.refresh_from_db()
    assert alice.email == "alice@example.com" and not alice.email_verified
    client.get(_link_path())
    alice.refresh_from_db()
    assert alice.email_verified


def test_a_link_for_an_address_that_changed_since_confirms_nothing(client, alice):
    alice.email = "old@example.com"
    alice.save()
    token = verification.make_token(alice)
    alice.email = "new@example.com"
    alice.save()
    client.get(reverse("verify_email", args=[token]))
    alice.refresh_from_db()
    assert not alice.email_verified


def test_a_forged_token_confirms_nothing(client, alice):
    alice.email = "a@example.com"
    alice.save()
    response = client.get(reverse("verify_email", args=["not-a-token"]), follow=True)
    assert "invalid or has expired" in response.content.decode()
    alice.refresh_from_db()
    assert not alice.email_verified


def test_changing_a_confirmed_address_needs_a_new_confirmation(client, bob):
    client.force_login(bob)
    client.post(reverse("account_settings"), {"email": "bob2@example.com"})
    bob.refresh_from_db()
    assert (bob.email, bob.email_verified) == ("bob2@example.com", False)


def test_the_profile_is_public_and_shows_the_member_since_date(client, alice):
    response = client.get(reverse("profile", args=["alice"]))
    assert "alice" in response.content.decode()
    assert f"Member since {date_format(alice.date_joined)}" in response.content.decode()
    assert client.get(reverse("profile", args=["nobody"])).status_code == 404
