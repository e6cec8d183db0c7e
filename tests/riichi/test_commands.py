"""`manage.py import_tenhou`, `export_tenhou` and `replay` on real Tenhou matches, as an operator
runs them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.engine import replay
from riichi.tenhou import import_tenhou, load_text
from tests.riichi.tenhou_logs import FILES as LOGS

ROOT = Path(__file__).resolve().parents[2]
needs_logs = pytest.mark.skipif(not LOGS, reason="the shared Tenhou logs are not beside this checkout")


def _manage(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=120)


@needs_logs
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
    expected = replay(import_tenhou(load_text(log.read_text())))
    assert json.loads(replayed.stdout) == json.loads(json.dumps(expected)) and expected["ok"]
    piped = _manage("import_tenhou", "-", stdin=log.read_text())
    assert piped.returncode == 0 and json.loads(piped.stdout) == record


@needs_logs
def test_a_real_match_exports_back_to_tenhous_own_hand_arrays(tmp_path):
    log = LOGS[1]
    record = tmp_path / "record.json"
    assert _manage("import_tenhou", str(log), "-o", str(record)).returncode == 0
    exported = _manage("export_tenhou", str(record))
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["log"] == load_text(log.read_text())["log"]
    written = tmp_path / "log.json"
    piped = _manage("export_tenhou", "-", "-o", str(written), stdin=record.read_text())
    assert piped.returncode == 0 and piped.stdout == ""
    assert json.loads(written.read_text()) == json.loads(exported.stdout)


@pytest.mark.parametrize("command, text, says", [
    ("import_tenhou", "this is not json", "Not a tenhou.net/6 log: not JSON"),
    ("import_tenhou", '{"log": [[["not", "a", "hand"]]]}', "Not a tenhou.net/6 log: hand 0"),
    ("import_tenhou", '{"rule": {"disp": "般南"}, "log": [1], "stich_rules": {"uma": [1, 2]}}',
     "Not a tenhou.net/6 log: stich_rules"),
    ("export_tenhou", "this is not json", "The record is not valid JSON"),
    ("export_tenhou", '{"format": "tichu-record/1", "hands": []}', "format must be 'riichi-record/1'"),
    ("export_tenhou", "[1, 2]", "A record must be a JSON object"),
    ("export_tenhou", '{"format": "riichi-record/1", "rules": {"length": "x"}, "rounds": []}',
     "options are not valid"),
    ("export_tenhou", '{"format": "riichi-record/1", "rounds": [{"haipai": {}, "actions": []}]}',
     "Not a valid Riichi record (round 0)"),
])
def test_bad_input_is_a_command_error_on_one_line_and_writes_nothing(tmp_path, command, text, says):
    source = tmp_path / "input.json"
    source.write_text(text)
    target = tmp_path / "output.json"
    result = _manage(command, str(source), "-o", str(target))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("CommandError: ") and says in result.stderr, result.stderr
    assert result.stderr.strip().count("\n") == 0
    assert not target.exists()


@pytest.mark.parametrize("command", ["import_tenhou", "export_tenhou"])
def test_a_missing_file_is_a_command_error(tmp_path, command):
    result = _manage(command, str(tmp_path / "nowhere.json"))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("CommandError: ") and "cannot be read" in result.stderr
