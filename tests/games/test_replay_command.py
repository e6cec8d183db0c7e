"""``manage.py replay``: prints the engine's replay output and exits 0 or 1."""

import io
import json
import random
import sys

import pytest
from django.core.management import call_command

from tichu.engine import build_record
from tests.tichu.engine.randomplay import random_game


def _run(args, stdin_text=None, monkeypatch=None):
    out = io.StringIO()
    if stdin_text is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    try:
        call_command("replay", *args, stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return json.loads(out.getvalue()), code


def test_it_prints_the_outcome_of_a_valid_record_and_exits_0(tmp_path):
    state = random_game(random.Random(3), hands=2)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(build_record(state)))
    result, code = _run([str(path)])
    assert code == 0 and result["ok"] is True
    assert result["totals"] == {"NS": state.totals[0], "EW": state.totals[1]}


def test_it_reads_standard_input_with_a_dash(monkeypatch):
    record = {"format": "tichu-record/1", "target": 1000, "hands": []}
    result, code = _run(["-"], json.dumps(record), monkeypatch)
    assert (result, code) == ({"ok": True, "hands": [], "totals": {"NS": 0, "EW": 0}, "winner": None}, 0)


@pytest.mark.parametrize("text", ["not json", "[]", '{"format": "tichu-record/1"}'])
def test_it_reports_an_invalid_record_and_exits_1(monkeypatch, text):
    result, code = _run(["-"], text, monkeypatch)
    assert code == 1 and result["ok"] is False and result["message"]


def test_it_reports_a_missing_file(tmp_path):
    result, code = _run([str(tmp_path / "missing.json")])
    assert code == 1 and result["error"] == "unreadable_file"
