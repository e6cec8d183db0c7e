import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import registry, services as tables
from games.models import Table
from tests.conftest import PASSWORD
from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def players(django_user_model):
    def make(n, prefix="p"):
        return [django_user_model.objects.create_user(f"{prefix}{i}", password=PASSWORD) for i in range(n)]
    return make


# The dummy game's four-seat variants: each player for themselves, or two teams (A+C, B+D) when
# the test declares them (`dummy_teams`).
FOUR = {"players": 4}
TEAMS = {"players": 4, "teams": True}


@pytest.fixture
def dummy_teams(monkeypatch):
    """The dummy game as a game of teams (Game.teams), A+C against B+D, for one test: what a
    tournament draws and registers teams by. Its tables take TEAMS as options."""
    monkeypatch.setattr(registry.get("dummy"), "teams", (("A", "C"), ("B", "D")))


def arena(game="dummy", options=None, *, minutes=60, started=True, private=False) -> Tournament:
    starts = timezone.now() - timedelta(minutes=1) if started else timezone.now() + timedelta(minutes=10)
    return Tournament.objects.create(name="Arena", game=game, starts_at=starts, minutes=minutes, private=private,
                                     options=services.table_options(game, options or {}))


def joined(tournament, users):
    """Joined through the page, which stays open (the player waits to be paired)."""
    for user in users:
        services.join(tournament, user)
    return tournament


def play_out(table: Table, rng: random.Random, limit: int = 2000) -> Table:
    """Bots choose for every seat until the game is over; a window nobody acts in closes."""
    game = registry.get(table.game)
    seats = game.seats_for(table.options)
    for _ in range(limit):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return table
        state = game.engine.from_json(table.snapshot)
        for seat in seats:
            action = game.bot_choice(game.engine.view(state, seat), "beginner", rng)
            if action is not None:
                tables.submit(table_id=table.pk, action=action, seat=seat)
                break
        else:
            window = game.window(game.engine.view(state, None))
            tables.submit(table_id=table.pk, action=game.timing(table.options).windows[window].action, server=True)
    raise AssertionError("the game did not end")
