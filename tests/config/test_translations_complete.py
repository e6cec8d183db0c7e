"""Every message the site can show has its German and Greek translation: the site's sources
are scanned as `makemessages` does (in a copy, so the catalogues here stay as they are) and
no message may be left untranslated or only guessed (fuzzy)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Not the site: the test suite's own game and the benchmarks say nothing to a player.
NOT_THE_SITE = (".venv", ".git", "staticfiles", "var", "node_modules", "tests", "bench")


@pytest.mark.skipif(shutil.which("msgattrib") is None, reason="gettext's tools are not installed")
def test_every_message_of_the_site_is_translated_to_german_and_greek(tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(ROOT, copy, ignore=lambda folder, names: [n for n in names if n in NOT_THE_SITE
                                                                 or n.endswith((".pyc", ".mo"))])
    subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "de", "-l", "el", "--verbosity", "0"],
                   cwd=copy, check=True)
    missing = {}
    for language in ("de", "el"):
        catalogue = copy / "locale" / language / "LC_MESSAGES" / "django.po"
        for flag in ("--untranslated", "--only-fuzzy"):
            found = subprocess.run(["msgattrib", flag, "--no-obsolete", "--no-wrap", str(catalogue)],
                                   capture_output=True, text=True, check=True).stdout
            ids = [line[len('msgid "'):-1] for line in found.splitlines() if line.startswith('msgid "')]
            missing[language, flag] = [i for i in ids if i]
    assert all(not ids for ids in missing.values()), missing
