import json
from io import StringIO

import pytest
from django.core.management import call_command

from ratings.glicko import Parameters, calibration


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
