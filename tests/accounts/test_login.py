import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def _login(client, username="alice", password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_it_logs_in_with_the_right_password(client, alice):
    response = _login(client)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_refuses_a_wrong_password_with_a_clear_message(client, alice):
    response = _login(client, password="wrong")
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_locks_the_name_after_five_wrong_passwords(client, alice):
    for _ in range(5):
        _login(client, password="wrong")
    response = _login(client)  # even the right password is refused while locked
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_logging_out_needs_a_post_and_ends_the_session(client, alice):
    client.force_login(alice)
    assert client.get(reverse("logout")).status_code == 405
    assert client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_forged_csrf_token_is_refused(alice):
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("login"))
    response = client.post(
        reverse("login"), {"username": "alice", "password": PASSWORD, "csrfmiddlewaretoken": "forged" * 8}
    )
    assert response.status_code == 403
    assert "_auth_user_id" not in client.session


def test_a_password_change_needs_the_old_password(client, alice):
    client.force_login(alice)
    url = reverse("password_change")
    new = "another long phrase 42"
    response = client.post(url, {"old_password": "nope", "new_password1": new, "new_password2": new})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
    response = client.post(url, {"old_password": PASSWORD, "new_password1": new, "new_password2": new})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(new)
