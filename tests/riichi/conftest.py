import random

import pytest

from games import registry, services, timekeeping
from tests.conftest import PASSWORD

SEATS = ("0", "1", "2", "3")


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name, password=PASSWORD) for name in ("ana", "ben", "cho", "dev")]


def seated_table(players, capture, monkeypatch, seed=2026, **options):
    """A table whose four players sat down and got ready, each with the page open."""
    monkeypatch.setattr(services, "_system_random", random.Random(seed))
    with capture(execute=True):
        table = services.create_table(user=players[0], game="riichi", options=options)
        for user, seat in zip(players[1:], SEATS[1:]):
            services.sit(table_id=table.pk, user=user, position=seat)
        for user in players:
            services.set_ready(table_id=table.pk, user=user, ready=True)
        for seat in SEATS:
            timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    table.refresh_from_db()
    return table


def state_of(table):
    table.refresh_from_db()
    return registry.get("riichi").engine.from_json(table.snapshot)
