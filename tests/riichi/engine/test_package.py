"""The engine's shape: no Django, a message for every error code, the public API."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

import riichi.engine
from riichi.engine import MESSAGES, IllegalAction

PACKAGE = Path(riichi.engine.__file__).parent
ROOT = PACKAGE.parents[1]


def test_the_engine_imports_no_django():
    code = ("import sys; import riichi.engine; "
            "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_the_scoring_package_is_not_shadowed():
    import mahjong
    assert Path(mahjong.__file__).parent.parent != ROOT
    assert "mahjong==2.1.0" in (ROOT / "requirements.txt").read_text().split()


def test_every_error_code_raised_in_the_engine_has_a_message():
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py"))
    raised = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', source))
    raised |= set(re.findall(r'return "(riichi_[a-z_]+)"', source))
    assert raised == set(MESSAGES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_messages_fill_their_parameters(code):
    params = {name: "x" for name in re.findall(r"%\((\w+)\)s", MESSAGES[code])}
    assert "%(" not in IllegalAction(code, **params).message


def test_the_public_api():
    for name in ("new_game", "next_hand", "apply", "legal_actions", "view", "to_json", "from_json",
                 "shuffled_deal", "build_record", "replay", "replay_text",
                 "server_actions", "MESSAGES", "IllegalAction"):
        assert hasattr(riichi.engine, name)
