import random

import pytest

from games import registry, services, timekeeping
from games.events import game_finished
from games.models import Table
from tests.conftest import PASSWORD

SEATS = ("S", "E", "N", "W")  # Tichu's, for `started_table`
DUMMY_SEATS = ("A", "B", "C", "D")


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


def start_dummy(users, **options) -> Table:
    """A dummy-game table (tests/dummygame) with `users` seated in order and ready, every
    seat's page open: the first simultaneous pick is running."""
    table = services.create_table(game="dummy", user=users[0], options=options)
    seats = registry.get("dummy").seats_for(table.options)
    for user, seat in zip(users[1:len(seats)], seats[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users[:len(seats)]:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    for seat in seats:  # as if each player had the page open
        timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    return table


def finish_dummy(table: Table, users) -> Table:
    """Plays a dummy table to its end through the write path: the first seat picks 9, the others
    1, and each raise window closes at its deadline, so the first seat (its team) wins 2-0."""
    seats = registry.get("dummy").seats_for(table.options)
    table.refresh_from_db()
    while table.status == Table.Status.PLAYING:
        for n, (user, _) in enumerate(zip(users, seats)):
            services.submit(table_id=table.pk, action={"type": "pick", "n": 9 if n == 0 else 1}, user=user)
        table.refresh_from_db()
        timekeeping.run_deadline(table_id=table.pk, now=table.clock["window"]["at"], from_beat=True)
        table.refresh_from_db()
    return table


@pytest.fixture
def team_table(four_players, django_capture_on_commit_callbacks):
    """A rated four-seat dummy table of two teams, A+C (sam, nia) against B+D (eve, wes); for
    placements (each player on their own), `start_dummy(users, players=4, rated=True)`."""
    with django_capture_on_commit_callbacks(execute=True):
        table = start_dummy(four_players, players=4, teams=True, rated=True)
    table.refresh_from_db()
    return table


@pytest.fixture
def announced():
    """Every Outcome sent while the test runs."""
    outcomes = []

    def listen(sender, *, outcome, **kwargs):
        outcomes.append(outcome)

    game_finished.connect(listen)
    yield outcomes
    game_finished.disconnect(listen)


def view_of(table: Table, seat: str | None = None) -> dict:
    """The game's view of the table now (the dummy's view carries strikes and the ending)."""
    return registry.get(table.game).engine.view(state_of(table), seat)


def strikes_of(table: Table) -> tuple:
    view = view_of(table)
    return tuple(view["strikes"][seat] for seat in view["seats"])


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
