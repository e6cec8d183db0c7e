"""Tichu's outcome of a table that ends: a shorter game weighs less, and an abandonment pays
the team that stayed only once the game has progressed (by points or by time). The platform's
part (the announcement, the settlement in the same transaction) is tested over the dummy game
in tests/ratings/test_finished_table.py."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services, timekeeping
from ratings.models import RatingChange
from tests.games.conftest import announced  # noqa: F401 — a fixture

pytestmark = pytest.mark.django_db

SEATS = ("S", "E", "N", "W")


@pytest.fixture
def players(django_user_model):
    return {seat: django_user_model.objects.create_user(name) for seat, name in zip(SEATS, ("sam", "eve", "nia", "wes"))}


def _new_table(players, capture, target=1000):
    """A rated table of `target` points, everyone seated, ready and online."""
    with capture(execute=True):
        table = services.create_table(game="tichu", user=players["S"], options={"target": target})
        for seat in SEATS[1:]:
            services.sit(table_id=table.pk, user=players[seat], position=seat)
        for user in players.values():
            services.set_ready(table_id=table.pk, user=user, ready=True)
        for seat in SEATS:
            timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    table.refresh_from_db()
    return table


def _set_score(table, totals, minutes=1):
    table.snapshot["totals"] = list(totals)
    table.started_at = timezone.now() - timedelta(minutes=minutes)
    table.save()


def test_a_500_point_game_is_announced_with_its_lighter_weight(players, django_capture_on_commit_callbacks, announced):
    table = _new_table(players, django_capture_on_commit_callbacks, target=500)
    services.submit(table_id=table.pk, action={"type": "void"})
    (outcome,) = announced
    assert (outcome.reason, outcome.weight, [s.place for s in outcome.sides]) == ("void", 0.7, [1, 1])
    assert not RatingChange.objects.exists()


# Kicked from a table: (target, team points, active minutes, whether the game had progressed).
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


@pytest.mark.parametrize(("target", "points", "minutes", "progressed"), PROGRESS)
def test_an_abandonment_pays_the_team_that_stayed_only_once_the_game_has_progressed(
    players, django_capture_on_commit_callbacks, announced, target, points, minutes, progressed
):
    table = _new_table(players, django_capture_on_commit_callbacks, target)
    _set_score(table, points, minutes)
    services.submit(table_id=table.pk, seat="E", action={"type": "kick"})
    (outcome,) = announced
    assert (outcome.reason, outcome.leaver, outcome.progressed, outcome.expelled) == (
        "abandonment", 1, progressed, None
    )
    moved = {c.user_id for c in RatingChange.objects.all()}
    leavers = {players["E"].pk, players["W"].pk}
    assert moved == (leavers | {players["S"].pk, players["N"].pk} if progressed else leavers)
