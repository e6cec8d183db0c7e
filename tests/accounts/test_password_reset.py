import re

import pytest
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _reset_link() -> str:
    return re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[-1].body).group(1)


def test_a_confirmed_address_receives_a_link_that_sets_a_new_password(client, bob):
    client.post(reverse("password_reset"), {"email": "bob@example.com"})
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["bob@example.com"]
    form_url = client.get(_reset_link()).url  # Django swaps the token for a session marker
    new = "a fresh long password 9"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.check_password(new)


def test_an_unconfirmed_address_receives_nothing(client, alice):
    alice.email = "alice@example.com"
    alice.save()
    response = client.post(reverse("password_reset"), {"email": "alice@example.com"})
    assert response.status_code == 302  # same answer as for a confirmed one: no account probing
    assert mail.outbox == []


def test_an_unknown_address_receives_nothing(client, bob):
    client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert mail.outbox == []


def test_a_tampered_reset_link_is_refused(client, bob):
    client.post(reverse("password_reset"), {"email": "bob@example.com"})
    link = _reset_link()
    tampered = link[:-3] + ("aa/" if not link.endswith("aa/") else "bb/")
    response = client.get(tampered)
    assert "This link no longer works" in response.content.decode()


def test_a_weak_new_password_is_refused(client, bob):
    client.post(reverse("password_reset"), {"email": "bob@example.com"})
    form_url = client.get(_reset_link()).url
    response = client.post(form_url, {"new_password1": "password", "new_password2": "password"})
    assert response.status_code == 200
    bob.refresh_from_db()
    assert not bob.check_password("password")
