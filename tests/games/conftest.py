import random

import pytest

from games import registry, services, timekeeping
from games.models import Table
from tests.conftest import PASSWORD

SEATS = ("S", "E", "N", "W")


@pytest.fixture
def four_players(django_user_model):
    return [django_user_model.objects.create_user(name, password=PASSWORD) for name in ("sam", "eve", "nia", "wes")]


@pytest.fixture
def started_table(four_players, django_capture_on_commit_callbacks, monkeypatch):
    """A rated table whose four human players sat down and got ready: the game is dealt, the
    same deal every run."""
    monkeypatch.setattr(services, "_system_random", random.Random(2026))
    with django_capture_on_commit_callbacks(execute=True):
        table = services.create_table(game="tichu", user=four_players[0], options={})
        for user, seat in zip(four_players[1:], SEATS[1:]):
            services.sit(table_id=table.pk, user=user, position=seat)
        for user in four_players:
            services.set_ready(table_id=table.pk, user=user, ready=True)
        for seat in SEATS:  # as if each player had the page open
            timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    table.refresh_from_db()
    return table


def state_of(table: Table):
    table.refresh_from_db()
    engine = registry.get(table.game).engine
    return engine.from_json(table.snapshot)


def complete(action: dict, hand: list[str], rng: random.Random) -> dict:
    """A legal action from legal_actions, with the exchange template filled in."""
    if action["type"] == "exchange":
        cards = rng.sample(action["hand"], 3)
        return {"seat": action["seat"], "type": "exchange", "give": dict(zip(action["to"], cards))}
    return action
