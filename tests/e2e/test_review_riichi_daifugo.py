"""The post-game review of Riichi and Daifugo in real Chromium, at the three sizes: a player
of a finished table presses the review button on the replay page, follows the marked move
to its moment and reads the bot's choice there, tiles or cards drawn as the game draws them.
Screenshots go to var/screenshots/."""

import random

import pytest
from django.test import Client

from games import services
from tests.e2e.contrast import assert_readable
from tests.games.conftest import four_players  # noqa: F401 — shared fixtures
from tests.replay.conftest import play_to_the_end, seated_table
from tests.replay.test_review_riichi_daifugo import finished_riichi

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SIZES = {"desktop": {"width": 1280, "height": 800}, "low": {"width": 844, "height": 390},
         "phone": {"width": 390, "height": 844}}


def finished_daifugo(players, monkeypatch):
    monkeypatch.setattr(services, "_system_random", random.Random(8))
    table = seated_table(players, "daifugo", {"players": 4, "hands": 4}, ("1", "2", "3", "4"))
    return play_to_the_end(table, random.Random(8))


TABLES = {"riichi": (finished_riichi, "0", ".review-marker-here img.tile"),
          "daifugo": (finished_daifugo, "3", ".review-marker-here img")}


@pytest.fixture(params=TABLES)
def finished(request, four_players, monkeypatch):  # noqa: F811
    """Played before the browser starts: its after-commit messages need no running loop."""
    finish, seat, drawn = TABLES[request.param]
    return request.param, finish(four_players, monkeypatch), seat, drawn, four_players[1]


@pytest.mark.parametrize("size", SIZES)
def test_a_player_asks_for_the_review_and_follows_a_marked_move(finished, daphne_server, browser, size):
    game, table, seat, drawn, player = finished
    client = Client()
    client.force_login(player)
    context = browser.new_context(viewport=SIZES[size])
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": daphne_server}])
    page = context.new_page()
    page.goto(f"{daphne_server}/replay/tables/{table.pk}/")
    page.click(f"#review-{seat} button")  # the review runs at the commit (eagerly in tests)
    link = page.locator(f"#review-{seat} a", has_text="marked move")
    link.click()
    page.wait_for_selector(".review-markers a")
    page.screenshot(path=f"var/screenshots/review-{game}-{size}-list.png", full_page=True)
    assert "here the bot would have chosen" in page.inner_text(".review-markers")
    page.click(".review-markers a >> nth=0")
    page.wait_for_selector(".review-marker-here")
    assert "here the bot would have chosen" in page.inner_text(".review-marker-here")
    assert page.locator(drawn).count() >= 2  # the bot's choice and the player's, drawn
    page.screenshot(path=f"var/screenshots/review-{game}-{size}-here.png", full_page=True)
    assert_readable(page)
    context.close()
