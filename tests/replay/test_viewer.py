"""The replay viewer's doors: running tables have no replay, a private game's opens for its
players and link holders, and its players' profiles link it. Over the dummy game given a
replay for the test; what a game's replay shows, and its finished table's link to it (drawn by
the game's status), are its own tests' (e.g. tests/tichu/test_replay_viewer.py)."""

import pytest

from games import services
from games.models import Table
from tests.games.conftest import finish_dummy, team_table  # noqa: F401 — a fixture
from tests.replay.pages import nav_link

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dummy_replayable")]


@pytest.fixture
def finished(team_table, four_players):  # noqa: F811
    return finish_dummy(team_table, four_players)


def test_a_running_table_has_no_replay_whoever_asks(client, team_table, four_players, django_user_model):  # noqa: F811
    services.submit(table_id=team_table.pk, user=four_players[0], action={"type": "pick", "n": 7})
    assert team_table.status == Table.Status.PLAYING
    host = django_user_model.objects.create_user("host", password="x")  # the players sit at the running one
    waiting = services.create_table(game="dummy", user=host, options={})
    for table in (team_table, waiting):
        for user in (None, *four_players):
            if user is not None:
                client.force_login(user)
            for query in ("", "?hand=1&step=3", f"?invite={table.invite_code}"):
                response = client.get(f"/replay/tables/{table.pk}/{query}")
                assert response.status_code == 404
                assert b'class="pick"' not in response.content  # nothing of the running game
    assert client.get("/replay/tables/999999/").status_code == 404


def test_a_private_finished_game_is_replayed_only_for_its_players_and_link_holders(client, finished, four_players):
    Table.objects.filter(pk=finished.pk).update(options=finished.options | {"private": True})
    url = f"/replay/tables/{finished.pk}/"
    assert client.get(url).status_code == 404
    assert client.get(f"{url}?invite=guess").status_code == 404
    page = client.get(f"{url}?invite={finished.invite_code}").content.decode()
    assert f"invite={finished.invite_code}" in nav_link(page, "next-step")  # stepping keeps the link
    client.force_login(four_players[2])
    assert client.get(url).status_code == 200


def test_the_players_profile_links_the_replay(client, finished, four_players):
    link = f'href="/replay/tables/{finished.pk}/?invite={finished.invite_code}"'
    client.force_login(four_players[0])
    assert link in client.get(f"/players/{four_players[1].username}/").content.decode()
    page = client.get(f"/replay/tables/{finished.pk}/?invite={finished.invite_code}").content.decode()
    assert "sam" in page and "wes" in page  # the players by name
