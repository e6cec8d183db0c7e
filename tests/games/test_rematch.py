"""Game over offers a rematch: the same players in the same seats, once all of them accepted
on their pages (the real socket frame); the old table's pages then lead to the new one."""

import pytest

from games import services
from games.models import Table
from tests.games.conftest import DUMMY_SEATS
from tests.games.pages import Table_, _async_cookie, _run

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rematch_starts_once_every_player_accepted(team_table, four_players):
    by_seat = dict(zip(DUMMY_SEATS, four_players))
    # The game ends, voided (a resignation would give its player a cooldown, which keeps
    # them from the rematch at a public table).
    services.submit(table_id=team_table.pk, action={"type": "void"}, server=True)

    async def scenario():
        room = Table_(team_table, four_players)
        for seat in DUMMY_SEATS:
            await room.open(seat, await _async_cookie(by_seat[seat]))
        await room.drain(lambda *_: None)
        started = []
        for seat in DUMMY_SEATS:
            await room.send(seat, cmd="rematch")
            frames = {who: [] for who in room.pages}
            for _ in range(100):  # until the page answered, keeping what every page got
                for who, got in (await room.drain(lambda *_: None)).items():
                    frames[who] += got
                if any('id="t-error"' in frame for frame in frames[seat]):
                    break
            started.append(await _rematch_of(team_table.pk))
        for _ in range(40):  # the last answer's broadcast may come after the answer itself
            if all(any("data-go=" in frame for frame in got) for got in frames.values()):
                break
            for who, got in (await room.drain(lambda *_: None)).items():
                frames[who] += got
        for page in room.pages.values():
            await page.disconnect()
        return started, frames

    started, frames = _run(scenario)
    assert started[:3] == [None, None, None]  # not before the last one said yes
    new = Table.objects.get(pk=started[3])
    assert new.status == Table.Status.PLAYING and new.options == team_table.options
    assert dict(new.seats.values_list("position", "user_id")) == {s: u.pk for s, u in by_seat.items()}
    # Every page of the old table is told where the rematch is.
    assert all(any(f'data-go="{new.get_absolute_url()}"' in frame for frame in got) for got in frames.values())


def test_a_rematch_is_only_after_the_game_and_only_for_its_players(team_table, four_players, django_user_model):
    watcher = django_user_model.objects.create_user("watcher", password="x")

    async def scenario():
        room = Table_(team_table, four_players)
        await room.open("A", await _async_cookie(four_players[0]))
        await room.open("spectator", await _async_cookie(watcher))
        await room.drain(lambda *_: None)
        await room.send("A", cmd="rematch")
        early = await room.reply("A")
        for page in room.pages.values():
            await page.disconnect()
        return early

    early = _run(scenario)
    assert "The game is not over yet." in early
    team_table.refresh_from_db()
    assert team_table.rematch == {} and Table.objects.count() == 1


from channels.db import database_sync_to_async  # noqa: E402


@database_sync_to_async
def _rematch_of(table_id):
    return Table.objects.get(pk=table_id).rematch.get("table")
