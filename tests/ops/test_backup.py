"""`manage.py backup`: a copy taken while a game runs restores to a database on which every
finished game's record replays to the same result as on the live one."""

import json
import shutil
from contextlib import contextmanager

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games import registry, services, snapshots
from games.management.commands.replay import replay_text
from games.models import Table
from tests.games.test_platform_dummy import players  # noqa: F401  (a fixture)
from tests.games.conftest import finish_dummy, start_dummy

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL is backed up with pg_dump")]


def _replays() -> dict[int, dict]:
    """Every finished game's record, as the site serves it, replayed."""
    results = {}
    for table in Table.objects.filter(status=Table.Status.FINISHED).order_by("pk"):
        record = registry.get(table.game).engine.build_record(snapshots.full_state(table))
        results[table.pk] = replay_text(json.dumps(record))
    return results


@contextmanager
def _database_file(path):
    """The site reading another database file, as after the operator put the backup in place."""
    original = connection.settings_dict["NAME"]
    connection.close()
    connection.settings_dict["NAME"] = path
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["NAME"] = original


def test_a_backup_taken_during_a_game_restores_every_finished_games_result(players, tmp_path):  # noqa: F811
    for teams in (False, True):
        finish_dummy(start_dummy(players, players=4, teams=teams), players)
    running = start_dummy(players)
    services.submit(table_id=running.pk, action={"type": "pick", "n": 5}, user=players[0])
    live = _replays()
    assert len(live) == 2 and all(result["ok"] for result in live.values())

    call_command("backup", str(tmp_path / "stich.backup"))
    services.submit(table_id=running.pk, action={"type": "pick", "n": 4}, user=players[1])  # after the copy

    restored = tmp_path / "restored" / "stich.sqlite3"
    restored.parent.mkdir()
    shutil.copy(tmp_path / "stich.backup", restored)
    with _database_file(restored):
        assert _replays() == live
        table = Table.objects.get(pk=running.pk)
        assert table.status == Table.Status.PLAYING and table.actions.count() == 2  # the deal and one pick
    assert Table.objects.get(pk=running.pk).actions.count() == 3


def test_it_refuses_to_overwrite_a_file(tmp_path):
    existing = tmp_path / "kept.sqlite3"
    existing.write_text("an earlier backup")
    with pytest.raises(CommandError, match="exists already"):
        call_command("backup", str(existing))
    assert existing.read_text() == "an earlier backup"


def test_the_backup_is_readable_by_the_sites_user_only(tmp_path):
    call_command("backup", str(tmp_path / "private.sqlite3"))
    assert (tmp_path / "private.sqlite3").stat().st_mode & 0o777 == 0o600
    assert not (tmp_path / "private.sqlite3.partial").exists()


def test_on_postgresql_it_names_pg_dump_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "vendor", "postgresql")
    with pytest.raises(CommandError, match="pg_dump --format=custom") as refused:
        call_command("backup", str(tmp_path / "stich.dump"))
    assert "pg_restore" in str(refused.value)
    assert not list(tmp_path.iterdir())
