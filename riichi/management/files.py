"""Reading and writing the files of the Tenhou commands: a path or ``-`` for standard input,
and the output written only once the conversion has succeeded."""

import json
import sys

from django.core.management.base import CommandError


def read_input(path: str, what: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"The {what} cannot be read: {error}") from None


def write_output(command, value, path: str | None) -> None:
    body = json.dumps(value, ensure_ascii=False)
    if not path:
        command.stdout.write(body)
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(body + "\n")
    except OSError as error:
        raise CommandError(f"The output cannot be written: {error}") from None


def one_line(error: Exception) -> str:
    return " ".join(str(error).split()) or type(error).__name__
