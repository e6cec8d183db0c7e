"""The engine's shape: card names, messages and their translations, no Django."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from daifugo import engine as daifugo
from daifugo.engine import MESSAGES, TITLE_NAMES, IllegalAction
from daifugo.engine.cards import CARD_NAMES

PACKAGE = Path(daifugo.__file__).parent
ROOT = PACKAGE.parents[1]


def test_the_engine_and_its_bots_import_no_django():
    code = ("import sys; import daifugo.engine, daifugo.bots.arena; "
            "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_card_names_are_the_standard_card_faces():
    source = (ROOT / "cards" / "deck.py").read_text()
    suits = re.search(r'STANDARD_SUITS = \(([^)]*)\)', source).group(1)
    ranks = re.search(r'^RANKS = \(([^)]*)\)', source, re.M).group(1)
    faces = {f"{s}-{r}" for s in re.findall(r'"([^"]+)"', suits) for r in re.findall(r'"([^"]+)"', ranks)}
    assert set(CARD_NAMES) == faces
    assert len(CARD_NAMES) == 52


def test_every_error_code_raised_in_the_engine_has_a_message():
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py"))
    raised = set(re.findall(r'IllegalAction\("([a-z_]+)"', source))
    assert raised == set(MESSAGES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_messages_fill_their_parameters(code):
    params = {name: "x" for name in re.findall(r"%\((\w+)\)s", MESSAGES[code])}
    assert "%(" not in IllegalAction(code, **params).message


def read_po(path):
    """msgid → msgstr of a hand-written .po file (single- and multi-line strings)."""
    entries = {}
    key = None
    current = {}
    for line in path.read_text().splitlines() + [""]:
        match = re.match(r'(msgid|msgstr) "(.*)"$', line)
        if match:
            key = match.group(1)
            current[key] = match.group(2)
        elif line.startswith('"') and key:
            current[key] += line[1:-1]
        elif not line.strip():
            if current.get("msgid"):
                entries[current["msgid"].replace('\\"', '"')] = current.get("msgstr", "").replace('\\"', '"')
            current, key = {}, None
    return entries


@pytest.mark.parametrize("language", ["de", "el"])
def test_every_message_and_title_is_translated_with_the_same_placeholders(language):
    entries = read_po(PACKAGE.parent / "locale" / language / "LC_MESSAGES" / "django.po")
    texts = set(MESSAGES.values()) | set(TITLE_NAMES.values())
    assert texts <= set(entries)
    for message in texts:
        assert entries[message]
        assert sorted(re.findall(r"%\(\w+\)s", entries[message])) == sorted(re.findall(r"%\(\w+\)s", message))
