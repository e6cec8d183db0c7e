"""The admin's table pages, posted as a moderator's browser posts them: an edit the game would
refuse is an error on the form and changes nothing."""

import json

import pytest

from games import services
from games.models import Table
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, django_user_model):
    root = django_user_model.objects.create_superuser("root", password=PASSWORD)
    client.force_login(root)
    return client


@pytest.fixture
def host(django_user_model):
    return django_user_model.objects.create_user("hana", password=PASSWORD)


def _form(table: Table, **changes) -> dict:
    seats = list(table.seats.order_by("pk"))
    data = {"game": table.game, "options": json.dumps(table.options), "has_bots": "",
            "seats-TOTAL_FORMS": str(len(seats)), "seats-INITIAL_FORMS": str(len(seats)),
            "seats-MIN_NUM_FORMS": "0", "seats-MAX_NUM_FORMS": "1000"}
    for i, seat in enumerate(seats):
        data |= {f"seats-{i}-id": str(seat.pk), f"seats-{i}-table": str(table.pk),
                 f"seats-{i}-user": str(seat.user_id or ""), f"seats-{i}-bot": seat.bot,
                 f"seats-{i}-ready": "on" if seat.ready else ""}
    return data | changes


def _post(client, table, **changes):
    return client.post(f"/admin/games/table/{table.pk}/change/", _form(table, **changes))


def _unchanged(table: Table) -> bool:
    fresh = Table.objects.get(pk=table.pk)
    return (fresh.game, fresh.options, fresh.status) == (table.game, table.options, table.status)


def test_an_unknown_game_is_refused(admin_client, host):
    table = services.create_table(game="dummy", user=host, options={})
    response = _post(admin_client, table, game="chess")
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert _unchanged(table)


def test_options_the_game_refuses_are_refused(admin_client, host):
    table = services.create_table(game="dummy", user=host, options={})
    bad = json.dumps({"target": "lots", "clock": "sundial", "players": 3})
    response = _post(admin_client, table, options=bad)
    assert response.status_code == 200 and "These table options are not valid." in response.content.decode()
    assert _unchanged(table)


def test_a_bot_of_no_known_strength_is_refused(admin_client, host):
    table = services.create_table(game="dummy", user=host, options={})
    response = _post(admin_client, table, **{"seats-1-bot": "godmode"})
    assert response.status_code == 200 and "A bot is one of" in response.content.decode()
    assert not table.seats.filter(bot="godmode").exists()


def test_a_tables_seats_save_whatever_the_games_seat_names(admin_client, host):
    """Seat positions were Tichu's S/E/N/W: another game's seat (the dummy's "C") failed validation."""
    table = services.create_table(user=host, game="dummy", options={"players": 4})
    response = _post(admin_client, table, **{"seats-2-bot": "normal"})
    assert response.status_code == 302
    assert table.seats.get(position="C").bot == "normal"


def test_a_running_tables_status_game_and_options_cannot_be_edited(admin_client, team_table):
    response = _post(admin_client, team_table, game="chess", status="waiting",
                     options=json.dumps({"target": 5}))
    assert response.status_code == 302
    assert _unchanged(team_table)
    assert admin_client.get(team_table.get_absolute_url()).status_code == 200


def test_tables_are_not_added_in_the_admin(admin_client):
    assert admin_client.get("/admin/games/table/add/").status_code == 403
