"""Leaving a table through the page's Leave/Resign button (the real socket frame) and by
closing the page: free before the start, free at a practice table (the game just ends), an
abandonment anywhere else; the page says which before the player confirms."""

import json

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games import hooks, services, timekeeping
from games.models import Table
from moderation.models import Incident
from ratings.models import RatingChange
from tests.games.conftest import strikes_of, view_of
from tests.games.pages import cookie_of, frames_until, open_page, reply

pytestmark = pytest.mark.django_db(transaction=True)


def _leave_from_the_page(table, user) -> list[str]:
    """The page's answer to its Leave button's frame and, when the leave is accepted, the
    frames up to the one that sends the page to the lobby."""
    cookie = cookie_of(user)

    async def scenario():
        page = await open_page(table, cookie)
        await page.send_to(text_data=json.dumps({"cmd": "leave"}))
        frames = [await reply(page)]
        if 'role="alert" hx-swap-oob="true"></p>' in frames[0]:  # an empty error line: accepted
            frames += await frames_until(page, 'data-go="/lobby/"')
        await page.disconnect(timeout=10)
        return frames

    return async_to_sync(scenario)()


def _page(table, user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(table.get_absolute_url()).content.decode()


@pytest.fixture
def practice(django_user_model):
    player = django_user_model.objects.create_user("solo", password="x")
    table = services.start_practice(user=player, game="dummy", options={"players": 4, "private": True, "rated": False},
                                    strength="normal")
    return table, player


def test_leaving_a_practice_game_midway_ends_it_and_costs_nothing(practice):
    table, player = practice
    page = _page(table, player)
    assert "This is a practice game: leaving ends it and costs nothing" in page
    assert "data-leave-warning" in page  # closing the page mid-game asks first
    frames = _leave_from_the_page(table, player)
    assert any('data-go="/lobby/"' in frame for frame in frames)  # the page goes to the lobby
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert view_of(table)["end"]["reason"] == "void"
    assert strikes_of(table) == (0, 0, 0, 0)
    assert not Incident.objects.filter(user=player).exists()
    hooks.check_play(player, public=True)  # no cooldown: a public table is open to them
    assert services.create_table(game="dummy", user=player, options={}).status == Table.Status.WAITING


def test_closing_a_practice_game_is_no_strike_and_ends_it_when_expulsion_would(practice):
    table, player = practice

    cookie = cookie_of(player)

    async def open_and_close():
        page = await open_page(table, cookie)
        await page.disconnect(timeout=10)

    async_to_sync(open_and_close)()
    table.refresh_from_db()
    gone = table.clock["offline"]["A"]
    now = gone
    while now < gone + 150 and table.status == Table.Status.PLAYING:
        # Beat's step for this table (its liveness watch would take the test's long-gone
        # page process for a site that is down).
        timekeeping.run_deadline(table_id=table.pk, now=now, from_beat=True)
        table.refresh_from_db()
        assert strikes_of(table) == (0, 0, 0, 0)
        now += 1
    assert table.status == Table.Status.FINISHED and now > gone + 130
    assert view_of(table)["end"]["reason"] == "void"
    assert not Incident.objects.filter(user=player).exists()
    hooks.check_play(player, public=True)


def test_resigning_a_rated_game_is_an_abandonment_with_a_cooldown(team_table, four_players):
    page = _page(team_table, four_players[0])
    assert "Resign" in page and "your side loses this rated game" in page
    assert "participation cooldown of 5 minutes" in page  # moderation's next step for them
    _leave_from_the_page(team_table, four_players[0])
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.FINISHED
    end = view_of(team_table)["end"]
    assert end["reason"] == "expel" and end["seat"] == "A"
    assert Incident.objects.filter(user=four_players[0]).count() == 1
    assert not Incident.objects.exclude(user=four_players[0]).exists()  # never the partner
    leavers = RatingChange.objects.filter(user__in=[four_players[0], four_players[2]])
    assert leavers.count() == 2 and all(change.rating_after < change.rating_before for change in leavers)


def test_leaving_before_the_start_costs_nothing(four_players):
    table = services.create_table(game="dummy", user=four_players[0], options={"players": 4})
    page = _page(table, four_players[0])
    assert "The game has not started: leaving costs nothing." in page
    assert "data-leave-warning" not in page
    _leave_from_the_page(table, four_players[0])
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING and not table.seats.filter(user__isnull=False).exists()
    assert not Incident.objects.exists()


def test_a_spectator_has_no_leave_button_and_its_frame_changes_nothing(team_table, django_user_model):
    watcher = django_user_model.objects.create_user("watcher", password="x")
    assert "Resign" not in _page(team_table, watcher)
    before = Table.objects.get(pk=team_table.pk).version
    frames = _leave_from_the_page(team_table, watcher)
    assert "not seated" in frames[0]
    team_table.refresh_from_db()
    assert team_table.version == before and team_table.status == Table.Status.PLAYING
