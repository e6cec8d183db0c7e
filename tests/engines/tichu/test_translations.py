"""Every engine message has a German and a Greek translation with the same placeholders."""

import re
from pathlib import Path

import pytest

from games.engines.tichu.errors import MESSAGES

LOCALE = Path(__file__).resolve().parents[3] / "games" / "locale"


def _catalog(language):
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    pairs = re.findall(r'^msgid "(.*)"\nmsgstr "(.*)"$', text, re.MULTILINE)
    return {msgid.replace('\\"', '"'): msgstr.replace('\\"', '"') for msgid, msgstr in pairs if msgid}


@pytest.mark.parametrize("language", ["de", "el"])
def test_every_message_is_translated_with_its_placeholders(language):
    catalog = _catalog(language)
    for message in MESSAGES.values():
        assert catalog.get(message), message
        assert sorted(re.findall(r"%\(\w+\)s", catalog[message])) == sorted(re.findall(r"%\(\w+\)s", message))
