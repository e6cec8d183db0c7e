"""Call windows as Tenhou and Mahjong Soul run them, through the socket's real frames: after
a discard only the seats that may call it are asked, nobody else gets a prompt or a clock (nor
sees the clock of those asked), play waits only for them, and when nobody may call the next
seat draws at once."""

import re

import pytest
from channels.db import database_sync_to_async

from games import registry, services, timekeeping
from tests.conftest import PASSWORD
from tests.riichi.conftest import SEATS, state_of
from tests.riichi.engine.helpers import deal
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)
game = registry.get("riichi")
engine = game.engine
PROMPT = "Call this discard?"
# East 1: the dealer (0) draws and throws the red dragon; only seat 2 holds a pair of it, and
# nobody can do anything with seat 1's next draw, the 9m.
HANDS = {0: "19m19p19s123456z8m", 1: "238m28p28s123456z", 2: "357m37p37s1234z77z", 3: "46m46p469s123456z"}
DRAWS = "7z9m"


def crafted_table(monkeypatch, users):
    monkeypatch.setattr(game, "shuffle", lambda rng, options: deal(hands=HANDS, draws=DRAWS))
    table = services.create_table(user=users[0], game="riichi", options={})
    for user, seat in zip(users[1:], SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    return table


@pytest.fixture
def users(django_user_model):
    return [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("ana", "ben", "cho", "dev")]


def clocked_seats(frames: list[str]) -> set[str]:
    """The seats whose plate shows a running clock in the last seats fragment a page got."""
    seats = [f for f in frames if 'id="t-seats"' in f][-1]
    plates = re.split(r'data-position="([0-3])"', seats)[1:]
    return {plates[i] for i in range(0, len(plates), 2) if 'class="clock' in plates[i + 1]}


def test_only_the_seat_that_may_call_is_asked_and_play_waits_only_for_it(users, monkeypatch):
    table = crafted_table(monkeypatch, users)

    def deadline_passes():
        """The clock as the window left it, and the seat's prompt left to time out."""
        table.refresh_from_db()
        clock = table.clock
        timekeeping.run_deadline(table_id=table.pk, now=table.deadline.timestamp() + 0.01, from_beat=True)
        return clock

    async def scenario():
        room = Table_(table, users)
        for seat, user in zip(SEATS, users):
            await room.open(seat, await _async_cookie(user))
        await room.drain(lambda who, frame: None)
        await room.send("0", cmd="discard", tile="7z", version=str(table.version + 0))
        frames = await room.drain(lambda who, frame: None, after=table.version)
        window = await database_sync_to_async(lambda: engine.view(state_of(table), None))()
        # with every page still open, as the seats are: it ignores the prompt
        clock = await database_sync_to_async(deadline_passes)()
        return frames, window, clock

    table.refresh_from_db()
    frames, view, clock = _run(scenario)
    assert view["pending_discard"]["tile"] == "7z" and view["calling"] == ["2"]
    # the one seat that may pon is asked, with just its buttons; nobody else sees a prompt
    assert PROMPT in "".join(frames["2"]) and 'value="pon"' in "".join(frames["2"])
    assert 'value="chi"' not in "".join(frames["2"])
    for seat in ("0", "1", "3"):
        assert PROMPT not in "".join(frames[seat]) and 'value="pass"' not in "".join(frames[seat])
    # nobody but that seat is on the clock; only its own page shows that clock (the others'
    # would tell who holds a pair of the red dragon)
    assert set(clock["decisions"]) == {"2"}
    assert clocked_seats(frames["2"]) == {"2"}
    for seat in ("0", "1", "3"):
        assert clocked_seats(frames[seat]) == set()
    # the window closed into its pass, no strike, and seat 1 draws
    after = engine.view(state_of(table), None)
    assert after["turn"] == "1" and not after["calling"]
    assert after["strikes"] == {s: 0 for s in SEATS}


def test_when_nobody_may_call_the_next_seat_draws_at_once(users, monkeypatch):
    table = crafted_table(monkeypatch, users)
    # seat 2 passes on the red dragon; seat 1 draws the 9m nobody can call
    services.submit(table_id=table.pk, user=users[0], action={"type": "discard", "tile": "7z"})
    services.submit(table_id=table.pk, user=users[2], action={"type": "pass"})
    assert engine.view(state_of(table), seat="1")["drawn"] == "9m"
    table.refresh_from_db()

    async def scenario():
        room = Table_(table, users)
        for seat, user in zip(SEATS, users):
            await room.open(seat, await _async_cookie(user))
        await room.drain(lambda who, frame: None)
        await room.send("1", cmd="discard", tile="9m", version=str(table.version))
        return await room.drain(lambda who, frame: None, after=table.version)

    frames = _run(scenario)
    view = engine.view(state_of(table), None)
    assert view["rivers"][1][-1]["tile"] == "9m"
    assert view["turn"] == "2" and not view["calling"] and "pending_discard" not in view
    assert engine.view(state_of(table), "2")["drawn"] is not None
    for seat in SEATS:
        assert PROMPT not in "".join(frames[seat])
        assert clocked_seats(frames[seat]) == {"2"}
    table.refresh_from_db()
    assert set(table.clock["decisions"]) == {"2"} and table.clock["decisions"]["2"]["kind"] == "discard"
