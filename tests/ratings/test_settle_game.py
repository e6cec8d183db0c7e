"""What the end of a game does to ratings, called the way the games app calls it."""

import pytest
from django.db import transaction

from ratings import services
from ratings.models import Rating, RatingChange, Settlement

pytestmark = pytest.mark.django_db

MINUTE = 60


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name) for name in ("ann", "ben", "cat", "dan")]


def _settle(players, **overrides):
    game = {
        "game_kind": "tichu",
        "game_id": 1,
        "teams": (players[:2], players[2:]),
        "outcome": "normal",
        "winner": 0,
        "leaver_team": None,
        "target": 1000,
        "team_points": (1020, 640),
        "active_seconds": 40 * MINUTE,
        "rated": True,
        "has_bots": False,
    }
    return services.settle_game(**game | overrides)


def _ratings(players):
    return [services.ratings_of([p], "tichu")[p.pk].value for p in players]


def _games(players):
    return [services.ratings_of([p], "tichu")[p.pk].games for p in players]


def test_a_normal_game_moves_winners_up_and_losers_down_and_counts_for_all_four(players):
    changes = _settle(players)
    assert [c.user for c in changes] == players
    assert [c.shown_change > 100 for c in changes] == [True, True, False, False]
    assert [c.shown_change < -100 for c in changes] == [False, False, True, True]
    assert _games(players) == [1, 1, 1, 1]
    assert _ratings(players) == [c.rating_after for c in changes]
    assert RatingChange.objects.count() == 4


def test_the_history_row_tells_the_teams_and_the_expectation(players):
    _settle(players, game_id=1)
    winner = _settle(players, game_id=2, winner=1)[2]
    assert winner.team_rating < winner.opponent_rating
    assert winner.expected < 0.5
    assert winner.score == 1
    assert Settlement.objects.get(game_id=2).sides == [[p.pk for p in players[:2]], [p.pk for p in players[2:]]]


def test_a_reserve_time_loss_is_a_normal_result(players, django_user_model):
    reserve = _settle(players, outcome="reserve_out", winner=1)
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    normal = _settle(others, game_id=2, winner=1)
    assert [c.rating_after for c in reserve] == [c.rating_after for c in normal]


def test_a_500_point_game_moves_ratings_70_percent(players, django_user_model):
    full = _settle(players)
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    short = _settle(others, game_id=2, target=500, team_points=(520, 300))
    for f, s in zip(full, short, strict=True):
        assert s.rating_after - s.rating_before == pytest.approx(0.7 * (f.rating_after - f.rating_before))


def test_partners_with_different_experience_move_different_amounts(players, django_user_model):
    veteran, newcomer = players[0], players[1]
    Rating.objects.create(user=veteran, game_kind="tichu", value=1500, deviation=60, games=150)
    changes = {c.user: c for c in _settle(players)}
    assert 0 < changes[veteran].shown_change < changes[newcomer].shown_change


def _seat(players, ratings):
    for player, value in zip(players, ratings, strict=True):
        Rating.objects.create(user=player, game_kind="tichu", value=value, deviation=200, games=30)


@pytest.mark.parametrize("winner", [0, 1])
def test_the_underdog_gains_more_and_loses_less_than_in_an_even_game(players, django_user_model, winner):
    _seat(players, [1500, 1500, 1700, 1700])
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    _seat(others, [1500] * 4)
    underdog = _settle(players, winner=winner)[0]
    even = _settle(others, game_id=2, winner=winner)[0]
    if winner == 0:
        assert underdog.shown_change > even.shown_change > 0
    else:
        assert even.shown_change < underdog.shown_change < 0


# Abandonment: (target, team points, active minutes, whether the staying team wins).
PROGRESS = [
    (1000, (499, 200), 5, False),
    (1000, (200, 501), 5, True),
    (1000, (500, 200), 5, False),
    (1000, (0, 0), 19, False),
    (1000, (0, 0), 21, True),
    (500, (299, 100), 5, False),
    (500, (100, 301), 5, True),
    (500, (0, 0), 11, False),
    (500, (0, 0), 13, True),
]


@pytest.mark.parametrize(("target", "points", "minutes", "stayers_win"), PROGRESS)
def test_an_abandonment_costs_the_leavers_team_and_pays_the_stayers_only_once_the_game_has_progressed(
    players, target, points, minutes, stayers_win
):
    changes = _settle(
        players,
        outcome="abandonment",
        winner=None,
        leaver_team=1,
        target=target,
        team_points=points,
        active_seconds=minutes * MINUTE,
    )
    leavers = [c for c in changes if c.user in players[2:]]
    stayers = [c for c in changes if c.user in players[:2]]
    assert [c.shown_change < 0 for c in leavers] == [True, True]
    assert _games(players)[2:] == [1, 1]
    if stayers_win:
        assert [c.shown_change > 0 for c in stayers] == [True, True]
        assert _games(players)[:2] == [1, 1]
    else:
        assert stayers == []
        assert _ratings(players)[:2] == [1500, 1500]
        assert _games(players)[:2] == [0, 0]


@pytest.mark.parametrize(
    "overrides",
    [
        {"outcome": "void", "winner": None},
        {"rated": False},
        {"has_bots": True},
        {"outcome": "abandonment", "winner": None, "leaver_team": 0, "rated": False},
    ],
    ids=["void", "unrated", "bots", "unrated abandonment"],
)
def test_void_unrated_and_bot_games_change_nothing(players, overrides):
    assert _settle(players, **overrides) == []
    assert _ratings(players) == [1500] * 4
    assert _games(players) == [0] * 4
    assert not RatingChange.objects.exists()
    assert Settlement.objects.count() == 1


def test_a_bot_seat_may_be_empty(players):
    assert _settle(players, teams=([players[0], None], [players[2], players[3]]), has_bots=True) == []


def test_a_rated_game_needs_a_player_in_every_seat(players):
    with pytest.raises(ValueError, match="bots"):
        _settle(players, teams=([players[0], None], [players[2], players[3]]))


def test_a_second_call_for_the_same_game_changes_nothing_and_returns_the_first_result(players):
    first = _settle(players)
    after_first = _ratings(players)
    again = _settle(players, winner=1)
    assert [c.pk for c in again] == [c.pk for c in first]
    assert _ratings(players) == after_first
    assert _games(players) == [1, 1, 1, 1]
    assert RatingChange.objects.count() == 4


def test_a_retried_end_of_game_task_applies_the_result_once(players):
    """The first attempt dies after settling, inside the game's transaction: nothing of it
    stays, and the retry settles the game exactly once."""

    class WorkerDied(Exception):
        pass

    with pytest.raises(WorkerDied), transaction.atomic():
        _settle(players)
        raise WorkerDied
    assert not Settlement.objects.exists()
    assert _games(players) == [0, 0, 0, 0]
    with transaction.atomic():
        _settle(players)
    with transaction.atomic():
        _settle(players)
    assert _games(players) == [1, 1, 1, 1]
    assert RatingChange.objects.count() == 4


def test_the_same_game_id_of_another_game_kind_is_another_game(players):
    _settle(players)
    assert len(_settle(players, game_kind="daifugo")) == 4
    assert Rating.objects.filter(game_kind="daifugo", games=1).count() == 4


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"outcome": "resigned"}, "outcome"),
        ({"game_kind": "chess"}, "game kind"),
        ({"winner": None}, "winning team"),
        ({"outcome": "abandonment", "leaver_team": None}, "leaver"),
        ({"target": 750}, "750"),
    ],
)
def test_a_malformed_result_is_refused_loudly(players, overrides, message):
    with pytest.raises(ValueError, match=message):
        _settle(players, **overrides)
    assert not Settlement.objects.exists()


def test_a_player_cannot_be_on_both_teams(players):
    with pytest.raises(ValueError, match="twice"):
        _settle(players, teams=(players[:2], [players[0], players[3]]))


def test_the_expected_score_uses_current_ratings(players):
    assert services.expected_score(players[:2], players[2:]) == pytest.approx(0.5)
    _settle(players)
    assert services.expected_score(players[:2], players[2:]) > 0.5


@pytest.mark.django_db(transaction=True)
def test_two_workers_ending_the_same_game_at_once_apply_it_once(players):
    """Two end-of-game tasks for one game race, each in its own transaction and connection."""
    from concurrent.futures import ThreadPoolExecutor
    from threading import Barrier

    from django.db import connection

    start = Barrier(2)

    def worker(winner):
        try:
            start.wait()
            with transaction.atomic():
                return [c.pk for c in _settle(players, winner=winner)]
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(worker, [0, 1]))
    assert results[0] == results[1]
    assert _games(players) == [1, 1, 1, 1]
    assert RatingChange.objects.count() == 4
