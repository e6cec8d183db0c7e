"""Every engine message has a German and a Greek translation with the same placeholders."""

import re
from pathlib import Path

import pytest

from tichu.engine.errors import MESSAGES

LOCALE = Path(__file__).resolve().parents[3] / "tichu" / "locale"


def _catalog(language):
    """msgid -> msgstr of the non-fuzzy entries (strings may continue over several lines)."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    catalog = {}
    for block in text.split("\n\n"):
        if "#, fuzzy" in block:
            continue
        fields = {}
        key = None
        for line in block.splitlines():
            match = re.match(r'^(msgid|msgstr) "(.*)"$', line)
            if match:
                key = match.group(1)
                fields[key] = match.group(2)
            elif key and line.startswith('"'):
                fields[key] += line[1:-1]
        if fields.get("msgid"):
            catalog[fields["msgid"].replace('\\"', '"')] = fields.get("msgstr", "").replace('\\"', '"')
    return catalog


@pytest.mark.parametrize("language", ["de", "el"])
def test_every_message_is_translated_with_its_placeholders(language):
    catalog = _catalog(language)
    for message in MESSAGES.values():
        assert catalog.get(message), message
        assert sorted(re.findall(r"%\(\w+\)s", catalog[message])) == sorted(re.findall(r"%\(\w+\)s", message))
