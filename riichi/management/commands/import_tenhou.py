"""``python manage.py import_tenhou FILE|- [-o OUT]``: a tenhou.net/6 JSON log (one match) as a
``riichi-record/1``, so that real matches replay through the engine (spec/mahjong.md). A log
that cannot be turned into a record is a CommandError (one line on stderr, exit code 1) and
nothing is written."""

from django.core.management.base import BaseCommand, CommandError

from riichi.management.files import one_line, read_input, write_output
from riichi.tenhou import TenhouImportError, import_tenhou, load_text


class Command(BaseCommand):
    help = "Turn a tenhou.net/6 JSON log (a file, or - for stdin) into a riichi-record/1."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the log file, or - to read standard input")
        parser.add_argument("-o", "--output", help="write the record to this file instead of stdout")

    def handle(self, *args, **options):
        text = read_input(options["file"], "log")
        try:
            record = import_tenhou(load_text(text))
        except (RecursionError, TenhouImportError) as error:
            raise CommandError(f"Not a tenhou.net/6 log: {one_line(error)}") from None
        write_output(self, record, options["output"])
