"""``manage.py replay``: prints the engine's replay output and exits 0 or 1."""

import io
import json
import sys

import pytest
from django.core.management import call_command

from tests.dummygame import engine


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


def _played(*picks) -> engine.State:
    """A two-seat dummy game to one point: each round the seats pick `picks`, then it closes."""
    state = engine.new_game({"players": 2, "target": 1}, {"seed": 1})
    for a, b in picks:
        for seat, n in (("A", a), ("B", b)):
            state, _ = engine.apply(state, {"type": "pick", "seat": seat, "n": n})
        state, _ = engine.apply(state, {"type": "close"})
    return state


def test_it_prints_the_outcome_of_a_valid_record_and_exits_0(tmp_path):
    state = _played((3, 3), (2, 7))  # a tie scores nobody; then B
    path = tmp_path / "game.json"
    path.write_text(json.dumps(engine.build_record(state)))
    result, code = _run([str(path)])
    assert code == 0 and result["ok"] is True
    assert result["scores"] == state.scores == {"A": 0, "B": 1} and result["winner"] == ["B"]


def test_it_reads_standard_input_with_a_dash(monkeypatch):
    record = {"format": "dummy-record/1", "players": 2, "target": 2, "hands": [{"deal": {"seed": 1}, "actions": []}]}
    result, code = _run(["-"], json.dumps(record), monkeypatch)
    assert (result, code) == ({"ok": True, "scores": {"A": 0, "B": 0}, "winner": None, "in_progress": True}, 0)


@pytest.mark.parametrize("text", ["not json", "[]", '{"format": "dummy-record/1"}'])
def test_it_reports_an_invalid_record_and_exits_1(monkeypatch, text):
    result, code = _run(["-"], text, monkeypatch)
    assert code == 1 and result["ok"] is False and result["message"]


def test_it_reports_a_missing_file(tmp_path):
    result, code = _run([str(tmp_path / "missing.json")])
    assert code == 1 and result["error"] == "unreadable_file"
