"""`manage.py backup FILE`: a consistent copy of the SQLite database while the site runs.

SQLite's online backup copies the database page by page under its own locking, so moves
keep being written meanwhile and the copy is the database as of one moment. Restoring is
putting the file back while the site is stopped (README "Operating"). PostgreSQL has its
own tool for this, pg_dump; the command says how to call it."""

import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

# Pages copied per step; between steps the site's writers get the database.
PAGES_PER_STEP = 1024


class Command(BaseCommand):
    help = "Copy the SQLite database, while the site runs, to FILE (PostgreSQL: use pg_dump)."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        if connection.vendor != "sqlite":
            name = connection.settings_dict["NAME"]
            raise CommandError(
                f"The database is {connection.vendor}, not SQLite: back it up with "
                f"`pg_dump --format=custom --file={file} {name}` (with the host and user of DATABASE_URL), "
                f"and restore it with `pg_restore --clean --dbname={name} {file}`."
            )
        source_path = Path(connection.settings_dict["NAME"]).resolve()
        if file.resolve() == source_path:
            raise CommandError("The backup would overwrite the database itself; name another file.")
        if file.exists():
            raise CommandError(f"{file} exists already; name a new file (nothing was written).")
        if not file.parent.is_dir():
            raise CommandError(f"There is no folder {file.parent}.")
        partial = file.with_name(file.name + ".partial")
        partial.unlink(missing_ok=True)
        partial.touch(mode=0o600)  # it holds everything the site stores: the site's user's only
        source = sqlite3.connect(source_path)
        target = sqlite3.connect(partial)
        try:
            source.backup(target, pages=PAGES_PER_STEP)
        finally:
            target.close()
            source.close()
        partial.rename(file)  # a backup cut short never looks like a whole one
        self.stdout.write(f"Backed up {source_path} to {file} ({file.stat().st_size} bytes).")
