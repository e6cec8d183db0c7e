"""Where players see Riichi ranks: the learn page's table of the ladder, the seat plates at the
table, the lobby's list (with a table's minimum rank) and the leaderboard; in English, German
and Greek. A game without a ladder shows none."""

import re

import pytest
from django.urls import reverse

from games import results, services
from ratings.models import PlayerRank, Rating
from tests.ratings.playing import seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def ranked(django_user_model):
    """Two Riichi players: ana 2 dan, ben 4 kyu; cho without a rank (a newcomer's 10 kyu)."""
    ana, ben, cho = (django_user_model.objects.create_user(name) for name in ("ana", "ben", "cho"))
    PlayerRank.objects.create(user=ana, game_kind="riichi", level=11, points=450, games=30)
    PlayerRank.objects.create(user=ben, game_kind="riichi", level=6, points=10, games=12)
    return ana, ben, cho


@pytest.fixture
def waiting(ranked):
    ana, ben, cho = ranked
    table = services.create_table(user=ana, game="riichi", options={"min_rank": 5})
    services.sit(table_id=table.pk, user=ben, position="1")
    return table


def _cells(html: str, row_start: str) -> list[str]:
    row = re.search(rf"<tr><td>{re.escape(row_start)}</td>(.*?)</tr>", html, re.S).group(1)
    return re.findall(r"<td>(.*?)</td>", row)


def test_the_learn_page_shows_the_ladder_with_its_points(client):
    html = client.get(reverse("riichi:ranks")).content.decode()
    assert _cells(html, "10 kyu") == ["0", "20", "0", "0"]
    assert _cells(html, "1 dan") == ["200", "400", "-30", "-45"]
    assert _cells(html, "7 dan") == ["1400", "2800", "-90", "-135"]
    assert _cells(html, "10 dan") == ["2000", "—", "-120", "-180"]
    assert _cells(html, "1") == ["+20", "+30"] and _cells(html, "2") == ["+10", "+15"]


def test_the_learn_page_speaks_german_and_greek(client):
    german = client.get(reverse("riichi:ranks"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    greek = client.get(reverse("riichi:ranks"), HTTP_ACCEPT_LANGUAGE="el").content.decode()
    assert "<h1>Ränge</h1>" in german and _cells(german, "1. Dan")[:2] == ["200", "400"]
    assert "<h1>Βαθμοί</h1>" in greek and _cells(greek, "1ο νταν")[:2] == ["200", "400"]


def test_the_seat_plates_show_each_players_rank(client, waiting, ranked):
    client.force_login(ranked[2])
    html = client.get(waiting.get_absolute_url()).content.decode()
    plates = dict(re.findall(r'<span class="name">(\w+)</span>.*?<span class="tag rank">(.*?)</span>', html, re.S))
    assert plates == {"ana": "2 dan", "ben": "4 kyu"}


def test_the_lobby_shows_ranks_and_a_tables_minimum_rank(client, waiting):
    row = client.get("/lobby/").content.decode().split('<li class="table-row')[1]
    assert re.findall(r'<span class="lobby-rank">(.*?)</span>', row) == ["2 dan", "4 kyu"]
    assert "from 5 kyu" in row
    german = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert re.findall(r'<span class="lobby-rank">(.*?)</span>', german) == ["2. Dan", "4. Kyu"]


def test_the_leaderboard_shows_ranks_for_riichi_only(client, ranked):
    ana, ben, cho = ranked
    for player, value in ((ana, 1700), (ben, 1600), (cho, 1500)):
        Rating.objects.create(user=player, game_kind="riichi", value=value, deviation=60, games=30)
        Rating.objects.create(user=player, game_kind="dummy", value=value, deviation=60, games=30)
    html = client.get(reverse("leaderboard_game", args=["riichi"])).content.decode()
    assert re.findall(r'<td class="ladder-rank">(.*?)</td>', html) == ["2 dan", "4 kyu", "10 kyu"]
    unranked = client.get(reverse("leaderboard_game", args=["dummy"])).content.decode()  # a game without a ladder
    assert "ladder-rank" not in unranked and "ben" in unranked


def test_a_running_game_shows_the_ranks_it_started_with(client, ranked, django_user_model,
                                                        django_capture_on_commit_callbacks, monkeypatch):
    ana, ben, cho = ranked
    dev = django_user_model.objects.create_user("dev")
    table = seated_table([ana, ben, cho, dev], django_capture_on_commit_callbacks, monkeypatch, "riichi", seed=2)
    assert table.status == table.Status.PLAYING
    assert table.seat_ranks == {"0": 11, "1": 6, "2": 0, "3": 0}
    # Its pages are drawn from what the table kept, not from the ranks now.
    PlayerRank.objects.filter(user=ana).update(level=12)
    client.force_login(dev)
    html = client.get(table.get_absolute_url()).content.decode()
    plates = dict(re.findall(r'<span class="name">(\w+)</span>.*?<span class="tag rank">(.*?)</span>', html, re.S))
    assert plates == {"ana": "2 dan", "ben": "4 kyu", "cho": "10 kyu", "dev": "10 kyu"}


@pytest.mark.parametrize(("language", "text"), [("en", "Only players of this"), ("de", "Nur Spieler dieses"),
                                                ("el", "Μόνο παίκτες αυτού του")])
def test_the_table_options_page_explains_the_minimum_rank(client, language, text):
    html = client.get(reverse("riichi:options"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert re.search(rf'{text} <a href="{reverse("riichi:ranks")}">', html)


def test_the_end_of_a_match_shows_each_players_rank_points_and_rank(client, ranked, django_user_model,
                                                                      django_capture_on_commit_callbacks, monkeypatch):
    ana, ben, cho = ranked
    dev = django_user_model.objects.create_user("dev")
    PlayerRank.objects.filter(user=ana).update(points=39)  # 2 dan, a fourth place from demotion
    table = seated_table([ana, ben, cho, dev], django_capture_on_commit_callbacks, monkeypatch, "riichi",
                         seed=2, length="east")
    scores = [10000, 30000, 25000, 35000]
    results.finish(table, {"final": {"places": [4, 2, 3, 1], "scores": scores}, "scores": scores, "end": None,
                           "round": 4}, {s.position: s for s in table.seats.all()})
    # The page draws what the game's end left: its rows say who placed where.
    table.status = table.Status.FINISHED
    table.snapshot["phase"] = "game_over"
    table.snapshot["final"] = {"places": [4, 2, 3, 1], "scores": scores, "results": None}
    table.save()
    client.force_login(dev)
    html = client.get(table.get_absolute_url()).content.decode()
    rows = dict(re.findall(r"<td>\d</td><td>(\w+)</td><td>\d+</td><td>[^<]*</td><td class=\"mj-rank-change\">(.*?)</td>",
                           html))
    assert rows == {"dev": "+20 · 9 kyu <strong>promoted</strong>", "ben": "+10 · 4 kyu", "cho": "+0 · 10 kyu",
                    "ana": "-40 · 1 dan <strong>demoted</strong>"}
