"""The leaderboards, a player's page and a tournament's standings on a 360 px phone, in English,
German and Greek, in real Chromium: the page never scrolls sideways and every column heading is
on screen. Greek's headings are the longest: the Riichi leaderboard (with its ladder column)
once reached 470 px on a 390 px phone, its last column and its caption cut off; a long name
pushed a tournament's standings 27 px past a Greek phone's edge."""

from pathlib import Path

import pytest
from django.test import Client

from ratings.models import PlayerRank, Rating
from tests.e2e.pages import off_the_loop
from tests.tournaments.conftest import arena, joined

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


@pytest.fixture
def players(django_user_model):
    """Riichi and Tichu players, ranked and provisional, one with a long name."""
    names = ("alexandra_papadopoulou", "ben", "cho", "dev")
    users = [django_user_model.objects.create_user(name) for name in names]
    for n, user in enumerate(users):
        for kind in ("riichi", "tichu"):
            Rating.objects.create(user=user, game_kind=kind, value=1650 - 40 * n, deviation=60, games=30 if n < 2 else 4)
        PlayerRank.objects.create(user=user, game_kind="riichi", level=11 - 3 * n, points=120, games=30)
    return users


@pytest.mark.parametrize("language", ["en", "de", "el"])
def test_the_leaderboards_and_a_players_page_fit_a_phone(live_server, browser, players, language):
    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    too_wide = {}
    tournament = off_the_loop(lambda: joined(arena("tichu"), players))
    for path in ("/leaderboard/", "/leaderboard/riichi/", "/leaderboard/tichu/", f"/players/{players[0].username}/",
                 f"/tournaments/{tournament.pk}/"):
        page.goto(f"{live_server.url}{path}")
        if path == "/leaderboard/riichi/":
            page.screenshot(path=str(SHOTS / f"leaderboard-riichi-{language}-phone.png"))
        assert page.locator("table th").count() > 0 or "/players/" in path, path
        page_width = page.evaluate("document.documentElement.scrollWidth")
        cut = page.locator("table th").evaluate_all(
            "cells => cells.filter(c => c.getBoundingClientRect().right > window.innerWidth + 0.5).map(c => c.textContent.trim())")
        if page_width > PHONE["width"] or cut:
            too_wide[path] = (page_width, cut)
    context.close()
    assert too_wide == {}


def test_the_new_tournament_form_has_fields_a_thumb_can_hit(live_server, browser, players):
    """The form once came out as Django's bare paragraphs: 20 px high inputs beside their
    labels, unlike every other form of the site."""
    client = Client()
    client.force_login(players[0])
    context = browser.new_context(viewport=PHONE, locale="el")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/tournaments/new/")
    fields = page.locator("main form input:visible, main form select:visible").evaluate_all(
        "fields => fields.map(f => [f.name, Math.round(f.getBoundingClientRect().height)])")
    context.close()
    assert len(fields) >= 5
    assert [name for name, height in fields if height < 44] == []
