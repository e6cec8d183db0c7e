"""One message, one translation. Django merges every catalogue of a language into one (the
project's own first, then the apps in INSTALLED_APPS order), so where two catalogues translate
the same message differently only one is ever shown, whichever app comes first. That once
headed every score sheet's hands with the replay's German "Spiel", and gave a vote that passed
the cards' "gepasst". A message that means different things in two places carries a context
(`pgettext`, `{% translate … context … %}`)."""

import gettext
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def _catalogues(language: str) -> list[Path]:
    """In Django's order of precedence: the project's own, then the apps'."""
    folders = [ROOT, *(ROOT / name for name in settings.INSTALLED_APPS)]
    paths = [folder / "locale" / language / "LC_MESSAGES" / "django.po" for folder in folders]
    return [path for path in paths if path.exists()]


def _messages(catalogue: Path, compiled: Path) -> dict:
    subprocess.run(["msgfmt", "-o", str(compiled), str(catalogue)], check=True)
    with compiled.open("rb") as file:
        return {key: text for key, text in gettext.GNUTranslations(file)._catalog.items() if key}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's tools are not installed")
@pytest.mark.parametrize("language", ["de", "el"])
def test_no_message_has_two_translations(language, tmp_path):
    translations = defaultdict(dict)
    for n, catalogue in enumerate(_catalogues(language)):
        for key, text in _messages(catalogue, tmp_path / f"{n}.mo").items():
            translations[key][str(catalogue.relative_to(ROOT))] = text
    assert len(translations) > 1000
    differing = {key: found for key, found in translations.items() if len(set(found.values())) > 1}
    assert differing == {}
