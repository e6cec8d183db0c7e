"""Coins speak the site's three languages: every string of the app is translated, and the shop
reads in German and Greek."""

from pathlib import Path

import pytest
from django.urls import reverse

LOCALE = Path(__file__).resolve().parents[2] / "coins" / "locale"


@pytest.mark.parametrize("language", ["de", "el"])
def test_every_message_is_translated(language):
    blocks = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8").split("\n\n")
    untranslated = [b for b in blocks[1:] if b.rstrip().endswith('msgstr ""') or 'msgstr[1] ""' in b]
    assert len(blocks) > 80 and untranslated == []


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "words"), [
    ("de", ["Kartenrücken", "Für 30 Münzen kaufen", "Einchecken: +10 Münzen", "0 Münzen"]),
    ("el", ["Πλάτες τράπουλας", "Αγορά για 30 νομίσματα", "Check-in: +10 νομίσματα", "0 νομίσματα"]),
])
def test_the_shop_reads_in_the_players_language(client, alice, settings, language, words):
    settings.COINS_CHECK_IN = 10
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": language})
    page = client.get(reverse("coins:shop")).content.decode()
    assert all(word in page for word in words), [w for w in words if w not in page]
