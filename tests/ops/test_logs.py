"""The site's log: an event a line, Celery's every-second scheduling lines only at DEBUG,
and with LOG_FORMAT=json each line one JSON object, a traceback inside it."""

import json

from tests.config.test_settings import _manage

SCRIPT = """
import logging
logging.getLogger("celery.beat").info("Scheduler: Sending due task %s (%s)", "clock-tick", "games.tasks.tick")
logging.getLogger("celery.worker.strategy").info("Task %(name)s[%(id)s] received", {"name": "games.tasks.tick", "id": "1"})
logging.getLogger("celery.beat").info("beat: Starting...")
logging.getLogger("lobby").info("table %s opened", 7)
try:
    1 / 0
except ZeroDivisionError:
    logging.getLogger("lobby").exception("the lobby failed")
"""


def _lines(tmp_path, **env) -> list[dict]:
    result = _manage("shell", "--verbosity", "0", "-c", SCRIPT, env={"STICH_DATA_DIR": str(tmp_path), **env})
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stderr.splitlines()]


def test_json_lines_carry_one_event_each_and_leave_the_routine_out(tmp_path):
    lines = _lines(tmp_path, LOG_FORMAT="json")
    assert [(line["level"], line["logger"], line["message"]) for line in lines] == [
        ("INFO", "celery.beat", "beat: Starting..."),
        ("INFO", "lobby", "table 7 opened"),
        ("ERROR", "lobby", "the lobby failed"),
    ]
    assert "ZeroDivisionError" in lines[2]["exception"] and lines[0]["time"].endswith("+00:00")


def test_the_routine_shows_at_debug_when_asked_for(tmp_path):
    lines = _lines(tmp_path, LOG_FORMAT="json", LOG_LEVEL="DEBUG")
    routine = [(line["level"], line["message"]) for line in lines if line["logger"].startswith("celery.")]
    assert routine == [("DEBUG", "Scheduler: Sending due task clock-tick (games.tasks.tick)"),
                       ("DEBUG", "Task games.tasks.tick[1] received"), ("INFO", "beat: Starting...")]


def test_text_lines_name_level_and_logger(tmp_path):
    result = _manage("shell", "--verbosity", "0", "-c", SCRIPT, env={"STICH_DATA_DIR": str(tmp_path)})
    lines = result.stderr.splitlines()
    assert lines[0].endswith(" INFO celery.beat: beat: Starting...")
    assert lines[1].endswith(" INFO lobby: table 7 opened")
    assert not any("Sending due task" in line for line in lines)
