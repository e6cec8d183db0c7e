"""A table that ends through the one write path (games.services.submit) announces its game's
Outcome with games.events.game_finished, and ratings settle it from there, in the same
transaction. Over the dummy game's team variant; Tichu's own outcome rules (weights, progress)
are tested in tests/tichu/test_outcome.py."""

import pytest

from games import services
from games.events import game_finished
from games.models import Table
from games.outcome import Outcome
from moderation.models import Incident
from ratings.models import RatingChange, Settlement
from tests.games.conftest import DUMMY_SEATS, announced, finish_dummy, four_players, team_table, view_of  # noqa: F401 — fixtures

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(four_players):  # noqa: F811
    return dict(zip(DUMMY_SEATS, four_players))


def test_a_finished_rated_table_announces_its_outcome_and_the_ratings_settle_it(team_table, players, announced):
    finish_dummy(team_table, list(players.values()))
    (outcome,) = announced
    assert isinstance(outcome, Outcome)
    assert (outcome.game, outcome.game_id, outcome.reason) == ("dummy", team_table.pk, "normal")
    assert [side.players for side in outcome.sides] == [
        (players["A"].pk, players["C"].pk),
        (players["B"].pk, players["D"].pk),
    ]
    assert [side.place for side in outcome.sides] == [1, 2]
    scores = view_of(team_table)["scores"]
    assert [side.points for side in outcome.sides] == [scores["A"] + scores["C"], scores["B"] + scores["D"]]
    assert (outcome.weight, outcome.rated, outcome.has_bots, outcome.leaver, outcome.expelled) == (
        1.0, True, False, None, None
    )
    changes = {c.user_id: c.shown_change for c in RatingChange.objects.filter(settlement__game_id=team_table.pk)}
    assert changes[players["A"].pk] > 0 and changes[players["C"].pk] > 0
    assert changes[players["B"].pk] < 0 and changes[players["D"].pk] < 0


def test_a_receiver_that_fails_rolls_the_ending_back_with_it(team_table, players):
    """The event is sent inside the transaction that ends the game."""

    class Broken(Exception):
        pass

    def fail(sender, **kwargs):
        raise Broken

    game_finished.connect(fail)
    try:
        with pytest.raises(Broken):
            services.submit(table_id=team_table.pk, seat="B", action={"type": "kick"})
    finally:
        game_finished.disconnect(fail)
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.PLAYING
    assert not Settlement.objects.exists()


def test_an_expelled_player_is_named_and_moderation_still_records_the_expulsion(team_table, players, announced):
    services.submit(table_id=team_table.pk, seat="D", action={"type": "expel"})
    (outcome,) = announced
    assert (outcome.reason, outcome.leaver, outcome.expelled) == ("abandonment", 1, players["D"].pk)
    assert Incident.objects.filter(user=players["D"], table_id=team_table.pk).count() == 1
