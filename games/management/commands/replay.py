"""``python manage.py replay FILE|-``: check and score a game record offline.

Prints the engine's replay output as one JSON object and exits 0 when the record is valid,
1 when it is not. The record's ``format`` picks the game's engine (games.registry); a format
no game reads is reported as ``bad_format``."""

import json
import sys

from django.core.management.base import BaseCommand

from gamekit.records import failure, parsed
from games import registry


def replay_text(text: str) -> dict:
    record, error = parsed(text)
    if error is not None:
        return error
    game = registry.by_record_format(record.get("format") if isinstance(record, dict) else None)
    if game is None:
        known = ", ".join(sorted(repr(g.record_format) for g in registry.GAMES.values()))
        return failure(None, None, "bad_format", f"The record format must be one of {known}.")
    return game.engine.replay(record)


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
            result = failure(None, None, "unreadable_file", f"The record cannot be read: {error}")
        else:
            result = replay_text(text)
        self.stdout.write(json.dumps(result, ensure_ascii=False))
        if not result["ok"]:
            sys.exit(1)
