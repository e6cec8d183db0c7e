"""A plug-in game that names no record options (the platform tests' dummy game) has no
replay viewer: its finished tables are not found there and its records are refused with a
message, never a traceback."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.games.conftest import finish_dummy, start_dummy
from tests.games.test_platform_dummy import players  # noqa: F401

pytestmark = pytest.mark.django_db


def test_a_game_without_a_replay_is_not_found_and_its_record_is_refused(client, players):  # noqa: F811
    table = start_dummy(players)
    finish_dummy(table, players)
    assert client.get(f"/replay/tables/{table.pk}/?invite={table.invite_code}").status_code == 404
    record = client.get(f"/tables/{table.pk}/record.json?invite={table.invite_code}").content
    response = client.post("/replay/open/", {"record": SimpleUploadedFile("dummy.json", record)})
    assert response.status_code == 400 and "The replay viewer cannot show this game yet." in response.content.decode()
