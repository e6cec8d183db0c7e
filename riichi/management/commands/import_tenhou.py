"""``python manage.py import_tenhou FILE|- [-o OUT]``: a tenhou.net/6 JSON log (one match) as a
``riichi-record/1``, so that real matches replay through the engine (spec/mahjong.md). A log
that cannot be turned into a record gets a one-line error on stderr and exit code 1."""

import json
import sys

from django.core.management.base import BaseCommand

from riichi.engine import TenhouImportError, import_tenhou, load_tenhou_text


class Command(BaseCommand):
    help = "Turn a tenhou.net/6 JSON log (a file, or - for stdin) into a riichi-record/1."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the log file, or - to read standard input")
        parser.add_argument("-o", "--output", help="write the record to this file instead of stdout")

    def handle(self, *args, **options):
        try:
            text = sys.stdin.read() if options["file"] == "-" else _read(options["file"])
            record = import_tenhou(load_tenhou_text(text))
        except (OSError, UnicodeDecodeError, RecursionError, TenhouImportError) as error:
            self.stderr.write(f"import_tenhou: {_one_line(error)}")
            sys.exit(1)
        body = json.dumps(record, ensure_ascii=False)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as handle:
                handle.write(body + "\n")
        else:
            self.stdout.write(body)


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split()) or type(error).__name__
