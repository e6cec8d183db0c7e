"""Play before signing up: a visitor's first practice game makes a guest account kept by the
session cookie; guests never play rated games, can keep the account, and are cleaned up
after a while unused. Everything through the real pages and the real command."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from games import services
from games.models import Table

pytestmark = pytest.mark.django_db

PRACTICE = {"dummy-practice-players": "2", "dummy-practice-clock": "strikes", "dummy-practice-strength": "normal"}
RATED_TABLE = {"dummy-table-players": "2", "dummy-table-rated": "1", "dummy-table-private": "0",
               "dummy-table-clock": "strikes"}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _play_as_guest(client) -> Table:
    response = client.post("/lobby/tables/practice/dummy/", PRACTICE)
    assert response.status_code == 302
    return Table.objects.get(pk=int(response["Location"].split("/")[2]))


def test_a_visitors_first_practice_game_makes_a_guest_who_plays_at_once(client):
    table = _play_as_guest(client)
    guest = User.objects.get()
    assert guest.is_guest and guest.username.startswith("guest-") and not guest.has_usable_password()
    assert table.status == Table.Status.PLAYING and table.private and not table.rated
    assert table.seats.filter(user=guest).exists()
    # The session cookie keeps the guest: the table page shows them at their seat.
    page = client.get(table.get_absolute_url()).content.decode()
    assert guest.username in page and "Keep your account" in page
    assert client.get("/").wsgi_request.user == guest


def test_bad_practice_input_makes_no_guest(client):
    response = client.post("/lobby/tables/practice/dummy/", PRACTICE | {"dummy-practice-strength": "godlike"})
    assert response.status_code == 400
    assert not User.objects.exists() and not Table.objects.exists()


def test_a_guest_cannot_open_or_join_a_rated_table(client, alice):
    _play_as_guest(client)
    guest = User.objects.get(is_guest=True)
    Table.objects.update(status=Table.Status.FINISHED)  # the practice game is over
    response = client.post("/lobby/tables/new/dummy/", RATED_TABLE)
    assert response.status_code == 400
    assert "Guests play unrated games only" in response.content.decode()
    assert not Table.objects.filter(status=Table.Status.WAITING).exists()
    rated = services.create_table(game="dummy", user=alice, options={"rated": True})
    with pytest.raises(Exception) as refusal:
        services.sit(table_id=rated.pk, user=guest, position="B")
    assert refusal.value.code == "guest_unrated"
    assert not rated.seats.filter(user=guest).exists()


def test_a_guest_keeps_the_account_with_its_games(client):
    table = _play_as_guest(client)
    guest = User.objects.get()
    assert client.get("/accounts/signup/")["Location"] == "/accounts/keep/"
    response = client.post("/accounts/keep/", {"username": "newcomer", "email": "",
                                               "password1": "a long enough secret 42",
                                               "password2": "a long enough secret 42"})
    assert response.status_code == 302
    kept = User.objects.get()
    assert (kept.pk, kept.username, kept.is_guest) == (guest.pk, "newcomer", False)
    assert kept.check_password("a long enough secret 42")
    assert table.seats.filter(user=kept).exists()
    # Still signed in after the password was set, and no longer offered to keep the account.
    page = client.get("/").content.decode()
    assert "newcomer" in page and "Keep your account" not in page


def test_keeping_refuses_a_taken_name_and_changes_nothing(client, alice):
    _play_as_guest(client)
    response = client.post("/accounts/keep/", {"username": "alice", "email": "",
                                               "password1": "a long enough secret 42",
                                               "password2": "a long enough secret 42"})
    assert response.status_code == 200 and "already exists" in response.content.decode()
    assert User.objects.get(is_guest=True).username.startswith("guest-")


def _age(user: User, days: int) -> None:
    then = timezone.now() - timedelta(days=days)
    User.objects.filter(pk=user.pk).update(date_joined=then)
    Table.objects.filter(seats__user=user).update(created_at=then, status=Table.Status.FINISHED)


def test_disused_guests_are_cleaned_up_and_shared_tables_stay(client, alice, settings):
    settings.GUEST_DISUSE_DAYS = 30
    _play_as_guest(client)
    alone = User.objects.get(is_guest=True)
    _age(alone, 31)
    client.logout()
    _play_as_guest(client)
    sharer = User.objects.get(is_guest=True, date_joined__gt=timezone.now() - timedelta(days=1))
    Table.objects.filter(seats__user=sharer).update(status=Table.Status.FINISHED)
    shared = services.create_table(game="dummy", user=alice, options={"rated": False})
    services.sit(table_id=shared.pk, user=sharer, position="B")
    _age(sharer, 31)
    client.logout()
    _play_as_guest(client)
    recent = User.objects.filter(is_guest=True).latest("date_joined")

    call_command("clean_up_guests")

    assert not User.objects.filter(pk=alone.pk).exists()
    assert not Table.objects.filter(created_by_id=alone.pk).exists()
    sharer.refresh_from_db()
    assert not sharer.is_active  # alice's table keeps its seat
    assert Table.objects.filter(pk=shared.pk).exists()
    assert User.objects.get(pk=recent.pk).is_active


def test_a_guests_quick_play_starts_unrated_and_seats_them(client, alice):
    table = _play_as_guest(client)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    page = client.get("/lobby/").content.decode()
    quick = page[page.index('class="quick-play quick-play--dummy"'):]
    assert '<option value="0" selected>unrated</option>' in quick[:quick.index("</form>")]
    waiting = services.create_table(game="dummy", user=alice, options={"rated": False})
    response = client.post("/lobby/tables/quick/dummy/", {
        "dummy-quick-players": "2", "dummy-quick-rated": "0", "dummy-quick-clock": "strikes"})
    assert response["Location"] == waiting.get_absolute_url()
    assert waiting.seats.filter(user__is_guest=True).exists()


def test_the_admin_lists_guests_apart_and_shows_the_flag_read_only(client, django_user_model):
    _play_as_guest(client)
    guest = User.objects.get(is_guest=True)
    admin = django_user_model.objects.create_superuser("root", password="x" * 12)
    client.force_login(admin)
    listed = client.get("/admin/accounts/user/?is_guest__exact=1").content.decode()
    assert f"/admin/accounts/user/{guest.pk}/change/" in listed
    assert f"/admin/accounts/user/{admin.pk}/change/" not in listed
    page = client.get(f"/admin/accounts/user/{guest.pk}/change/").content.decode()
    assert 'name="is_guest"' not in page and "Guest" in page


def test_one_address_makes_only_so_many_guests_an_hour(client, settings):
    settings.GUESTS_PER_ADDRESS_HOUR = 2
    for _ in range(2):
        _play_as_guest(client)
        client.logout()
    response = client.post("/lobby/tables/practice/dummy/", PRACTICE)
    assert response.status_code == 400 and "Too many guest accounts" in response.content.decode()
    assert User.objects.count() == 2 and Table.objects.count() == 2


def test_a_guest_may_sign_in_to_an_account_they_have(client, alice):
    from tests.conftest import PASSWORD

    _play_as_guest(client)
    assert client.get("/accounts/login/").status_code == 200  # not sent home like a player
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302 and client.get("/").wsgi_request.user == alice
    assert client.get("/accounts/login/").status_code == 302  # a player is
