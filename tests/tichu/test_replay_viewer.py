"""Tichu's replay through the viewer's pages: every step of a finished game shows exactly the
hands the engine's own replay of the record holds there, and tricks and hands are one click
away, and the finished table's status links the replay (moved from tests/replay/test_viewer.py,
whose doors run over the dummy game)."""

import pytest

from games import registry
from tests.games.conftest import four_players  # noqa: F401 — a fixture
from tests.replay.conftest import finished_tichu, short_tichu  # noqa: F401 — fixtures
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
    here = url
    page = client.get(here).content.decode()  # the start: hand 1, just dealt
    count = 0
    for h, s, state in engine_moments(record):
        assert f"Hand {h + 1} of {len(record['hands'])} · action {s} of {len(record['hands'][h]['actions'])}" in page
        assert shown_hands(page) == {seat: engine.view(state, seat)["hand"] for seat in "SENW"}
        if here != f"{url}?hand={h + 1}&step={s}":  # the step's own address shows it too
            assert shown_hands(client.get(f"{url}?hand={h + 1}&step={s}").content.decode()) == shown_hands(page)
        count += 1
        here = nav_link(page, "next-step")
        if here is None:
            break
        page = client.get(here).content.decode()
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


def test_the_finished_table_links_the_replay(client, short_tichu, four_players):  # noqa: F811
    client.force_login(four_players[0])
    page = client.get(short_tichu.get_absolute_url()).content.decode()
    assert f'href="/replay/tables/{short_tichu.pk}/?invite={short_tichu.invite_code}"' in page
