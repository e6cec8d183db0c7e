import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _switch(client, language, next_url="/"):
    return client.post(reverse("set_language"), {"language": language, "next": next_url})


def test_a_visitor_switching_to_german_sees_german_pages(client):
    assert "Play together online" in client.get("/").content.decode()
    _switch(client, "de")
    page = client.get("/").content.decode()
    assert "Gemeinsam online spielen" in page
    assert '<html lang="de">' in page


def test_greek_is_offered_and_works(client):
    _switch(client, "el")
    assert "Παίξτε μαζί online" in client.get("/").content.decode()


def test_a_players_choice_follows_them_to_a_new_device(client, alice, django_user_model):
    client.force_login(alice)
    _switch(client, "de")
    alice.refresh_from_db()
    assert alice.language == "de"
    other_device = type(client)()
    other_device.force_login(alice)
    assert "Gemeinsam online spielen" in other_device.get("/").content.decode()


def test_an_unknown_language_changes_nothing(client, alice):
    client.force_login(alice)
    response = _switch(client, "xx")
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.language == ""
    assert "Play together online" in client.get("/").content.decode()


def test_it_never_redirects_to_another_site(client):
    response = _switch(client, "de", next_url="https://evil.example/")
    assert response.url == "/"
