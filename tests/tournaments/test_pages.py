"""Where players reach tournaments: the lobby's list with its countdown, the create form, the
tournament page with its rules and Join button, the invite link, and the admin."""

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import PASSWORD
from tests.tournaments.conftest import arena
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db
FOUR = {"players": 4}  # the dummy game's four-seat placement variant


@pytest.fixture
def signed_in(client, django_user_model):
    user = django_user_model.objects.create_user("tara", password=PASSWORD)
    client.force_login(user)
    return user


def test_the_lobby_lists_public_tournaments_with_a_countdown_but_not_private_ones(client):
    public = arena("dummy", FOUR, started=False)
    public.name = "Sunday Arena"
    public.save()
    hidden = arena("dummy", FOUR, private=True)
    hidden.name = "Friends only"
    hidden.save()
    html = client.get("/lobby/").content.decode()
    assert "Sunday Arena" in html and "Friends only" not in html
    seconds = int(re.search(r'href="/tournaments/%d/">Sunday Arena</a>.*?data-countdown="(\d+)"' % public.pk,
                            html, re.S).group(1))
    assert 9 * 60 <= seconds <= 10 * 60


def test_a_player_creates_a_private_arena_from_the_page_and_it_opens_by_its_invite_only(client, signed_in):
    response = client.post("/tournaments/new/", {"name": "Club night", "game": "dummy", "kind": "arena", "starts_in": 5,
                                                 "minutes": 30})
    tournament = Tournament.objects.get()
    assert tournament.private and tournament.created_by == signed_in and tournament.minutes == 30
    assert response["Location"] == f"/tournaments/{tournament.pk}/?invite={tournament.invite_code}"
    client.logout()
    assert client.get(f"/tournaments/{tournament.pk}/").status_code == 404
    page = client.get(response["Location"]).content.decode()
    assert "Club night" in page and "Starts in" in page


def test_bad_input_on_the_create_form_is_refused_and_creates_nothing(client, signed_in):
    response = client.post("/tournaments/new/", {"name": "x", "game": "chess", "starts_in": 5, "minutes": 2})
    assert response.status_code == 400
    assert not Tournament.objects.exists()


def test_joining_through_the_page_and_the_rules_stated_on_it(client, signed_in):
    tournament = arena("dummy", FOUR)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Points by place, first to last: 4, 2, 1, 0." in page  # the game's rule
    assert "after two wins in a row you are on fire" in page
    client.post(f"/tournaments/{tournament.pk}/join/")
    assert Entry.objects.filter(tournament=tournament, user=signed_in, paused=False).exists()
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'data-player="tara"' in page and "Waiting for opponents" in page
    client.post(f"/tournaments/{tournament.pk}/pause/")
    assert Entry.objects.get(tournament=tournament, user=signed_in).paused


def test_a_riichi_arena_states_points_by_place(client):
    tournament = arena("riichi")
    assert "first to last: 4, 2, 1, 0" in client.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_nobody_joins_a_tournament_that_is_over(client, signed_in):
    tournament = arena("dummy", FOUR, minutes=0)
    client.post(f"/tournaments/{tournament.pk}/join/")
    assert not Entry.objects.exists()


def test_staff_create_an_arena_in_the_admin_and_bad_options_are_refused(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password=PASSWORD))
    now = timezone.localtime()
    form = {"name": "Weekly", "game": "riichi", "kind": "arena", "rounds": "0", "options": json.dumps({"length": "east"}),
            "starts_at_0": now.strftime("%Y-%m-%d"), "starts_at_1": now.strftime("%H:%M:%S"), "minutes": "60",
            "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0", "entries-MIN_NUM_FORMS": "0",
            "entries-MAX_NUM_FORMS": "1000"}
    refused = client.post("/admin/tournaments/tournament/add/", form | {"options": json.dumps({"length": 7})})
    assert refused.status_code == 200 and not Tournament.objects.exists()
    client.post("/admin/tournaments/tournament/add/", form)
    tournament = Tournament.objects.get()
    assert tournament.options["length"] == "east" and tournament.options["rated"] is True


def test_at_the_end_the_page_shows_the_winners_and_each_players_games_linked_to_their_replays(client, players):
    from tests.tournaments.test_scoring import finish, seats
    from games.outcome import Side
    from tournaments import services
    from tournaments.models import Pairing
    from tests.tournaments.conftest import joined

    users = players(4)
    tournament = joined(arena("riichi"), users)
    services.pair(tournament.pk)
    table = Pairing.objects.get().table
    order = list(seats(table).values())
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f"/tables/{table.pk}/?invite=" in page and "Winners" not in page  # watchable while it runs
    tournament.minutes = 0
    tournament.save()
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Winners" not in page and "the games still in play count when they end" in page
    finish(table, [Side(players=(user,), place=place) for user, place in zip(order, (2, 1, 4, 3))])
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    podium = re.search(r'<ol class="podium">(.*?)</ol>', page, re.S).group(1)
    names = {u.pk: u.username for u in users}
    assert re.findall(r"<li>(\w+) — (\d+)</li>", podium) == [(names[order[1]], "4"), (names[order[0]], "2"),
                                                             (names[order[3]], "1")]
    assert page.count(f'href="/replay/tables/{table.pk}/"') == 4


def _finished_game(players):
    from games.models import Table
    from tests.tournaments.conftest import joined
    from tournaments import services
    from tournaments.models import Pairing

    users = players(4)
    tournament = joined(arena("dummy", FOUR), users)
    services.pair(tournament.pk)
    table = Pairing.objects.get(tournament=tournament).table
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED,
                                             finished_at=timezone.now() - timedelta(seconds=5))
    return tournament, table, users


def _way_back(client, user, table) -> str:
    client.force_login(user)
    html = client.get(table.get_absolute_url()).content.decode()
    found = re.search(r'<p class="tournament-return".*?</p>', html, re.S)
    return found.group(0) if found else ""


def test_after_a_tournament_game_the_table_page_goes_back_by_itself_for_players_still_in(client, players):
    from games.models import Table
    from tournaments import services

    tournament, table, users = _finished_game(players)
    url = tournament.get_absolute_url()
    assert f'data-return-to="{url}"' in _way_back(client, users[0], table)
    services.pause(tournament, users[1])
    Entry.objects.filter(user=users[2]).update(withdrawn=True)
    for user in users[1:3]:  # paused or withdrawn: the link alone, no countdown
        way = _way_back(client, user, table)
        assert f'href="{url}"' in way and "data-return-to" not in way
    assert f'data-return-to="{url}"' in _way_back(client, users[3], table)
    # A game looked up long after its end, or one of a tournament that is over: the link alone.
    Table.objects.filter(pk=table.pk).update(finished_at=timezone.now() - timedelta(minutes=5))
    assert "data-return-to" not in _way_back(client, users[3], table)
    Table.objects.filter(pk=table.pk).update(finished_at=timezone.now())
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now() - timedelta(hours=2))
    assert "data-return-to" not in _way_back(client, users[3], table)


def test_the_way_back_reads_in_the_players_language(client, players):
    from django.urls import reverse

    _, table, users = _finished_game(players)
    client.post(reverse("set_language"), {"language": "de"})
    way = _way_back(client, users[0], table)
    assert "Zurück zum Turnier in" in way and "Hier bleiben" in way


def test_a_tournament_game_offers_no_rematch_but_the_way_back(client, players):
    from games import rematch
    from games.models import Table
    from tournaments.errors import TournamentError

    tournament, table, users = _finished_game(players)
    client.force_login(users[0])
    html = client.get(table.get_absolute_url()).content.decode()
    assert "Rematch (same seats)" not in html and f'href="{tournament.get_absolute_url()}"' in html
    with pytest.raises(TournamentError) as refused:
        rematch.ask(table_id=table.pk, user=users[0])
    assert refused.value.code == "no_rematch"
    assert Table.objects.count() == 1 and Table.objects.get().rematch == {}
