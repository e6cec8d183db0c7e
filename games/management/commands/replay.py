"""``python manage.py replay FILE|-``: check and score a game record offline.

Prints the engine's replay output as one JSON object and exits 0 when the record is valid,
1 when it is not. The record's ``format`` picks the game's engine (games.registry); any
other format is reported by the Tichu engine as ``bad_format``.
"""

import json
import sys

from django.core.management.base import BaseCommand

from games import registry
from games.engines.tichu import record as tichu_record


def replay_text(text: str) -> dict:
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        return tichu_record.replay_text(text)
    record_format = record.get("format") if isinstance(record, dict) else None
    for kind in registry.GAMES.values():
        if kind.record_format == record_format:
            return kind.engine.replay(record)
    return tichu_record.replay(record)


class Command(BaseCommand):
    help = "Replay a game record (a file, or - for stdin) and print its outcome as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record file, or - to read standard input")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            result = {"ok": False, "hand": None, "action": None, "error": "unreadable_file",
                      "message": f"The record cannot be read: {error}"}
        else:
            result = replay_text(text)
        self.stdout.write(json.dumps(result, ensure_ascii=False))
        if not result["ok"]:
            sys.exit(1)
