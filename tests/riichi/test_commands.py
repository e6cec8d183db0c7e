"""`manage.py import_tenhou` and `manage.py replay` on real Tenhou matches, as an operator runs them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.engine import import_tenhou, load_tenhou_text, replay

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT.parent / "shared" / "data" / "tenhou").glob("*.json"))


def _manage(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.skipif(not LOGS, reason="the shared Tenhou logs are not beside this checkout")
def test_a_real_match_imports_and_replays_to_its_final_scores(tmp_path):
    log = LOGS[0]
    out = tmp_path / "record.json"
    imported = _manage("import_tenhou", str(log), "-o", str(out))
    assert imported.returncode == 0, imported.stderr
    record = json.loads(out.read_text())
    assert record["format"] == "riichi-record/1"
    replayed = _manage("replay", str(out))
    assert replayed.returncode == 0, replayed.stdout
    # The engine's own replay of the log, which tests/riichi/engine/test_tenhou_logs.py checks
    # against every logged delta and final score.
    expected = replay(import_tenhou(load_tenhou_text(log.read_text())))
    assert json.loads(replayed.stdout) == json.loads(json.dumps(expected)) and expected["ok"]
    piped = _manage("import_tenhou", "-", stdin=log.read_text())
    assert piped.returncode == 0 and json.loads(piped.stdout) == record


def test_a_log_that_is_no_log_gets_one_line_on_stderr_and_exit_1(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": [[["not", "a", "hand"]]]}')
    result = _manage("import_tenhou", str(bad))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("import_tenhou: ") and result.stderr.strip().count("\n") == 0
    missing = _manage("import_tenhou", str(tmp_path / "nowhere.json"))
    assert missing.returncode == 1 and missing.stderr.startswith("import_tenhou: ")
