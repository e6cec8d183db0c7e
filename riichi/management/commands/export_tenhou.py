"""``python manage.py export_tenhou RECORD|- [-o OUT]``: a ``riichi-record/1`` as a tenhou.net/6
JSON log (its finished hands), for Tenhou's viewer and the review tools that read it. A file
that is no valid Riichi record is a CommandError (one line on stderr, exit code 1) and nothing
is written."""

import json

from django.core.management.base import BaseCommand, CommandError

from gamekit.records import InvalidRecord
from riichi.management.files import one_line, read_input, write_output
from riichi.tenhou import export_tenhou


class Command(BaseCommand):
    help = "Turn a riichi-record/1 (a file, or - for stdin) into a tenhou.net/6 JSON log."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record file, or - to read standard input")
        parser.add_argument("-o", "--output", help="write the log to this file instead of stdout")

    def handle(self, *args, **options):
        text = read_input(options["file"], "record")
        try:
            record = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise CommandError(f"The record is not valid JSON: {one_line(error)}") from None
        try:
            log = export_tenhou(record)
        except InvalidRecord as error:
            where = "" if error.hand is None else f" (round {error.hand}" + (
                "" if error.action is None else f", action {error.action}") + ")"
            raise CommandError(f"Not a valid Riichi record{where}: {one_line(error)}") from None
        except RecursionError:
            raise CommandError("Not a valid Riichi record: it is nested too deeply.") from None
        write_output(self, log, options["output"])
