"""The ratings pages speak the reader's language."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading", "provisional"),
    [
        ("en", "<h1>Leaderboard</h1>", "Provisional players"),
        ("de", "<h1>Rangliste</h1>", "Spieler mit vorläufiger Wertung"),
        ("el", "<h1>Κατάταξη</h1>", "Παίκτες με προσωρινή βαθμολογία"),
    ],
)
def test_the_leaderboard_heading_is_translated(client, language, heading, provisional):
    html = client.get(reverse("leaderboard"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert heading in html
    assert provisional in html


@pytest.mark.parametrize(("language", "heading"), [("de", "Wertungen"), ("el", "Βαθμολογίες")])
def test_the_profile_ratings_heading_is_translated(client, alice, language, heading):
    html = client.get(reverse("profile", args=["alice"]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<h2>{heading}</h2>" in html
