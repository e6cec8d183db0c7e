"""Riichi ranks (10 kyu to 10 dan, Tenhou's points): every place at every rank, promotion and
demotion at the thresholds, settled from games that end through the platform (the game's end
announced by games.results.finish, or a whole match played through the write path), once; and
a table's minimum rank, refused with a clear message when a player is below it."""

import random

import pytest
from django.urls import reverse

from games import registry, results, services
from games.errors import TableError, translated_message
from games.models import Table
from ratings.errors import RankRefusal
from ratings.models import PlayerRank, RankChange, Settlement
from ratings.services import settle_outcome
from riichi.outcome import outcome as riichi_outcome
from tests.ratings.playing import play_out, seated_table

pytestmark = pytest.mark.django_db

# Tenhou's general room (riichi.wiki "Tenhou.net ranking"), written out here, not taken from
# the code: per East-only match +20 first, +10 second, 0 third; fourth loses nothing below 1
# dan, then 30 at 1 dan up to 120 at 10 dan; a hanchan counts 1.5 times.
NAMES = [f"{n} kyu" for n in range(10, 0, -1)] + [f"{n} dan" for n in range(1, 11)]
FOURTH_EAST = [0] * 10 + [-30, -40, -50, -60, -70, -80, -90, -100, -110, -120]
BASE = [0] * 10 + [200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]
TARGET = [20, 20, 20, 20, 40, 60, 80, 100, 100, 100, 400, 800, 1200, 1600, 2000, 2400, 2800, 3200, 3600, None]
FACTOR = {"east": 1, "hanchan": 1.5}


def expected_points(level: int, place: int, length: str) -> int:
    east = (20, 10, 0, FOURTH_EAST[level])[place - 1]
    return int(east * FACTOR[length])


@pytest.fixture
def four(django_user_model):
    return [django_user_model.objects.create_user(name) for name in ("ana", "ben", "cho", "dev")]


def _started_table(players, capture, monkeypatch, **options):
    return seated_table(players, capture, monkeypatch, "riichi", seed=11, **options)


def _place(players, level: int, points: int) -> None:
    PlayerRank.objects.bulk_create([PlayerRank(user=p, game_kind="riichi", level=level, points=points) for p in players])


def _end(table, places, end=None) -> None:
    """The match ends with these places (seat 0 first), announced as the table would."""
    scores = [40000 - 10000 * place for place in places]
    view = {"final": {"places": places, "scores": scores}, "scores": scores, "end": end, "round": 4}
    players = {s.position: s for s in table.seats.all()}
    results.finish(table, view, players)


@pytest.mark.parametrize("length", ["east", "hanchan"])
@pytest.mark.parametrize("level", range(20))
def test_rank_points_for_every_place_at_every_rank(level, length, four, django_capture_on_commit_callbacks,
                                                     monkeypatch):
    table = _started_table(four, django_capture_on_commit_callbacks, monkeypatch, length=length)
    # Midway to the target (or far above zero at the top), so no place crosses a threshold
    # except where the ladder's own steps are small (the kyu ranks).
    points = BASE[level] + ((TARGET[level] or 4000) - BASE[level]) // 2
    _place(four, level, points)
    _end(table, [3, 1, 4, 2])
    changes = {c.user_id: c for c in RankChange.objects.filter(settlement__game_id=table.pk)}
    for player, place in zip(four, [3, 1, 4, 2]):
        change = changes[player.pk]
        assert (change.place, change.change) == (place, expected_points(level, place, length))
        assert (change.level_before, change.points_before) == (level, points)
        rank = PlayerRank.objects.get(user=player)
        after = points + change.change
        if TARGET[level] is not None and after >= TARGET[level]:
            assert (rank.level, rank.points) == (level + 1, BASE[level + 1])
        else:
            assert (rank.level, rank.points) == (level, after)
        assert (change.level_after, change.points_after, rank.games) == (rank.level, rank.points, 1)


@pytest.mark.parametrize(("level", "points", "place", "length", "after"), [
    (9, 80, 1, "east", (10, 200)),       # 1 kyu reaches 100: 1 dan, at its base
    (9, 79, 1, "east", (9, 99)),         # one short
    (0, 5, 1, "hanchan", (1, 0)),        # 10 kyu +30 passes 20: 9 kyu
    (10, 390, 2, "east", (11, 400)),     # 1 dan reaches 400 with a second place
    (18, 3570, 1, "hanchan", (19, 2000)),  # 9 dan to 10 dan
    (19, 3990, 1, "east", (19, 4010)),   # 10 dan is the top: no step above
    (10, 30, 4, "east", (10, 0)),        # 1 dan left at exactly zero stays
    (10, 29, 4, "east", (9, 0)),         # below zero: 1 kyu, at its base
    (14, 69, 4, "east", (13, 800)),      # 5 dan to 4 dan, at its base
    (11, 59, 4, "hanchan", (10, 200)),   # 2 dan loses 60 in a hanchan: 1 dan
    (9, 0, 4, "hanchan", (9, 0)),        # kyu ranks lose nothing
    (0, 0, 4, "east", (0, 0)),
])
def test_promotion_and_demotion_at_the_thresholds(level, points, place, length, after, four,
                                                   django_capture_on_commit_callbacks, monkeypatch):
    table = _started_table(four, django_capture_on_commit_callbacks, monkeypatch, length=length)
    _place(four[:1], level, points)
    others = [p for p in (1, 2, 3, 4) if p != place]
    _end(table, [place, *others])
    rank = PlayerRank.objects.get(user=four[0])
    assert (rank.level, rank.points) == after


def test_a_played_match_moves_each_rank_once_by_its_places(four, django_capture_on_commit_callbacks, monkeypatch):
    table = _started_table(four, django_capture_on_commit_callbacks, monkeypatch, length="east")
    play_out(table, four, random.Random(4))
    settlement = Settlement.objects.get(game_kind="riichi", game_id=table.pk)
    places = settlement.places
    assert sorted(places) == [1, 2, 3, 4]
    moved = {c.user_id: (c.place, c.change) for c in RankChange.objects.filter(settlement=settlement)}
    assert moved == {p.pk: (places[n], expected_points(0, places[n], "east")) for n, p in enumerate(four)}
    before = list(PlayerRank.objects.order_by("user_id").values_list("level", "points", "games"))
    assert before == [(1, 0, 1) if places[n] == 1 else (0, expected_points(0, places[n], "east"), 1)
                      for n in range(4)]
    # The same outcome told again (a retried task) moves nothing.
    view = {"final": {"places": places, "scores": [0, 0, 0, 0]}, "scores": [0, 0, 0, 0], "end": None, "round": 4}
    settle_outcome(riichi_outcome(table, view, {s.position: s for s in table.seats.all()}, 600))
    assert list(PlayerRank.objects.order_by("user_id").values_list("level", "points", "games")) == before
    assert RankChange.objects.count() == 4


@pytest.mark.parametrize("options", [{"rated": False}, {"private": True, "rated": False}])
def test_unrated_tables_move_no_rank(options, four, django_capture_on_commit_callbacks, monkeypatch):
    table = _started_table(four, django_capture_on_commit_callbacks, monkeypatch, length="east", **options)
    _end(table, [1, 2, 3, 4])
    assert not RankChange.objects.exists() and not PlayerRank.objects.exists()


def test_a_table_with_bots_moves_no_rank(four, django_capture_on_commit_callbacks, monkeypatch):
    with django_capture_on_commit_callbacks(execute=True):
        table = services.create_table(user=four[0], game="riichi", options={"length": "east"})
        services.fill_with_bots(table_id=table.pk, user=four[0], strength="beginner")
        services.set_ready(table_id=table.pk, user=four[0], ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and table.has_bots
    _end(table, [1, 2, 3, 4])
    assert not RankChange.objects.exists()


def test_an_abandonment_before_half_time_moves_only_the_leaver(four, django_capture_on_commit_callbacks,
                                                              monkeypatch):
    table = _started_table(four, django_capture_on_commit_callbacks, monkeypatch, length="hanchan")
    _place(four, 12, 700)
    scores = [25000] * 4
    view = {"final": None, "scores": scores, "end": {"reason": "strikes", "seat": "2"}, "round": 1}
    results.finish(table, view, {s.position: s for s in table.seats.all()})
    (change,) = RankChange.objects.all()
    assert (change.user_id, change.place, change.change) == (four[2].pk, 4, -75)


def test_a_table_for_a_minimum_rank_refuses_a_lower_player_and_changes_nothing(
        four, django_capture_on_commit_callbacks, monkeypatch):
    host, low, high = four[:3]
    _place([host, high], 10, 250)
    _place([low], 9, 90)
    with django_capture_on_commit_callbacks(execute=True):
        table = services.create_table(user=host, game="riichi", options={"min_rank": 10})
    with pytest.raises(RankRefusal) as refused:
        services.sit(table_id=table.pk, user=low, position="1")
    assert refused.value.code == "rank_too_low"
    assert translated_message(refused.value) == "This table is for players of 1 dan or higher; your rank is 1 kyu."
    assert not table.seats.get(position="1").user_id
    services.sit(table_id=table.pk, user=high, position="1")
    assert table.seats.get(position="1").user_id == high.pk


def test_the_lobby_form_refuses_a_table_above_the_creators_rank(four, client):
    _place(four[:1], 3, 0)
    client.force_login(four[0])
    response = client.post(reverse("create_table", args=["riichi"]), {
        "riichi-table-length": "east", "riichi-table-red_fives": "1", "riichi-table-kuitan": "1",
        "riichi-table-double_ron": "1", "riichi-table-double_yakuman": "0", "riichi-table-kiriage": "0",
        "riichi-table-uma": "5-15", "riichi-table-tobi": "1", "riichi-table-rated": "1",
        "riichi-table-private": "0", "riichi-table-min_rank": "10"})
    assert response.status_code == 400
    assert "This table is for players of 1 dan or higher; your rank is 7 kyu." in response.content.decode()
    assert not Table.objects.exists()


def test_a_bad_minimum_rank_is_refused(four):
    for bad in (20, -1, "3", True):
        with pytest.raises(TableError):
            services.create_table(user=four[0], game="riichi", options={"min_rank": bad})
    assert not Table.objects.exists()


@pytest.mark.parametrize("level", range(20))
def test_the_ladder_names_every_rank_as_tenhou_does(level):
    ladder = registry.get("riichi").rank_ladder
    assert str(ladder.label(level)) == NAMES[level]
    assert (ladder.ranks[level].base, ladder.ranks[level].target) == (BASE[level], TARGET[level])
