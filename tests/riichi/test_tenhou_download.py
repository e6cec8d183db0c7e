"""A finished Riichi table offers its match as a tenhou.net/6 log beside the record: the
table's page links to it, and the download is the match as the table played it."""

import json
import random

import pytest

from games import leaving, registry, services, snapshots, timekeeping
from games.models import Table
from riichi.bots import choose_action
from riichi.engine import replay
from riichi.tenhou import import_tenhou
from tests.riichi.conftest import SEATS, seated_table, state_of

pytestmark = pytest.mark.django_db
game = registry.get("riichi")
engine = game.engine


def play_hands(table, players, hands, rng):
    """The seats play as normal bots until `hands` hands are over; a call window nobody
    wants runs out, and so does the results window between hands."""
    by_seat = dict(zip(SEATS, players))
    for _ in range(5000):
        state = state_of(table)
        if len(state.game.results) >= hands and state.phase == "play":
            return state
        view = engine.view(state, None)
        pending = game.pending_decisions(view)
        if state.phase == "round_over" or set(pending.values()) == {"call"} and rng.random() < 0.5:
            table.refresh_from_db()
            timekeeping.run_deadline(table_id=table.pk, now=table.deadline.timestamp() + 0.01, from_beat=True)
            continue
        for seat in pending:
            action = choose_action(engine.view(state, seat), "normal", rng)
            if action is not None:
                services.submit(table_id=table.pk, user=by_seat[seat], action=action)
                break
    raise AssertionError("the hands did not end")


def test_a_finished_table_links_its_tenhou_log_and_the_download_is_the_match(
        client, players, django_capture_on_commit_callbacks, monkeypatch):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch, length="east")
    url = f"/tables/{table.pk}/record-tenhou.json?invite={table.invite_code}"
    assert client.get(url).status_code == 404, "a running match's hands are never served"
    play_hands(table, players, 2, random.Random(11))
    with django_capture_on_commit_callbacks(execute=True):
        leaving.leave(table_id=table.pk, user=players[2])
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED

    page = client.get(table.get_absolute_url()).content.decode()
    assert f'href="{url}"' in page.replace("&amp;", "&") and "Download for Tenhou viewers" in page
    for language, label in (("de", "Für Tenhou-Viewer herunterladen"), ("el", "Λήψη για προβολείς Tenhou")):
        client.cookies["django_language"] = language
        assert label in client.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="stich-riichi-{table.pk}-tenhou.json"'
    log = json.loads(response.content.decode())

    record = engine.build_record(snapshots.full_state(table))
    finished = len(replay(record)["rounds"])
    assert finished >= 2 and len(log["log"]) == finished, "the hand the leaver broke off has no result"
    assert log["name"] == ["ana", "ben", "cho", "dev"]
    assert log["rule"] == {"disp": "般東喰赤", "aka": 1}
    first = log["log"][0]
    assert first[0] == [0, 0, 0] and first[1] == [25000] * 4
    assert [first[4 + 3 * s] for s in range(4)] == [
        [_tenhou(t) for t in record["rounds"][0]["haipai"][seat]] for seat in SEATS]
    back = import_tenhou(log)
    assert back["rules"] == record["rules"]
    assert [r["actions"] for r in back["rounds"]] == [r["actions"] for r in record["rounds"][:finished]]
    assert replay(back)["rounds"] == replay(record)["rounds"]


def _tenhou(tile: str) -> int:
    number, suit = int(tile[0]), "mpsz".index(tile[1]) + 1
    return 50 + suit if number == 0 else suit * 10 + number


def test_an_export_the_game_does_not_offer_is_not_found(client, players, django_capture_on_commit_callbacks,
                                                         monkeypatch):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch)
    with django_capture_on_commit_callbacks(execute=True):
        leaving.leave(table_id=table.pk, user=players[0])
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert client.get(f"/tables/{table.pk}/record-tenhou.json").status_code == 200
    assert client.get(f"/tables/{table.pk}/record-mjai.json").status_code == 404
