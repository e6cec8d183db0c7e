"""The leaderboard, the profile's ratings with their chart, and the rating template tags."""

import dataclasses
import re

import pytest
from django.template import Context, Template
from django.urls import reverse

from games import registry
from games.outcome import Side
from ratings import services
from ratings.models import Rating, RatingChange
from ratings.views import PAGE_SIZE
from tests.ratings.conftest import another_game
from tests.ratings.outcomes import two_teams

pytestmark = pytest.mark.django_db


def _rated(django_user_model, name, value, games, game_kind="dummy", **user):
    player = django_user_model.objects.create_user(name, **user)
    Rating.objects.create(user=player, game_kind=game_kind, value=value, deviation=100, games=games)
    return player


def _names(html: str, table_id: str) -> list[str]:
    table = re.search(rf'<table class="leaderboard" id="{table_id}">(.*?)</table>', html, re.S).group(1)
    return re.findall(r'<a href="/players/[^/]+/">([^<]+)</a>', table)


def test_the_leaderboard_ranks_established_players_by_rating_and_lists_provisional_ones_apart(
    client, django_user_model, skat
):
    _rated(django_user_model, "steady", 1610, 40)
    _rated(django_user_model, "top", 1702.4, 12)
    _rated(django_user_model, "fresh", 1850, 3)
    _rated(django_user_model, "almost", 1490, 9)
    _rated(django_user_model, "gone", 1900, 50, is_active=False)
    _rated(django_user_model, "chess", 2000, 50, game_kind="skat")
    django_user_model.objects.create_user("never")
    html = client.get(reverse("leaderboard_game", args=["dummy"])).content.decode()
    assert _names(html, "ranked") == ["top", "steady"]
    assert _names(html, "provisional") == ["fresh", "almost"]
    ranked = re.search(r'id="ranked">(.*?)</table>', html, re.S).group(1)
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", ranked)).count("1 top 1702 12") == 1
    provisional = re.search(r'id="provisional">(.*?)</table>', html, re.S).group(1)
    assert provisional.count("provisional-mark") == 2


def _tabs(html: str) -> list[tuple[str, str]]:
    nav = re.search(r'<nav class="leaderboard-games"[^>]*>(.*?)</nav>', html, re.S).group(1)
    return re.findall(r'<a href="/leaderboard/([^/]+)/"[^>]*>([^<]+)</a>', nav)


def test_the_leaderboard_has_a_tab_for_each_rated_game_of_the_registry(client, skat, never_rated):
    tabs = _tabs(client.get(reverse("leaderboard")).content.decode())
    assert ("dummy", "Dummy") in tabs and ("skat", "Skat") in tabs
    assert "solitaire" not in dict(tabs)


def test_each_rated_game_has_its_own_leaderboard(client, django_user_model, skat, never_rated):
    _rated(django_user_model, "dummy_player", 1600, 20)
    _rated(django_user_model, "skat_player", 1600, 20, game_kind="skat")
    html = client.get(reverse("leaderboard_game", args=["skat"])).content.decode()
    assert _names(html, "ranked") == ["skat_player"]
    assert 'href="/leaderboard/skat/" aria-current="page"' in html
    assert client.get(reverse("leaderboard_game", args=["solitaire"])).status_code == 404
    assert client.get(reverse("leaderboard_game", args=["chess"])).status_code == 404


def test_a_games_label_is_translated_when_the_page_is_drawn(client, monkeypatch):
    # A label that has a German catalogue entry stands in for a game's name.
    kind = another_game("ranks", "Leaderboard")
    monkeypatch.setitem(registry.GAMES, "ranks", kind)
    html = client.get(reverse("leaderboard"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ("ranks", "Rangliste") in _tabs(html)


def test_the_profile_shows_a_section_for_each_game_rated_with_its_registry_label(
    client, django_user_model, alice, skat
):
    others = [django_user_model.objects.create_user(name) for name in ("ben", "cat", "dan")]
    services.settle_outcome(two_teams([alice, *others], game_id=1, game="skat"))
    services.settle_outcome(two_teams([alice, *others], game_id=1))
    html = client.get(reverse("profile", args=["alice"])).content.decode()
    headings = re.findall(r'<article class="ratings-game">\s*<h3>(\w+) ', html)
    assert headings == ["Dummy", "Skat"]
    assert 'aria-label="Rating history in Skat"' in html


def test_the_leaderboard_is_paginated_and_ranks_continue_on_the_next_page(client, django_user_model):
    players = [
        django_user_model(username=f"p{n:03d}", password="!") for n in range(PAGE_SIZE + 5)
    ]
    django_user_model.objects.bulk_create(players)
    Rating.objects.bulk_create(
        Rating(user=player, game_kind="dummy", value=2000 - n, deviation=80, games=20)
        for n, player in enumerate(django_user_model.objects.order_by("username"))
    )
    first = client.get(reverse("leaderboard_game", args=["dummy"])).content.decode()
    assert len(_names(first, "ranked")) == PAGE_SIZE
    assert 'href="?page=2"' in first
    second = client.get(reverse("leaderboard_game", args=["dummy"]), {"page": 2}).content.decode()
    assert _names(second, "ranked") == [f"p{n:03d}" for n in range(PAGE_SIZE, PAGE_SIZE + 5)]
    assert f'<td class="rank number">{PAGE_SIZE + 1}</td>' in second
    assert 'href="?page=1"' in second


def test_the_header_links_the_leaderboard(client):
    assert f'href="{reverse("leaderboard")}"' in client.get("/").content.decode()


def _play(players, game_id, winner):
    return services.settle_outcome(two_teams(players, game_id=game_id, winner=winner))


@pytest.fixture
def table(django_user_model, alice):
    return [alice] + [django_user_model.objects.create_user(name) for name in ("ben", "cat", "dan")]


def _chart_points(html: str) -> list[tuple[float, float]]:
    points = re.search(r'<polyline class="rating-chart__line" points="([^"]+)"', html).group(1)
    return [tuple(map(float, pair.split(","))) for pair in points.split()]


def test_the_profile_charts_the_players_rating_after_every_rated_game(client, table, alice):
    for game_id, winner in enumerate([0, 0, 1], start=1):
        _play(table, game_id, winner)
    html = client.get(reverse("profile", args=["alice"])).content.decode()
    points = _chart_points(html)
    assert len(points) == 4
    ys = [y for _, y in points]
    # Up, up, down: higher ratings are drawn higher, i.e. at a smaller y.
    assert ys[1] < ys[0] and ys[2] < ys[1] and ys[3] > ys[2]
    assert [x for x, _ in points] == sorted(x for x, _ in points)
    shown = [c.shown_after for c in RatingChange.objects.filter(user=alice).order_by("id")]
    titles = re.findall(r"<title>[^<]*: (\d+)</title>", html)
    assert titles == ["1500"] + [str(value) for value in shown]
    assert "3 rated games" in html
    assert "provisional-mark" in html
    assert "ratings/ratings.css" in html
    assert ' style="' not in html


def test_the_chart_coordinates_stay_plain_numbers_in_german(client, table, alice):
    _play(table, 1, 0)
    _play(table, 2, 1)
    html = client.get(reverse("profile", args=["alice"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in html
    assert len(_chart_points(html)) == 3
    assert not re.search(r'c[xy]="\d+,\d', html)


def test_a_player_without_rated_games_says_so(client, alice):
    html = client.get(reverse("profile", args=["alice"])).content.decode()
    assert "No rated games yet." in html
    assert "<svg" not in html


def _render(source: str, **context) -> str:
    return Template("{% load ratings %}" + source).render(Context(context))


def test_the_badge_marks_a_provisional_rating_and_not_an_established_one(django_user_model):
    newcomer = django_user_model.objects.create_user("newcomer")
    veteran = _rated(django_user_model, "veteran", 1623.6, 10)
    assert "1500" in _render('{% rating_badge player "dummy" %}', player=newcomer)
    assert "provisional" in _render('{% rating_badge player "dummy" %}', player=newcomer)
    badge = _render('{% rating_badge player "dummy" %}', player=veteran)
    assert ">1624</span>" in badge
    assert "provisional" not in badge


def test_the_result_line_shows_the_change_and_the_new_rating(table):
    change = _play(table, 1, 0)[0]
    change.rating_before, change.rating_after = 1543.7, 1561.9
    assert _render("{% rating_result change %}", change=change) == (
        '<span class="rating-result rating-result--up">+18 → 1562</span>'
    )
    change.rating_before, change.rating_after = 1561.9, 1549.2
    assert "-13 → 1549" in _render("{% rating_result change %}", change=change)


def test_the_team_ratings_show_each_teams_rating_and_win_chance(table):
    for player, value in zip(table, [1600, 1700, 1500, 1500], strict=True):
        Rating.objects.create(user=player, game_kind="dummy", value=value, deviation=60, games=30)
    html = re.sub(r"\s+", " ", _render('{% team_ratings a b "dummy" %}', a=table[:2], b=table[2:]))
    chance = round(100 * services.expected_score(table[:2], table[2:], "dummy"))
    assert chance > 60
    assert f"Team rating 1650 · expected win chance {chance}%" in html
    assert f"Team rating 1500 · expected win chance {100 - chance}%" in html


def test_the_profile_tells_a_placement_games_result_by_place(client, table, alice, skat):
    outcome = dataclasses.replace(
        two_teams(table, game_id=1, game="skat"),
        sides=tuple(Side(players=(p.pk,), place=place) for p, place in zip(table, (2, 1, 3, 4), strict=True)),
    )
    services.settle_outcome(outcome)
    html = client.get(reverse("profile", args=["alice"])).content.decode()
    assert "Place 2 of 4" in html
    assert ">Win<" not in html and ">Loss<" not in html
