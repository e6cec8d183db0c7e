"""The rating maths on its own: the calibration the rules promise, and how teams move."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.glicko import (
    FOUR_PLAYERS,
    TWO_TEAMS,
    Estimate,
    Parameters,
    calibration,
    changes_by_place,
    deviations_after_even_games,
    expected_places,
    expected_score,
    rate,
)

PARAMETERS = Parameters()
WIN = [1, 2]


def _win(team_a, team_b, weight=1.0):
    return rate([team_a, team_b], WIN, parameters=PARAMETERS, weight=weight)


@pytest.mark.parametrize(("games", "promised"), [(10, 60), (25, 25), (100, 6)])
def test_one_even_game_moves_a_player_as_far_as_the_rules_say(games, promised):
    change = calibration(PARAMETERS)[games]
    assert promised * 0.75 <= change <= promised * 1.25


def test_a_brand_new_player_moves_more_than_100_points():
    assert calibration(PARAMETERS)[0] > 100


def test_after_some_hundred_games_the_deviation_stops_at_its_floor_and_a_game_moves_a_few_points():
    deviations = deviations_after_even_games(PARAMETERS, 600)
    floor_reached = next(n for n, deviation in enumerate(deviations) if deviation == PARAMETERS.min_deviation)
    assert 150 <= floor_reached <= 400
    assert deviations[floor_reached:] == [PARAMETERS.min_deviation] * (len(deviations) - floor_reached)
    assert 1 <= calibration(PARAMETERS, [500])[500] <= 5


def test_a_loss_moves_down_exactly_as_far_as_a_win_moves_up_in_an_even_game():
    player = PARAMETERS.newcomer()
    (winner, _), (loser, _) = _win([player, player], [player, player])
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)


def test_partners_move_the_same_way_and_the_less_certain_one_further():
    certain, uncertain = Estimate(1500, 60), Estimate(1500, 300)
    opponents = [Estimate(1500, 150), Estimate(1500, 150)]
    (after_certain, after_uncertain), _ = _win([certain, uncertain], opponents)
    assert 0 < after_certain.rating - 1500 < after_uncertain.rating - 1500
    _, (lost_certain, lost_uncertain) = _win(opponents, [certain, uncertain])
    assert 0 < 1500 - lost_certain.rating < 1500 - lost_uncertain.rating


def test_beating_a_stronger_team_gains_more_and_losing_to_it_costs_less():
    def team(rating):
        return [Estimate(rating, 100), Estimate(rating, 100)]

    (underdog_win, _), _ = _win(team(1400), team(1600))
    (favourite_win, _), _ = _win(team(1600), team(1400))
    assert underdog_win.rating - 1400 > favourite_win.rating - 1600 > 0
    _, (underdog_loss, _) = _win(team(1600), team(1400))
    _, (favourite_loss, _) = _win(team(1400), team(1600))
    assert 0 < 1400 - underdog_loss.rating < 1600 - favourite_loss.rating


def test_a_weaker_partner_makes_the_team_an_underdog():
    strong, weak = Estimate(1700, 100), Estimate(1300, 100)
    average = [Estimate(1500, 100), Estimate(1500, 100)]
    (with_weak_partner, _), _ = _win([strong, weak], average)
    (with_equal_partner, _), _ = _win([strong, Estimate(1700, 100)], average)
    assert with_weak_partner.rating - 1700 > with_equal_partner.rating - 1700


def test_a_500_point_game_moves_ratings_70_percent_of_a_full_game():
    table = ([Estimate(1520, 200), Estimate(1480, 90)], [Estimate(1600, 120), Estimate(1450, 350)])
    full = _win(*table)
    short = _win(*table, weight=0.7)
    for full_side, short_side, before_side in zip(full, short, table, strict=True):
        for full_player, short_player, before in zip(full_side, short_side, before_side, strict=True):
            assert short_player.rating - before.rating == pytest.approx(0.7 * (full_player.rating - before.rating))
            assert full_player.deviation <= short_player.deviation <= before.deviation


def test_the_expected_score_is_a_fair_coin_between_equal_teams_and_favours_the_stronger():
    even = [Estimate(1500, 200), Estimate(1500, 200)]
    strong = [Estimate(1700, 80), Estimate(1650, 80)]
    assert expected_score(even, even) == pytest.approx(0.5)
    assert expected_score(strong, even) > 0.7
    assert expected_score(strong, even) + expected_score(even, strong) == pytest.approx(1)


def test_placings_of_single_players_rank_first_up_and_last_down():
    players = [[Estimate(1500, 200)], [Estimate(1500, 200)], [Estimate(1500, 200)]]
    first, second, third = rate(players, [1, 2, 3], parameters=PARAMETERS)
    assert first[0].rating > 1500 > third[0].rating
    assert second[0].rating == pytest.approx(1500)


def test_a_game_needs_a_place_for_each_side():
    with pytest.raises(ValueError):
        rate([[PARAMETERS.newcomer()], [PARAMETERS.newcomer()]], [1], parameters=PARAMETERS)


estimates = st.builds(
    Estimate,
    rating=st.floats(min_value=800, max_value=2400),
    deviation=st.floats(min_value=PARAMETERS.min_deviation, max_value=PARAMETERS.initial_deviation),
)


@given(team_a=st.lists(estimates, min_size=2, max_size=2), team_b=st.lists(estimates, min_size=2, max_size=2))
def test_winners_never_lose_points_losers_never_gain_and_no_deviation_grows(team_a, team_b):
    winners, losers = _win(team_a, team_b)
    for before, after in zip(team_a, winners, strict=True):
        assert after.rating >= before.rating
        assert PARAMETERS.min_deviation <= after.deviation <= before.deviation
    for before, after in zip(team_b, losers, strict=True):
        assert after.rating <= before.rating
        assert PARAMETERS.min_deviation <= after.deviation <= before.deviation


def test_four_single_players_between_equals_move_by_place_symmetrically():
    first, second, third, fourth = changes_by_place(PARAMETERS, (10,), FOUR_PLAYERS)[10]
    assert second > 0
    assert first == pytest.approx(3 * second)
    assert fourth == pytest.approx(-first)
    assert third == pytest.approx(-second)


def test_four_single_players_who_tie_move_alike_and_a_full_tie_moves_nobody():
    player = Estimate(1500, 200)
    after = rate([[player]] * 4, [1, 1, 3, 4], parameters=PARAMETERS)
    assert after[0] == after[1]
    assert after[0][0].rating > 1500 > after[2][0].rating > after[3][0].rating
    assert all(side[0].rating == pytest.approx(1500) for side in rate([[player]] * 4, [1] * 4, parameters=PARAMETERS))


def test_a_placement_game_settles_a_deviation_much_sooner_than_a_team_game():
    def floor(table_format):
        deviations = deviations_after_even_games(PARAMETERS, 600, table_format)
        return next(n for n, deviation in enumerate(deviations) if deviation == PARAMETERS.min_deviation)

    assert floor(FOUR_PLAYERS) < floor(TWO_TEAMS) / 5


def test_the_expected_places_add_up_and_favour_the_stronger():
    strong, even = [Estimate(1700, 80)], [Estimate(1500, 200)]
    places = expected_places([strong, even, even, even])
    assert sum(places) == pytest.approx(10)
    assert places[0] < 2 < places[1] == places[2] == places[3]
    assert expected_places([even, even]) == pytest.approx([1.5, 1.5])
