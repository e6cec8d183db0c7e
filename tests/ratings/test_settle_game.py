"""What the end of a game does to ratings: settle_outcome over game-neutral Outcomes, for two
teams of two and for four players placed 1st to 4th."""

import dataclasses

import pytest
from django.db import transaction

from games.outcome import Outcome, Side
from ratings import services
from ratings.models import Rating, RatingChange, Settlement

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name) for name in ("ann", "ben", "cat", "dan")]


def _outcome(sides, places, **overrides) -> Outcome:
    game = {
        "game": "dummy",
        "game_id": 1,
        "sides": tuple(
            Side(players=tuple(p and p.pk for p in side), place=place) for side, place in zip(sides, places, strict=True)
        ),
        "reason": "normal",
        "leaver": None,
        "weight": 1.0,
        "progressed": True,
        "rated": True,
        "has_bots": False,
        "expelled": None,
    }
    return Outcome(**game | overrides)


def _teams(players, winner=0, **overrides) -> Outcome:
    places = (1, 2) if winner == 0 else (2, 1) if winner == 1 else (1, 1)
    return _outcome((players[:2], players[2:]), places, **overrides)


def _settle(players, winner=0, **overrides):
    return services.settle_outcome(_teams(players, winner, **overrides))


def _ratings(players):
    return [services.ratings_of([p], "dummy")[p.pk].value for p in players]


def _games(players):
    return [services.ratings_of([p], "dummy")[p.pk].games for p in players]


# Two teams of two.


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
    settlement = Settlement.objects.get(game_id=2)
    assert settlement.sides == [[p.pk for p in players[:2]], [p.pk for p in players[2:]]]
    assert settlement.places == [2, 1]


def test_a_reserve_time_loss_is_a_normal_result(players, django_user_model):
    reserve = _settle(players, winner=1, reason="reserve_out", leaver=0)
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    normal = _settle(others, winner=1, game_id=2)
    assert [c.rating_after for c in reserve] == [c.rating_after for c in normal]


def test_a_shorter_format_moves_ratings_by_its_weight(players, django_user_model):
    full = _settle(players)
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    short = _settle(others, game_id=2, weight=0.7)
    for f, s in zip(full, short, strict=True):
        assert s.rating_after - s.rating_before == pytest.approx(0.7 * (f.rating_after - f.rating_before))
    assert Settlement.objects.get(game_id=2).weight == 0.7


def test_partners_with_different_experience_move_different_amounts(players):
    veteran, newcomer = players[0], players[1]
    Rating.objects.create(user=veteran, game_kind="dummy", value=1500, deviation=60, games=150)
    changes = {c.user: c for c in _settle(players)}
    assert 0 < changes[veteran].shown_change < changes[newcomer].shown_change


def _seat(players, ratings, game_kind="dummy"):
    for player, value in zip(players, ratings, strict=True):
        Rating.objects.create(user=player, game_kind=game_kind, value=value, deviation=200, games=30)


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


@pytest.mark.parametrize("progressed", [True, False])
def test_an_abandonment_costs_the_leavers_team_and_pays_the_stayers_only_once_the_game_has_progressed(
    players, progressed
):
    # The builder's places at the moment of leaving do not matter: the leavers are last.
    changes = _settle(players, winner=None, reason="abandonment", leaver=1, progressed=progressed)
    leavers = [c for c in changes if c.user in players[2:]]
    stayers = [c for c in changes if c.user in players[:2]]
    assert [c.shown_change < 0 for c in leavers] == [True, True]
    assert _games(players)[2:] == [1, 1]
    assert Settlement.objects.get().places == [1, 2]
    if progressed:
        assert [c.shown_change > 0 for c in stayers] == [True, True]
        assert _games(players)[:2] == [1, 1]
    else:
        assert stayers == []
        assert _ratings(players)[:2] == [1500, 1500]
        assert _games(players)[:2] == [0, 0]


def test_an_abandonment_by_the_leading_team_still_puts_it_last(players):
    changes = _settle(players, winner=0, reason="abandonment", leaver=0)
    assert [c.shown_change < 0 for c in changes] == [True, True, False, False]


@pytest.mark.parametrize(
    "overrides",
    [
        {"reason": "void", "winner": None},
        {"rated": False},
        {"has_bots": True},
        {"reason": "abandonment", "winner": None, "leaver": 0, "rated": False},
    ],
    ids=["void", "unrated", "bots", "unrated abandonment"],
)
def test_void_unrated_and_bot_games_leave_a_settlement_and_change_nothing(players, overrides):
    assert _settle(players, **overrides) == []
    assert _ratings(players) == [1500] * 4
    assert _games(players) == [0] * 4
    assert not RatingChange.objects.exists()
    settlement = Settlement.objects.get()
    assert settlement.places is None


def test_a_bot_seat_may_be_empty(players):
    outcome = _outcome(([players[0], None], players[2:]), (1, 2), has_bots=True)
    assert services.settle_outcome(outcome) == []
    assert Settlement.objects.get().sides == [[players[0].pk, None], [players[2].pk, players[3].pk]]


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


def test_the_same_game_id_of_another_game_kind_is_another_game(players, skat):
    _settle(players)
    assert len(_settle(players, game="skat")) == 4
    assert Rating.objects.filter(game_kind="skat", games=1).count() == 4


def test_a_rated_outcome_of_a_game_that_is_never_rated_is_refused(players, never_rated):
    with pytest.raises(ValueError, match="solitaire tables are never rated"):
        _settle(players, game="solitaire")
    assert not Settlement.objects.exists()
    assert _settle(players, game="solitaire", rated=False) == []


def test_the_expected_score_uses_current_ratings(players):
    assert services.expected_score(players[:2], players[2:], "dummy") == pytest.approx(0.5)
    _settle(players)
    assert services.expected_score(players[:2], players[2:], "dummy") > 0.5
    first, second = services.expected_places([players[:2], players[2:]], "dummy")
    assert first == pytest.approx(2 - services.expected_score(players[:2], players[2:], "dummy"))
    assert first + second == pytest.approx(3)


# Four players, each alone, placed 1st to 4th.


def _placed(players, places, **overrides):
    return services.settle_outcome(_outcome([[p] for p in players], places, **overrides))


def _change(change: RatingChange) -> float:
    return change.rating_after - change.rating_before


def test_between_equals_first_gains_most_and_fourth_loses_most_symmetrically(players):
    changes = _placed(players, (1, 2, 3, 4))
    first, second, third, fourth = map(_change, changes)
    assert first > second > 0 > third > fourth
    assert first == pytest.approx(-fourth)
    assert second == pytest.approx(-third)
    assert first == pytest.approx(3 * second)
    assert [c.score for c in changes] == pytest.approx([1, 2 / 3, 1 / 3, 0])
    assert [c.expected for c in changes] == pytest.approx([0.5] * 4)
    assert Settlement.objects.get().places == [1, 2, 3, 4]


def test_the_order_of_the_seats_does_not_matter_only_the_places(players):
    changes = {c.user: _change(c) for c in _placed(players, (3, 1, 4, 2))}
    assert changes[players[1]] > changes[players[3]] > 0 > changes[players[0]] > changes[players[2]]


def test_players_who_tie_share_the_result(players, django_user_model):
    first, tied_a, tied_b, fourth = map(_change, _placed(players, (1, 2, 2, 4)))
    assert tied_a == pytest.approx(0, abs=1e-9)
    assert tied_b == pytest.approx(0, abs=1e-9)
    assert first == pytest.approx(-fourth)
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    tied_first, _, _, last = map(_change, _placed(others, (1, 1, 3, 4), game_id=2))
    assert tied_first == pytest.approx(_change(RatingChange.objects.get(user=others[1])))
    assert tied_first > 0 > last
    everyone = [django_user_model.objects.create_user(name) for name in ("ida", "jon", "kim", "lou")]
    assert [_change(c) for c in _placed(everyone, (1, 1, 1, 1), game_id=3)] == pytest.approx([0] * 4)


def test_a_placement_game_narrows_every_deviation_and_counts_for_all_four(players):
    changes = _placed(players, (1, 2, 3, 4))
    assert all(c.deviation_after < c.deviation_before for c in changes)
    assert _games(players) == [1, 1, 1, 1]


def test_an_underdog_who_wins_the_table_gains_more_than_a_favourite(players, django_user_model):
    _seat(players, [1400, 1500, 1500, 1600])
    underdog = _change(_placed(players, (1, 2, 3, 4))[0])
    others = [django_user_model.objects.create_user(name) for name in ("eve", "fay", "gus", "hal")]
    _seat(others, [1600, 1500, 1500, 1400])
    favourite = _change(_placed(others, (1, 2, 3, 4), game_id=2)[0])
    assert underdog > favourite > 0


def test_a_placement_game_is_settled_exactly_once(players):
    first = _placed(players, (1, 2, 3, 4))
    again = _placed(players, (4, 3, 2, 1))
    assert [c.pk for c in again] == [c.pk for c in first]
    assert _games(players) == [1, 1, 1, 1]


@pytest.mark.parametrize("progressed", [True, False])
def test_a_player_who_abandons_a_placement_game_is_last_and_the_others_keep_their_order(players, progressed):
    changes = _placed(players, (1, 2, 3, 4), reason="abandonment", leaver=1, progressed=progressed)
    assert Settlement.objects.get().places == [1, 4, 2, 3]
    moved = {c.user: _change(c) for c in changes}
    assert moved[players[1]] < 0
    if progressed:
        assert moved[players[0]] > moved[players[2]] > 0 > moved[players[3]] > moved[players[1]]
    else:
        assert set(moved) == {players[1]}
        assert _games(players) == [0, 1, 0, 0]


def test_the_expected_places_between_equals_are_the_middle_and_favour_the_stronger(players):
    alone = [[p] for p in players]
    assert services.expected_places(alone, "dummy") == pytest.approx([2.5] * 4)
    _seat(players, [1700, 1500, 1500, 1300])
    places = services.expected_places(alone, "dummy")
    assert places[0] < places[1] < places[3]
    assert places[1] == pytest.approx(places[2])
    assert sum(places) == pytest.approx(1 + 2 + 3 + 4)


# Malformed outcomes are refused where they are built, before anything is stored.


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"reason": "resigned"}, "reason"),
        ({"places": (1, 3)}, "places"),
        ({"places": (2, 2)}, "places"),
        ({"places": (0, 1)}, "places"),
        ({"reason": "abandonment"}, "leaver"),
        ({"reason": "reserve_out"}, "leaver"),
        ({"reason": "abandonment", "leaver": 2}, "leaver 2"),
        ({"leaver": 0}, "normal result has no leaver"),
        ({"sides": ((1, 2), (3, 1))}, "twice"),
        ({"sides": ((1, None), (3, 4))}, "bots"),
        ({"sides": ((1, 2),)}, "two sides"),
        ({"sides": ((1, 2), ())}, "at least one seat"),
        ({"expelled": 99}, "expelled"),
        ({"weight": 0}, "weight"),
    ],
)
def test_a_malformed_outcome_is_refused_loudly(overrides, message):
    sides = overrides.pop("sides", ((1, 2), (3, 4)))
    places = overrides.pop("places", tuple(range(1, len(sides) + 1)))
    fields = {
        "game": "dummy", "game_id": 1, "reason": "normal", "leaver": None, "weight": 1.0,
        "progressed": True, "rated": True, "has_bots": False, "expelled": None,
    }
    with pytest.raises(ValueError, match=message):
        Outcome(
            sides=tuple(Side(players=side, place=place) for side, place in zip(sides, places, strict=False)),
            **fields | overrides,
        )


def test_an_outcome_of_an_unregistered_game_is_refused_before_anything_is_stored(players):
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        _settle(players, game="chess")
    assert not Settlement.objects.exists()


def test_an_outcome_is_a_frozen_value(players):
    outcome = _teams(players)
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.weight = 2


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
