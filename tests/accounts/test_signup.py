import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD = "a quiet dragon 77"


def _signup(client, **data):
    form = {"username": "carol", "email": "", "password1": GOOD, "password2": GOOD} | data
    return client.post(reverse("signup"), form)


def test_it_creates_the_account_and_logs_the_player_in(client):
    response = _signup(client)
    assert response.status_code == 302
    assert User.objects.get(username="carol").check_password(GOOD)
    assert client.get(reverse("account_settings")).status_code == 200


def test_it_refuses_a_taken_username_whatever_its_case(client, alice):
    response = _signup(client, username="ALICE")
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username__iexact="alice").count() == 1


def test_it_refuses_a_weak_password(client):
    response = _signup(client, password1="12345678", password2="12345678")
    assert "This password is too common." in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


def test_it_refuses_two_different_passwords(client):
    response = _signup(client, password2=GOOD + "x")
    assert response.status_code == 200
    assert not User.objects.filter(username="carol").exists()


def test_an_email_given_at_sign_up_is_sent_a_confirmation_link(client):
    _signup(client, email="carol@example.com")
    carol = User.objects.get(username="carol")
    assert carol.email == "carol@example.com" and not carol.email_verified
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["carol@example.com"]
    assert "/accounts/verify/" in mail.outbox[0].body


def test_the_email_is_optional(client):
    _signup(client)
    assert User.objects.get(username="carol").email == ""
    assert mail.outbox == []
