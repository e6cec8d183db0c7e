"""Finished games to replay, played to their end through the one write path (the same
`submit` the table page uses), every seat choosing with a bot on its own view."""

import random

import pytest

from games import registry, services
from games.models import Table
from tests.games.conftest import four_players  # noqa: F401 — shared fixtures

TICHU_SEATS = ("S", "E", "N", "W")


def play_to_the_end(table: Table, rng: random.Random, hands: int | None = None, limit: int = 5000) -> Table:
    """Bots choose for every seat until the game is over; with `hands`, once that many hands
    are played the last seat is expelled (the game ends as an abandonment)."""
    game = registry.get(table.game)
    engine = game.engine
    seats = game.seats_for(table.options)
    for _ in range(limit):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return table
        state = engine.from_json(table.snapshot)
        if hands is not None and state.hand_no >= hands:
            services.submit(table_id=table.pk, action={"type": "expel", "seat": seats[-1]}, server=True)
            continue
        for seat in seats:
            action = game.bot_choice(engine.view(state, seat), "beginner", rng)
            if action is not None:
                services.submit(table_id=table.pk, action=action, seat=seat)
                break
        else:  # nobody bombs: the bomb window closes, as the clock would close it
            services.submit(table_id=table.pk, action=game.timing(table.options).windows["bomb"].action,
                            server=True)
    raise AssertionError("the game did not end")


def seated_table(users, game: str, options: dict, positions) -> Table:
    table = services.create_table(user=users[0], game=game, options=options)
    for user, position in zip(users[1:], positions[1:]):
        services.sit(table_id=table.pk, user=user, position=position)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    return table


@pytest.fixture
def dummy_replayable(monkeypatch):
    """The dummy game with a replay viewer (its record's options; its board is
    tests/dummygame/templates/dummy/replay_board.html), for one test: the dummy as registered
    has none (tests/replay/test_unreplayable.py)."""
    monkeypatch.setattr(registry.get("dummy"), "record_options",
                        lambda record: {"players": record["players"], "target": record["target"]})


@pytest.fixture
def finished_tichu(four_players, monkeypatch):  # noqa: F811
    """A game to 500 in three hands (393 moments) with a Grand Tichu and a Tichu called, a
    bomb, the Phoenix, the Dog and the Dragon given away (an earlier seed took five hands
    and 635 moments for no more kinds of move)."""
    monkeypatch.setattr(services, "_system_random", random.Random(560))
    table = seated_table(four_players, "tichu", {"target": 500, "rated": False}, TICHU_SEATS)
    return play_to_the_end(table, random.Random(560))


@pytest.fixture
def short_tichu(four_players, monkeypatch):  # noqa: F811
    """A game that ended in its third hand, when West was expelled."""
    monkeypatch.setattr(services, "_system_random", random.Random(27))
    table = seated_table(four_players, "tichu", {"target": 1000}, TICHU_SEATS)
    return play_to_the_end(table, random.Random(27), hands=2)
