"""The lobby's Daifugo forms: practice starts a game at once, a private room waits for friends."""

import pytest

from games.models import Table

pytestmark = pytest.mark.django_db


def test_practice_starts_a_private_game_against_bots_at_once(client, alice, django_capture_on_commit_callbacks):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/lobby/tables/practice/daifugo/", {
            "daifugo-practice-players": "5", "daifugo-practice-strength": "beginner", "daifugo-practice-hands": "8",
            "daifugo-practice-revolution": "1"})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.game == "daifugo" and table.status == Table.Status.PLAYING and table.private and not table.rated
    assert table.options == {"players": 5, "hands": 8, "revolution": True, "private": True, "rated": False,
                             "clock": "strikes"}
    assert sorted(table.seats.values_list("bot", flat=True)) == ["", "beginner", "beginner", "beginner", "beginner"]
    page = client.get(response["Location"]).content.decode()
    assert "Rules of Daifugo" in page and 'id="t-rack"' in page


def test_a_private_room_waits_for_friends_and_is_not_listed(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/tables/new/daifugo/", {"daifugo-table-players": "4", "daifugo-table-hands": "4",
                                                          "daifugo-table-revolution": "0"})
    table = Table.objects.get()
    assert response.status_code == 302 and table.status == Table.Status.WAITING
    assert table.seats.count() == 4 and table.seats.get(position="1").user == alice
    page = client.get("/lobby/").content.decode()
    listed = page[page.index('id="lobby-tables"'):page.index('id="lobby-error"')]
    assert f"/tables/{table.pk}/" not in listed  # (the page's way back to one's own table aside)


def test_a_bad_practice_form_is_refused(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/tables/practice/daifugo/", {
        "daifugo-practice-players": "6", "daifugo-practice-strength": "beginner", "daifugo-practice-hands": "4", "daifugo-practice-revolution": "0"})
    assert response.status_code == 400 and not Table.objects.exists()
