"""The replay viewer through its pages: every step of a finished game shows exactly the
hands the engine's own replay of the record holds there; running tables have no replay."""

import pytest

from games import registry, services
from games.models import Table
from tests.replay.pages import nav_link, shown_hands

pytestmark = pytest.mark.django_db


def engine_moments(record: dict):
    """(hand, step, state) for every moment of the record, folded here by the engine
    itself, independently of the viewer."""
    engine = registry.by_record_format(record["format"]).engine
    state = None
    for h, entry in enumerate(record["hands"]):
        state = engine.new_game({"target": record["target"]}, entry["deal"]) if state is None else engine.next_hand(state, entry["deal"])
        yield h, 0, state
        for s, action in enumerate(entry["actions"], 1):
            state, _ = engine.apply(state, action)
            yield h, s, state


@pytest.mark.slow
def test_every_step_of_a_finished_game_shows_every_hand_as_the_engine_has_it(client, finished_tichu):
    record = client.get(f"/tables/{finished_tichu.pk}/record.json").json()
    engine = registry.get("tichu").engine
    assert engine.replay(record)["winner"] is not None
    url = f"/replay/tables/{finished_tichu.pk}/"
    page = client.get(url).content.decode()  # the start: hand 1, just dealt
    count = 0
    for h, s, state in engine_moments(record):
        assert f"Hand {h + 1} of {len(record['hands'])} · action {s} of {len(record['hands'][h]['actions'])}" in page
        assert shown_hands(page) == {seat: engine.view(state, seat)["hand"] for seat in "SENW"}
        assert shown_hands(client.get(f"{url}?hand={h + 1}&step={s}").content.decode()) == shown_hands(page)
        count += 1
        following = nav_link(page, "next-step")
        if following is None:
            break
        page = client.get(following).content.decode()
    assert count == sum(len(entry["actions"]) + 1 for entry in record["hands"])
    assert "The game is over." in page and nav_link(page, "next-step") is None


def test_tricks_and_hands_are_one_click_away(client, short_tichu):
    url = f"/replay/tables/{short_tichu.pk}/"
    page = client.get(f"{url}?hand=1&step=0").content.decode()
    page = client.get(nav_link(page, "next-clear")).content.decode()
    # the first trick ends where the table is cleared: taken, given away with the Dragon, or the Dog's
    assert "No cards on the table." in page
    before = client.get(nav_link(page, "previous-step")).content.decode()
    assert 'class="play-list"' in before
    page = client.get(nav_link(page, "next-hand")).content.decode()
    assert "Hand 2 of" in page and "action 0 of" in page
    page = client.get(nav_link(page, "previous-step")).content.decode()
    assert "Hand 1 of" in page and "Result of hand 1" in page
    page = client.get(f"{url}?hand=99&step=999").content.decode()  # beyond the ends: the ends
    assert "Hand 3 of 3 · action 1 of 1" in page and "was expelled" in page
    assert nav_link(page, "next-step") is None and nav_link(page, "last") is None
    assert "Hand 1 of 3 · action 0 of" in client.get(f"{url}?hand=0&step=-4").content.decode()
    assert client.get(f"{url}?hand=two&step=1").status_code == 400


def test_a_running_table_has_no_replay_whoever_asks(client, running_tichu, four_players, django_user_model):
    assert running_tichu.status == Table.Status.PLAYING
    host = django_user_model.objects.create_user("host", password="x")  # the players sit at the running one
    waiting = services.create_table(game="tichu", user=host, options={})
    for table in (running_tichu, waiting):
        for user in (None, *four_players):
            if user is not None:
                client.force_login(user)
            for query in ("", "?hand=1&step=3", f"?invite={table.invite_code}"):
                response = client.get(f"/replay/tables/{table.pk}/{query}")
                assert response.status_code == 404
                assert b"/tichu/cards/" not in response.content  # no card of the running hand
    assert client.get("/replay/tables/999999/").status_code == 404


def test_a_private_finished_game_is_replayed_only_for_its_players_and_link_holders(client, short_tichu, four_players):
    Table.objects.filter(pk=short_tichu.pk).update(options=short_tichu.options | {"private": True})
    url = f"/replay/tables/{short_tichu.pk}/"
    assert client.get(url).status_code == 404
    assert client.get(f"{url}?invite=guess").status_code == 404
    page = client.get(f"{url}?invite={short_tichu.invite_code}").content.decode()
    assert f"invite={short_tichu.invite_code}" in nav_link(page, "next-step")  # stepping keeps the link
    client.force_login(four_players[2])
    assert client.get(url).status_code == 200


def test_the_finished_table_and_the_players_profile_link_the_replay(client, short_tichu, four_players):
    link = f'href="/replay/tables/{short_tichu.pk}/?invite={short_tichu.invite_code}"'
    client.force_login(four_players[0])
    assert link in client.get(short_tichu.get_absolute_url()).content.decode()
    assert link in client.get(f"/players/{four_players[1].username}/").content.decode()
    page = client.get(f"/replay/tables/{short_tichu.pk}/?invite={short_tichu.invite_code}").content.decode()
    assert "sam" in page and "wes" in page  # the players by name
