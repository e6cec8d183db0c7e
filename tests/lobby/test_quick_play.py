"""Quick play and one seat per person, through the lobby's real forms and the table socket."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import services
from games.models import Seat, Table

# The dummy game's four-seat format: its own option (players) and the platform's.
QUICK = {"dummy-quick-players": "4", "dummy-quick-rated": "1", "dummy-quick-clock": "strikes"}
TABLE = {"dummy-table-players": "4", "dummy-table-rated": "1", "dummy-table-private": "0",
         "dummy-table-clock": "strikes"}
FORMAT = {"players": 4, "rated": True, "clock": "strikes"}


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name) for name in ("ann", "ben", "cat", "dan", "eli")]


def _quick(client, data=QUICK):
    return client.post("/lobby/tables/quick/dummy/", data)


def _table_of(response) -> int:
    assert response.status_code == 302, response.content.decode()[:2000]
    return int(response["Location"].split("/")[2])


@pytest.mark.django_db
def test_quick_play_seats_you_at_the_fullest_table_of_your_format(client, players, django_user_model):
    ann, ben, cat, dan, eli = players
    emptier = services.create_table(game="dummy", user=ann, options=FORMAT)
    fuller = services.create_table(game="dummy", user=ben, options=FORMAT)
    services.sit(table_id=fuller.pk, user=cat, position="B")
    fullest_of_another_format = services.create_table(game="dummy", user=dan, options=FORMAT | {"clock": "reserve"})
    for name, seat in (("fay", "B"), ("gus", "C")):
        services.sit(table_id=fullest_of_another_format.pk, user=django_user_model.objects.create_user(name),
                     position=seat)
    client.force_login(eli)
    assert _table_of(_quick(client)) == fuller.pk
    assert set(fuller.seats.exclude(user=None).values_list("user__username", flat=True)) == {"ben", "cat", "eli"}
    assert not emptier.seats.filter(user=eli).exists()


@pytest.mark.django_db
def test_quick_play_opens_a_public_table_when_none_of_the_format_waits(client, players):
    ann, ben, *_ = players
    services.create_table(game="dummy", user=ann, options=FORMAT | {"clock": "reserve"})
    private = services.create_table(game="dummy", user=players[2], options=FORMAT | {"private": True})
    client.force_login(ben)
    table = Table.objects.get(pk=_table_of(_quick(client)))
    assert table.pk != private.pk and not table.private and table.options["clock"] == "strikes"
    assert table.seats.filter(user=ben).exists()


@pytest.mark.django_db
def test_quick_play_skips_a_rated_format_that_bots_made_unrated(client, players):
    ann, ben, *_ = players
    with_bots = services.create_table(game="dummy", user=ann, options=FORMAT)
    Seat.objects.filter(table=with_bots, position="B").update(bot="normal")
    Table.objects.filter(pk=with_bots.pk).update(has_bots=True)
    client.force_login(ben)
    assert _table_of(_quick(client)) != with_bots.pk


@pytest.mark.django_db
def test_bad_quick_play_input_is_refused_and_changes_nothing(client, players):
    client.force_login(players[0])
    response = _quick(client, QUICK | {"dummy-quick-players": "3"})
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_player_at_one_table_cannot_open_another_and_is_shown_the_way_back(client, players):
    ann, ben, *_ = players
    mine = services.create_table(game="dummy", user=ann, options=FORMAT)
    client.force_login(ann)
    response = client.post("/lobby/tables/new/dummy/", TABLE)
    page = response.content.decode()
    assert response.status_code == 400
    assert f"You already sit at table Dummy #{mine.pk}" in page
    assert f'href="{mine.get_absolute_url()}"' in page and "Back to your table" in page
    assert Table.objects.count() == 1
    # Quick play, too, goes no further than the table they sit at.
    services.create_table(game="dummy", user=ben, options=FORMAT)
    assert _quick(client).status_code == 400
    assert Seat.objects.filter(user=ann).count() == 1


@pytest.mark.django_db(transaction=True)
def test_sitting_down_through_the_socket_while_seated_elsewhere_is_refused_with_a_link(players):
    ann, ben, *_ = players
    mine = services.create_table(game="dummy", user=ann, options=FORMAT)
    other = services.create_table(game="dummy", user=ben, options=FORMAT)
    browser = Client()
    browser.force_login(ann)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()

    async def scenario():
        page = WebsocketCommunicator(application, f"/ws/table/{other.pk}/{other.invite_code}/", headers=[
            (b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)])
        assert (await page.connect(timeout=10))[0]
        while not await page.receive_nothing(timeout=0.3):
            await page.receive_from()
        await page.send_to(text_data=json.dumps({"cmd": "sit", "position": "C"}))
        while 'id="t-error"' not in (frame := await page.receive_from(timeout=5)):
            pass
        await page.disconnect()
        return frame

    error = async_to_sync(scenario)()
    assert f"You already sit at table Dummy #{mine.pk}" in error
    assert f'href="{mine.get_absolute_url()}"' in error
    assert not other.seats.filter(user=ann).exists()


@pytest.mark.django_db
def test_the_home_page_leads_a_seated_player_back_to_their_table(client, players):
    table = services.create_table(game="dummy", user=players[0], options=FORMAT)
    client.force_login(players[0])
    page = client.get("/").content.decode()
    assert "Back to your table" in page and f'href="{table.get_absolute_url()}"' in page
    client.force_login(players[1])
    assert "Back to your table" not in client.get("/").content.decode()


def test_a_visitor_is_told_in_every_games_panel_how_to_play_people_and_a_player_gets_a_way_to(client, alice):
    """Daifugo has no quick play (its tables are private rooms), yet a signed-in player plays
    people there too, with a new table and its link: its panel says so to a visitor as the
    others do."""
    import re

    from games import registry

    def panels(page: str) -> dict[str, str]:
        return dict(re.findall(r'<section class="card-panel game-panel game-panel--(\w+)".*?>(.*?)</section>', page, re.S))

    visitor = panels(client.get("/lobby/").content.decode())
    assert set(visitor) == set(registry.GAMES)
    for key, panel in visitor.items():
        assert "to play other people." in panel and 'href="/accounts/signup/"' in panel, key
    client.force_login(alice)
    player = panels(client.get("/lobby/").content.decode())
    for key, panel in player.items():
        assert "to play other people." not in panel, key
        assert f"quick-play--{key}" in panel or f"create-table--{key}" in panel, key
