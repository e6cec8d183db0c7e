"""The lobby list shows each table's players with their ratings and marks bot seats; the
game tabs filter it, on the page and in what the socket pushes. The tables are the dummy
game's (tests/dummygame); the filters need a second game, and a Riichi table is one."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games import services
from games.models import Seat, Table
from ratings.models import Rating


@pytest.fixture
def seated(django_user_model):
    ann, ben = (django_user_model.objects.create_user(name) for name in ("ann", "ben"))
    Rating.objects.create(user=ann, game_kind="dummy", value=1712.4, deviation=60, games=40)
    table = services.create_table(game="dummy", user=ann, options={"players": 4, "rated": False})
    services.sit(table_id=table.pk, user=ben, position="C")
    Seat.objects.filter(table=table, position="B").update(bot="expert")
    Table.objects.filter(pk=table.pk).update(has_bots=True)
    return table


def _rows(html: str) -> list[str]:
    return html.split('<li class="table-row')[1:]


@pytest.mark.django_db
def test_the_list_shows_players_ratings_and_bots(client, seated):
    page = client.get("/lobby/").content.decode()
    (row,) = _rows(page)
    assert 'href="/players/ann/"' in row and "1712" in row  # a rated player's rating
    assert 'href="/players/ben/"' in row and "1500?" in row  # a newcomer's, provisional
    assert "lobby-seat--bot" in row and "bot" in row and "expert" in row
    assert row.count("lobby-seat--empty") == 1
    assert "3/4 seats" in row and "unrated" in row


@pytest.mark.django_db
def test_a_row_opens_with_the_format_its_game_gives(client, seated, django_user_model):
    services.create_table(game="dummy", user=django_user_model.objects.create_user("cy"),
                          options={"players": 2, "target": 5})
    formats = sorted(row.split('table-row__format">')[1].split(" · ")[0] for row in _rows(client.get("/lobby/").content.decode()))
    assert formats == ["first to 2 rounds", "first to 5 rounds"]


@pytest.mark.django_db
def test_the_game_tabs_filter_the_list(client, seated, django_user_model):
    host = django_user_model.objects.create_user("rio")
    riichi = services.create_table(user=host, game="riichi", options={"private": False})
    all_games = client.get("/lobby/").content.decode()
    assert len(_rows(all_games)) == 2
    only_dummy = client.get("/lobby/?game=dummy").content.decode()
    assert len(_rows(only_dummy)) == 1 and f"#{seated.pk}" in only_dummy and f"#{riichi.pk}<" not in only_dummy
    assert 'aria-current="page">Dummy' in only_dummy
    assert 'ws-connect="/ws/lobby/?game=dummy"' in only_dummy
    # An unknown game shows everything rather than failing.
    assert len(_rows(client.get("/lobby/?game=chess").content.decode())) == 2


@pytest.mark.django_db(transaction=True)
def test_the_socket_pushes_the_filtered_list(seated, django_user_model):
    host = django_user_model.objects.create_user("rio")
    riichi = services.create_table(user=host, game="riichi", options={"private": False})

    async def pushed(path: str) -> str:
        page = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost"),
                                                                 (b"host", b"localhost")])
        assert (await page.connect(timeout=10))[0]
        while 'id="lobby-tables"' not in (frame := await page.receive_from(timeout=5)):
            pass
        await page.disconnect()
        return frame

    dummy_only = async_to_sync(pushed)("/ws/lobby/?game=dummy")
    everything = async_to_sync(pushed)("/ws/lobby/")
    assert len(_rows(dummy_only)) == 1 and f"#{seated.pk}" in dummy_only
    assert len(_rows(everything)) == 2 and f"#{riichi.pk}" in everything


@pytest.mark.django_db
def test_the_lobby_speaks_german_and_greek(client, seated):
    for language, words in {"de": ("Offene Tische", "Jetzt Dummy spielen", "3/4 Plätze"),
                            "el": ("Ανοιχτά τραπέζια", "Παίξε Dummy τώρα", "3/4 θέσεις")}.items():
        client.force_login(seated.created_by)
        client.cookies["django_language"] = language
        seated.created_by.language = language
        seated.created_by.save(update_fields=["language"])
        page = client.get("/lobby/").content.decode()
        assert all(word in page for word in words), language
