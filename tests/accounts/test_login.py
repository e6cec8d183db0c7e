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


def test_an_address_trying_many_names_is_paused_for_every_name(client, alice, settings, django_user_model):
    """Password spraying: one wrong password for each of many names, from one address."""
    names = [f"player{i}" for i in range(settings.AXES_IP_FAILURE_LIMIT)]
    for name in names:
        django_user_model.objects.create_user(name, password=PASSWORD)
    for name in names[:-1]:
        assert _login(client, username=name, password="wrong").status_code == 200
    _login(client)  # the owner of an account logging in clears their own failures, not the others'
    client.logout()
    assert _login(client, username=names[-1], password="wrong").status_code == 429
    response = _login(client)
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session
    elsewhere = Client(REMOTE_ADDR="192.0.2.7")
    assert _login(elsewhere).status_code == 302


def test_an_address_pauses_only_after_more_failures_than_a_name(client, settings, django_user_model):
    assert settings.AXES_IP_FAILURE_LIMIT > settings.AXES_FAILURE_LIMIT
    for i in range(settings.AXES_FAILURE_LIMIT):
        django_user_model.objects.create_user(f"player{i}", password=PASSWORD)
        _login(client, username=f"player{i}", password="wrong")
    assert _login(client, username="player0").status_code == 302
