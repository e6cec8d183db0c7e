"""Two bombs at the same instant: the table row's lock orders them, and the later one is
judged against the earlier — never both against the same trick."""

import threading

import pytest
from django.db import connection

from games import registry, services, timekeeping
from games.errors import TableError
from tests.games.conftest import SEATS, state_of

pytestmark = pytest.mark.django_db(transaction=True)
engine = registry.get("tichu").engine
SUITS = ("jade", "sword", "pagoda", "star")


def _deal() -> dict:
    """South holds four 2s, East four 3s, North the Mahjong (and leads)."""
    rest = [f"{suit}-{rank}" for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for suit in SUITS]
    rest += ["dog", "phoenix", "dragon"]
    south = [f"{s}-2" for s in SUITS] + rest[0:10]
    east = [f"{s}-3" for s in SUITS] + rest[10:20]
    north = ["mahjong"] + rest[20:33]
    west = rest[33:47]
    return {"S": south, "E": east, "N": north, "W": west}


def _started(four_players, monkeypatch):
    monkeypatch.setattr(engine, "shuffled_deal", lambda rng: _deal())
    table = services.create_table(game="tichu", user=four_players[0], options={})
    for user, seat in zip(four_players[1:], SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in four_players:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    for seat in SEATS:
        timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True)
    by_seat = dict(zip(SEATS, four_players))
    for seat in SEATS:
        services.submit(table_id=table.pk, user=by_seat[seat], action={"type": "grand", "call": False})
    for seat in SEATS:  # give away cards that belong to no bomb
        hand = engine.view(state_of(table), seat)["hand"]
        spare = [c for c in hand if not c.endswith(("-2", "-3")) and c != "mahjong"][:3]
        others = [s for s in SEATS if s != seat]
        services.submit(table_id=table.pk, user=by_seat[seat],
                        action={"type": "exchange", "give": dict(zip(others, spare))})
    services.submit(table_id=table.pk, user=by_seat["N"], action={"type": "play", "cards": ["mahjong"]})
    return table, by_seat


@pytest.mark.parametrize("attempt", range(3))
def test_two_bombs_at_once_are_ordered_by_the_lock(four_players, monkeypatch, attempt):
    table, by_seat = _started(four_players, monkeypatch)
    bombs = {"S": [f"{s}-2" for s in SUITS], "E": [f"{s}-3" for s in SUITS]}
    start = threading.Barrier(2)
    outcome = {}

    def bomb(seat):
        start.wait()
        try:
            services.submit(table_id=table.pk, user=by_seat[seat], action={"type": "play", "cards": bombs[seat]})
            outcome[seat] = "played"
        except (engine.IllegalAction, TableError) as error:
            outcome[seat] = error.code
        finally:
            connection.close()  # this thread's own connection: left open, it keeps the test database in use

    threads = [threading.Thread(target=bomb, args=(seat,)) for seat in ("S", "E")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    trick = [(seat, sorted(cards)) for seat, cards in
             ((entry["seat"], entry["cards"]) for entry in engine.view(state_of(table), None)["trick"])]
    assert outcome["E"] == "played", outcome  # four 3s beat four 2s in either order
    if outcome["S"] == "played":  # South came first; East's bomb then beat it
        assert [seat for seat, _ in trick] == ["N", "S", "E"]
    else:  # East came first; South's lower bomb no longer beats the table
        assert outcome["S"] == "does_not_beat"
        assert [seat for seat, _ in trick] == ["N", "E"]
