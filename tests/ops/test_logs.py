"""The site's log: an event a line, Celery's every-second scheduling lines only at DEBUG,
and with LOG_FORMAT=json each line one JSON object, a traceback inside it."""

import json
import os
import subprocess
import sys

from tests.config.test_settings import ROOT, _manage

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


def test_celery_worker_and_beat_log_through_the_sites_configuration(tmp_path):
    """What `celery worker`/`celery beat` do at start: set up logging. Without our receiver
    Celery would put its own handler in, in its own format, with the routine lines at INFO."""
    script = ("import django; django.setup(); from config.celery import app; "
              "app.log.setup_logging_subsystem(loglevel='INFO'); import logging; "
              "logging.getLogger('celery.beat').info('Scheduler: Sending due task %s (%s)', 'a', 'b'); "
              "logging.getLogger('celery.beat').info('beat: Starting...')")
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "DEBUG"}}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env=env | {"STICH_DATA_DIR": str(tmp_path), "LOG_FORMAT": "json",
                                       "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stderr.splitlines()]
    assert [(line["logger"], line["message"]) for line in lines] == [("celery.beat", "beat: Starting...")]
