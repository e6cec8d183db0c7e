"""Vote-kicks where players reach them: the vote panel's frames on the real table socket.
They once passed every test while the socket's parse answered them "The server did not
understand that message" and no page could open a vote."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from games.models import Table
from moderation.models import VoteKick
from tests.games.conftest import view_of
from tests.games.pages import cookie_of, open_page, reply

pytestmark = pytest.mark.django_db(transaction=True)


class Room:
    """Open pages of one table, by user name."""

    def __init__(self, table, users):
        self.table, self.cookies, self.pages = table, {u.username: cookie_of(u) for u in users}, {}

    async def open(self, name):
        self.pages[name] = await open_page(self.table, self.cookies[name])

    async def send(self, name, **frame) -> str:
        """The page's answer to the frame: its error line (empty when accepted)."""
        page = self.pages[name]
        await page.send_to(text_data=json.dumps(frame))
        return await reply(page)

    async def close(self):
        for page in self.pages.values():
            await page.disconnect()


def _run(users, table, script):
    room = Room(table, users)

    async def scenario():
        try:
            return await script(room)
        finally:
            await room.close()

    return async_to_sync(scenario)()


def _accepted(answer: str) -> bool:
    return 'role="alert" hx-swap-oob="true"></p>' in answer


def test_a_vote_opened_and_carried_from_the_panel_removes_the_player_and_bars_the_seat(waiting_table, four_players):
    sam, eve, nia, wes = four_players

    async def script(room):
        for name in ("sam", "eve", "wes"):
            await room.open(name)
        opened = await room.send("sam", cmd="vote_open", target="wes", reason="abuse", text="rude")
        vote = await _vote(waiting_table)
        cast = await room.send("eve", cmd="vote_cast", vote=str(vote.pk), yes="1")
        back = await room.send("wes", cmd="sit", position="D")
        return opened, cast, back

    opened, cast, back = _run(four_players, waiting_table, script)
    assert _accepted(opened) and _accepted(cast)
    vote = VoteKick.objects.get()
    assert vote.outcome == VoteKick.Outcome.PASSED and vote.text == "rude"
    assert not waiting_table.seats.filter(user=wes).exists()
    assert "You were voted off this table" in back  # the 30 s bar


def test_a_second_vote_by_the_same_player_and_a_spectators_vote_are_refused(waiting_table, four_players, alice):
    async def script(room):
        await room.open("sam")
        await room.open("alice")
        first = await room.send("sam", cmd="vote_open", target="wes", reason="abuse")
        again = await room.send("sam", cmd="vote_open", target="wes", reason="abuse")
        watcher = await room.send("alice", cmd="vote_open", target="wes", reason="abuse")
        vote = await _vote(waiting_table)
        watcher_ballot = await room.send("alice", cmd="vote_cast", vote=str(vote.pk), yes="1")
        return first, again, watcher, watcher_ballot

    first, again, watcher, watcher_ballot = _run([*four_players, alice], waiting_table, script)
    assert _accepted(first)
    assert "A vote against this player is already running." in again
    assert "Only players seated at this table can vote." in watcher
    assert "You cannot vote on this." in watcher_ballot
    assert VoteKick.objects.count() == 1


def test_in_a_game_every_other_player_must_agree_and_the_game_ends_as_an_abandonment(team_table, four_players):
    async def script(room):
        for name in ("sam", "eve", "nia"):
            await room.open(name)
        await room.send("sam", cmd="vote_open", target="wes", reason="absent")
        vote = await _vote(team_table)
        await room.send("eve", cmd="vote_cast", vote=str(vote.pk), yes="1")
        between = (await _table(team_table)).status
        await room.send("nia", cmd="vote_cast", vote=str(vote.pk), yes="1")
        return between

    between = _run(four_players, team_table, script)
    assert between == Table.Status.PLAYING  # two of three others are not enough
    table = Table.objects.get(pk=team_table.pk)
    assert table.status == Table.Status.FINISHED
    assert view_of(table)["end"] == {"reason": "kick", "seat": "D"}


def test_a_malformed_vote_frame_is_refused(waiting_table, four_players):
    async def script(room):
        await room.open("eve")
        return await room.send("eve", cmd="vote_cast", vote="x", yes=["1"])

    assert "There is no such vote." in _run(four_players, waiting_table, script)


@database_sync_to_async
def _vote(table):
    return VoteKick.objects.filter(table=table).latest("pk")


@database_sync_to_async
def _table(table):
    return Table.objects.get(pk=table.pk)
