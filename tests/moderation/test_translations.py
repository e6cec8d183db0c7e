"""Every moderation string has a German and a Greek translation."""

from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "moderation" / "locale"


@pytest.mark.parametrize("language", ["de", "el"])
def test_every_message_is_translated(language):
    blocks = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8").split("\n\n")
    untranslated = [
        block for block in blocks[1:] if block.rstrip().endswith('msgstr ""') or 'msgstr[1] ""' in block
    ]
    assert untranslated == []
