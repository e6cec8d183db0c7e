"""Log lines an operator can read or feed to a collector: one line per event, routine
scheduling chatter at DEBUG, JSON lines when LOG_FORMAT=json. Imported by the logging
configuration, so it needs no Django."""

import json
import logging
from datetime import datetime, timezone

# What Celery says at INFO several times a second (beat sending its one-second tick, the
# worker receiving it): noise next to the events, wanted only when debugging the schedule.
ROUTINE = {
    "celery.beat": "Scheduler: Sending due task",
    "celery.worker.strategy": "Task %(name)s[%(id)s] received",
}


class RoutineAtDebug(logging.Filter):
    """Lowers the routine lines to DEBUG, shown only where that logger is set to DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        prefix = ROUTINE.get(record.name)
        if prefix is None or not str(record.msg).startswith(prefix) or record.levelno <= logging.DEBUG:
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)


class JsonFormatter(logging.Formatter):
    """One JSON object a line; a traceback travels inside it, not over the following lines."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, tz=timezone.utc).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)
