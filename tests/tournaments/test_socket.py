"""The tournament socket through the whole ASGI stack: the standings on connecting and after a
pairing, presence (only a player with the page open waits to be paired), private invites."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from tests.tournaments.conftest import FOUR, TEAMS, arena, joined
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)


def _cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def _headers(cookie: bytes = b""):
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    return headers + [(b"cookie", cookie)] if cookie else headers


def test_the_page_pushes_standings_and_says_whether_its_player_is_there(players):
    users = players(4)
    tournament = joined(arena("dummy", FOUR), users)
    Entry.objects.update(seen_at=None)
    cookie = _cookie(users[0])

    async def run():
        communicator = WebsocketCommunicator(application, f"/ws/tournament/{tournament.pk}/",
                                             headers=_headers(cookie))
        connected, _ = await communicator.connect(timeout=10)
        assert connected
        first = await communicator.receive_from(timeout=5)
        here = await _seen(users[0])
        await communicator.send_to(text_data=json.dumps({"action": "ping"}))
        await _pair(tournament.pk)  # three others come back too; the page hears of the game
        pushed = await communicator.receive_from(timeout=5)
        await communicator.disconnect()
        return first, here, pushed

    from channels.db import database_sync_to_async
    _seen = database_sync_to_async(lambda user: Entry.objects.get(user=user).seen_at is not None)

    def pair_all_present(pk):
        for user in users[1:]:
            services.on_page(pk, user, here=True)
        return services.pair(pk)
    _pair = database_sync_to_async(pair_all_present)

    first, here, pushed = async_to_sync(run)()
    assert 'id="tournament-live"' in first and 'data-player="p0"' in first and "No game in play." in first
    assert here
    assert "Your game has started" in pushed and "data-go-to-table=" in pushed
    assert Entry.objects.get(user=users[0]).seen_at is None  # the page closed


def test_a_private_tournament_socket_needs_its_invite():
    tournament = arena("dummy", FOUR, private=True)

    async def connect(path):
        """The close code the socket gets as it opens (accepted first, so that the page does
        not retry), or "open"."""
        communicator = WebsocketCommunicator(application, path, headers=_headers())
        assert (await communicator.connect(timeout=10))[0]
        output = await communicator.receive_output(timeout=10)
        await communicator.disconnect()
        return output.get("code") if output["type"] == "websocket.close" else "open"

    assert async_to_sync(connect)(f"/ws/tournament/{tournament.pk}/") == 4404
    assert async_to_sync(connect)(f"/ws/tournament/{tournament.pk}/{tournament.invite_code}/") == "open"


def test_an_update_redraws_the_own_line_only_of_the_players_it_changed(players):
    """Four of five waiting players are paired: their pages get their table; the fifth page gets
    the standings with the game, and its own line (still waiting) is not drawn again."""
    from channels.db import database_sync_to_async
    from django.db import transaction

    users = players(5)
    tournament = joined(arena("dummy", FOUR), users)
    Entry.objects.filter(user=users[4]).update(score=-1)  # the lowest: left waiting
    cookies = [_cookie(users[0]), _cookie(users[4])]

    def pair():
        with transaction.atomic():
            services.pair(tournament.pk)

    async def run():
        pages = [WebsocketCommunicator(application, f"/ws/tournament/{tournament.pk}/", headers=_headers(cookie))
                 for cookie in cookies]
        for page in pages:
            assert (await page.connect(timeout=10))[0]
            await page.receive_from(timeout=5)
        await database_sync_to_async(pair)()
        pushed = [await page.receive_from(timeout=5) for page in pages]
        for page in pages:
            await page.disconnect()
        return pushed

    paired, waiting = async_to_sync(run)()
    assert 'id="tournament-own"' in paired and "Your game has started" in paired
    assert 'id="tournament-own"' not in waiting and 'class="tournament-games"' in waiting


def test_an_invitation_makes_the_invited_players_open_page_fetch_its_team_section(players, dummy_teams):
    """Only the pages of the players a team change concerns fetch their team section anew (over
    HTTP, so that its forms carry their own CSRF token); the section then offers the place."""
    from channels.db import database_sync_to_async
    from django.urls import reverse

    from tournaments import team_registration

    users = players(3)
    tournament = joined(arena("dummy", TEAMS), users[:1])
    url = reverse("tournament_team", args=[tournament.pk])
    cookies = {user.pk: _cookie(user) for user in users}

    async def page(user):
        communicator = WebsocketCommunicator(application, f"/ws/tournament/{tournament.pk}/",
                                             headers=_headers(cookies[user.pk]))
        assert (await communicator.connect(timeout=10))[0]
        assert 'id="team-refresh"' not in await communicator.receive_from(timeout=5)
        return communicator

    async def run():
        invited, other = await page(users[1]), await page(users[2])
        await database_sync_to_async(team_registration.invite)(tournament, users[0], users[1].username)
        told = await invited.receive_from(timeout=5)
        others = await other.receive_from(timeout=5)
        await invited.disconnect(), await other.disconnect()
        return told, others

    told, others = async_to_sync(run)()
    assert f'hx-get="{url}"' in told and 'hx-target="#tournament-team"' in told
    assert 'id="team-refresh"' not in others  # the standings only
    client = Client()
    client.force_login(users[1])
    section = client.get(url).content.decode()
    assert "invites you to play in their team" in section and 'name="csrfmiddlewaretoken"' in section
    client.force_login(users[2])
    assert "invites you" not in client.get(url).content.decode()
