""""Play with bots" from the home page and the lobby: one click to a private, unrated table
of any game with bots in the other seats, dealt at once and never listed."""

import pytest

from games.models import Table
from lobby.listing import open_tables

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["/", "/lobby/"])
def test_the_home_page_and_the_lobby_offer_it_with_every_game_and_strength(client, alice, page):
    client.force_login(alice)
    html = client.get(page).content.decode()
    assert 'action="/lobby/tables/bots/"' in html
    for value in ("tichu", "daifugo", "riichi", "beginner", "normal", "expert"):
        assert f'value="{value}"' in html


@pytest.mark.parametrize("game", ["tichu", "daifugo", "riichi"])
def test_one_click_starts_a_private_unrated_game_against_bots(client, alice, game):
    client.force_login(alice)
    response = client.post("/lobby/tables/bots/", {"bots-game": game, "bots-strength": "expert"})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.game == game and table.status == Table.Status.PLAYING
    assert table.private and not table.rated and table.has_bots
    seats = list(table.seats.order_by("position"))
    assert sum(seat.user_id == alice.pk for seat in seats) == 1
    assert all(seat.bot == "expert" for seat in seats if seat.user_id is None)
    assert open_tables() == []  # never listed
    assert "Resign" not in client.get(response["Location"]).content.decode()  # leaving is free here


def test_a_bad_choice_is_refused_and_creates_nothing(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/tables/bots/", {"bots-game": "chess", "bots-strength": "godlike"})
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count('<ul class="errors" role="alert">') == 2  # both fields say what is wrong
    assert not Table.objects.exists()


def test_a_visitor_is_sent_to_log_in_first(client):
    assert 'href="/accounts/login/?next=/"' in client.get("/").content.decode()
    response = client.post("/lobby/tables/bots/", {"bots-game": "tichu", "bots-strength": "normal"})
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not Table.objects.exists()
