"""Tournaments speak the site's three languages: every string of the app is translated, and the
page reads in German and Greek (the scoring rule too; a game's own rule is its test's, e.g.
tests/tichu/test_tournament_scoring.py)."""

from pathlib import Path

import pytest
from django.urls import reverse

from tests.tournaments.conftest import arena

LOCALE = Path(__file__).resolve().parents[2] / "tournaments" / "locale"


@pytest.mark.parametrize("language", ["de", "el"])
def test_every_message_is_translated(language):
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    blocks = text.split("\n\n")
    untranslated = [b for b in blocks[1:] if b.rstrip().endswith('msgstr ""') or 'msgstr[1] ""' in b]
    assert len(blocks) > 60 and untranslated == [] and "#, fuzzy" not in text


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "words"), [
    ("de", ["Tabelle", "Laufende Spiele", "Punkte nach Platz, vom ersten bis zum letzten: 4, 2, 1, 0.", "Endet in"]),
    ("el", ["Κατάταξη", "Παιχνίδια σε εξέλιξη", "Βαθμοί ανά θέση, από τον πρώτο ως τον τελευταίο: 4, 2, 1, 0.",
            "Τελειώνει σε"]),
])
def test_the_page_reads_in_the_players_language(client, language, words):
    tournament = arena("dummy", {"players": 4})
    client.post(reverse("set_language"), {"language": language})
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert all(word in page for word in words), [w for w in words if w not in page]
