import json
from io import StringIO

import pytest
from django.core.management import call_command

from ratings.glicko import FOUR_PLAYERS, Parameters, calibration, changes_by_place


def _run(*args) -> str:
    out = StringIO()
    call_command("rating_calibration", *args, stdout=out)
    return out.getvalue()


def test_it_prints_the_change_of_one_even_game_by_past_games_as_json():
    printed = json.loads(_run("--json"))
    assert list(printed) == ["0", "10", "25", "100", "500"]
    expected = calibration(Parameters())
    assert printed == {str(n): round(change, 1) for n, change in expected.items()}
    assert printed["0"] > 100
    assert 45 <= printed["10"] <= 75


def test_it_follows_the_current_settings(settings):
    before = json.loads(_run("--json"))
    settings.RATING_MIN_DEVIATION = 70
    after = json.loads(_run("--json"))
    assert after["0"] == before["0"]
    assert after["500"] > before["500"]


@pytest.mark.parametrize("games", ["0", "10", "25", "100", "500"])
def test_without_json_it_prints_a_readable_table(games):
    table = _run()
    assert "initial deviation 500" in table
    assert any(line.split()[:1] == [games] for line in table.splitlines())
    assert "reaches its floor after" in table


def test_it_prints_each_place_of_a_four_player_game_between_equals_as_json():
    printed = json.loads(_run("--json", "--placements"))
    assert list(printed) == ["0", "10", "25", "100", "500"]
    for first, second, third, fourth in printed.values():
        assert first > second > 0 > third > fourth
        assert (first, second) == (-fourth, -third)
    expected = changes_by_place(Parameters(), table_format=FOUR_PLAYERS)
    assert printed["10"] == [round(change, 1) for change in expected[10]]


def test_the_readable_table_shows_both_formats_and_when_each_deviation_settles():
    table = _run()
    teams, placements = table.split("four players placed 1st to 4th")
    assert "two teams of two" in teams and "reaches its floor after 196 games" in teams
    assert "1st" in placements and "4th" in placements
    assert "reaches its floor after 18 games" in placements
