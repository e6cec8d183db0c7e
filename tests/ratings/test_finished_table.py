"""A Tichu table that ends through the one write path (games.services.submit) announces its
Outcome with games.events.game_finished, and ratings settle it from there, in the same
transaction."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import registry, services, timekeeping
from games.events import game_finished
from games.models import Table
from games.outcome import Outcome
from moderation.models import Incident
from ratings.models import RatingChange, Settlement

pytestmark = pytest.mark.django_db

SEATS = ("S", "E", "N", "W")
MINUTE = 60


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


@pytest.fixture
def table(players, django_capture_on_commit_callbacks, monkeypatch):
    """A rated 1000-point table, dealt the same way every run."""
    monkeypatch.setattr(services, "_system_random", random.Random(2026))
    return _new_table(players, django_capture_on_commit_callbacks)


@pytest.fixture
def announced():
    """Every Outcome sent while the test runs."""
    outcomes = []

    def listen(sender, *, outcome, **kwargs):
        outcomes.append(outcome)

    game_finished.connect(listen)
    yield outcomes
    game_finished.disconnect(listen)


def _state(table):
    table.refresh_from_db()
    return registry.get(table.game).engine.from_json(table.snapshot)


def _play_to_the_end(table, players, rng):
    engine = registry.get(table.game).engine
    for _ in range(2000):
        state = _state(table)
        if state.phase == "game_over":
            return
        if state.window:
            timekeeping.run_deadline(table_id=table.pk, now=table.clock["window"]["at"], from_beat=True)
            continue
        for index, seat in enumerate(SEATS):
            if state.phase == "play" and index not in (state.turn, state.gift_by):
                continue
            required = [a for a in engine.legal_actions(state, seat) if a["type"] != "tichu"]
            if required:
                action = rng.choice(required)
                if action["type"] == "exchange":
                    action = {"type": "exchange", "give": dict(zip(action["to"], rng.sample(action["hand"], 3)))}
                services.submit(table_id=table.pk, user=players[seat], action=action)
                break
    raise AssertionError("the game did not end")


def _set_score(table, totals, minutes=1):
    table.snapshot["totals"] = list(totals)
    table.started_at = timezone.now() - timedelta(minutes=minutes)
    table.save()


def test_a_finished_rated_table_announces_its_outcome_and_the_ratings_settle_it(table, players, announced):
    _set_score(table, (2000, 0))  # one hand decides the game
    _play_to_the_end(table, players, random.Random(5))
    (outcome,) = announced
    assert isinstance(outcome, Outcome)
    assert (outcome.game, outcome.game_id, outcome.reason) == ("tichu", table.pk, "normal")
    assert [side.players for side in outcome.sides] == [
        (players["S"].pk, players["N"].pk),
        (players["E"].pk, players["W"].pk),
    ]
    assert [side.place for side in outcome.sides] == [1, 2]
    assert [side.points for side in outcome.sides] == list(_state(table).totals)
    assert (outcome.weight, outcome.rated, outcome.has_bots, outcome.leaver, outcome.expelled) == (
        1.0, True, False, None, None
    )
    changes = {c.user_id: c.shown_change for c in RatingChange.objects.filter(settlement__game_id=table.pk)}
    assert changes[players["S"].pk] > 0 and changes[players["N"].pk] > 0
    assert changes[players["E"].pk] < 0 and changes[players["W"].pk] < 0


def test_a_receiver_that_fails_rolls_the_ending_back_with_it(table, players):
    """The event is sent inside the transaction that ends the game."""

    class Broken(Exception):
        pass

    def fail(sender, **kwargs):
        raise Broken

    game_finished.connect(fail)
    try:
        with pytest.raises(Broken):
            services.submit(table_id=table.pk, seat="E", action={"type": "kick"})
    finally:
        game_finished.disconnect(fail)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert not Settlement.objects.exists()


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


def test_an_expelled_player_is_named_and_moderation_still_records_the_expulsion(table, players, announced):
    services.submit(table_id=table.pk, seat="W", action={"type": "expel"})
    (outcome,) = announced
    assert (outcome.reason, outcome.leaver, outcome.expelled) == ("abandonment", 1, players["W"].pk)
    assert Incident.objects.filter(user=players["W"], table_id=table.pk).count() == 1
