"""Tichu scores its tournament games its own way (a double victory scores more), and the
tournament page says so in the reader's language (moved from tests/tournaments, whose page
test runs over the dummy game)."""

import pytest
from django.urls import reverse

from tests.tournaments.conftest import arena

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "rule"), [
    ("en", "A win scores 2 points, or 3 if the winners made a double victory in the game"),
    ("de", "Ein Sieg zählt 2 Punkte"),
    ("el", "Μια νίκη δίνει 2 βαθμούς"),
])
def test_the_tournament_page_says_tichus_scoring_rule(client, language, rule):
    tournament = arena("tichu")
    client.post(reverse("set_language"), {"language": language})
    assert rule in client.get(tournament.get_absolute_url()).content.decode()
