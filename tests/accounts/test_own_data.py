"""A player's own data, from the settings page: the download (a zip of JSON) and the deletion
of the account, each confirmed by the player's password and audited. Through the real pages."""

import io
import json
import zipfile

import pytest
from django.test import Client
from django.urls import reverse

from coins.checkin import check_in
from accounts.models import User
from games import registry, services, snapshots
from games.models import ChatMessage, Table
from moderation import services as moderation
from moderation.models import AuditLog, DeviceUse
from ratings.models import Rating
from tests.conftest import PASSWORD
from tests.games.conftest import finish_dummy, four_players, start_dummy  # noqa: F401 — shared fixture
from tests.moderation.test_devices import PUBLIC_TABLE, practice

pytestmark = pytest.mark.django_db

PRACTICE = {"players": 4, "rated": False, "private": True}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def history(four_players):  # noqa: F811
    """Sam played a rated team game to its end with eve, nia and wes; both sam and eve chatted
    there; sam now plays a practice game against bots."""
    sam, eve = four_players[:2]
    finished = finish_dummy(start_dummy(four_players, players=4, teams=True, rated=True), four_players)
    services.post_chat(table_id=finished.pk, user=sam, text="well played, partner")
    services.post_chat(table_id=finished.pk, user=eve, text="eve's secret plan")
    running = services.start_practice(user=sam, game="dummy", options=PRACTICE, strength="normal")
    check_in(sam)
    return sam, eve, finished, running


def signed_in(user) -> Client:
    client = Client()
    assert client.post(reverse("login"), {"username": user.username, "password": PASSWORD}).status_code == 302
    return client


def test_the_settings_page_offers_both(alice):
    page = signed_in(alice).get(reverse("account_settings")).content.decode()
    assert reverse("download_data") in page and reverse("delete_account") in page


def test_the_download_holds_the_players_games_chat_and_coins_and_nothing_hidden_of_others(history):
    sam, eve, finished, running = history
    client = signed_in(sam)
    refused = client.post(reverse("download_data"), {"password": "not it"})
    assert refused.status_code == 400 and "That is not your password." in refused.content.decode()
    assert not AuditLog.objects.exists()

    response = client.post(reverse("download_data"), {"password": PASSWORD})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    files = zipfile.ZipFile(io.BytesIO(response.content))
    data = {name: json.loads(files.read(name)) for name in files.namelist()}

    assert data["account.json"]["username"] == "sam"
    games = {game["table"]: game for game in data["games.json"]}
    assert set(games) == {finished.pk, running.pk}
    assert games[finished.pk]["players"] == {"A": "sam", "B": "eve", "C": "nia", "D": "wes"}
    # The finished game's record, as its engine builds it; never the running game's (the bots' hands).
    assert set(name for name in data if name.startswith("records/")) == {f"records/dummy-{finished.pk}.json"}
    engine = registry.get("dummy").engine
    assert data[f"records/dummy-{finished.pk}.json"] == json.loads(json.dumps(
        engine.build_record(snapshots.full_state(finished))))
    assert "snapshot" not in json.dumps(games[running.pk])
    assert [line["text"] for line in data["chat.json"]] == ["well played, partner"]
    assert all("eve's secret plan" not in json.dumps(value) for value in data.values())
    assert [entry["reason"] for entry in data["coins.json"]["ledger"]] == ["check_in"]
    assert len(data["coins.json"]["check_ins"]) == 1
    rated = {rating["game_kind"] for rating in data["ratings.json"]["ratings"]}
    assert rated == set(Rating.objects.filter(user=sam).values_list("game_kind", flat=True))
    assert set(data["sanctions.json"]) == {"bans", "mutes", "cooldowns", "reports_filed"}
    assert [row["device"] for row in data["browsers.json"]] == list(
        DeviceUse.objects.filter(user=sam).values_list("device", flat=True))
    assert list(AuditLog.objects.values_list("moderator__username", "action", "target__username")) == [
        ("sam", AuditLog.Action.EXPORT_DATA, "sam")]


def test_nothing_of_another_player_is_in_the_download(history):
    sam, eve, finished, running = history
    data = signed_in(eve).post(reverse("download_data"), {"password": PASSWORD}).content
    files = zipfile.ZipFile(io.BytesIO(data))
    chat = json.loads(files.read("chat.json"))
    assert [line["text"] for line in chat] == ["eve's secret plan"]
    assert json.loads(files.read("coins.json"))["ledger"] == []
    names = files.namelist()
    assert f"records/dummy-{running.pk}.json" not in names
    assert all(running.pk != game["table"] for game in json.loads(files.read("games.json")))


def test_a_wrong_password_deletes_nothing(history):
    sam, *_ = history
    client = signed_in(sam)
    Table.objects.filter(status=Table.Status.PLAYING).update(status=Table.Status.FINISHED)
    response = client.post(reverse("delete_account"), {"password": "guess", "confirm": "on"})
    assert response.status_code == 400 and "That is not your password." in response.content.decode()
    sam.refresh_from_db()
    assert sam.username == "sam" and sam.is_active and sam.check_password(PASSWORD)
    assert ChatMessage.objects.get(user=sam).text == "well played, partner"
    assert not AuditLog.objects.exists()
    unconfirmed = client.post(reverse("delete_account"), {"password": PASSWORD})
    assert unconfirmed.status_code == 400
    assert User.objects.get(username="sam").is_active


def test_a_player_at_a_running_table_is_told_to_leave_it_first(history):
    sam, *_ = history
    response = signed_in(sam).post(reverse("delete_account"), {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 400 and "leave it first" in response.content.decode()
    assert User.objects.get(username="sam").is_active and not AuditLog.objects.exists()


def test_deleting_the_account_anonymises_it_and_keeps_the_games(history):
    sam, eve, finished, running = history
    client = signed_in(eve)
    ratings_before = list(Rating.objects.filter(user=eve, games__gt=0).values_list("game_kind", "value"))
    assert ratings_before  # the rated game moved eve's rating: she is on the leaderboard before
    boards = [reverse("leaderboard_game", args=[kind]) for kind, _ in ratings_before]
    assert all(">eve<" in Client().get(board).content.decode() for board in boards)

    response = client.post(reverse("delete_account"), {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 302
    eve.refresh_from_db()
    assert eve.username == f"deleted player {eve.pk}" and not eve.is_active and not eve.has_usable_password()
    assert eve.email == ""
    # The game stays, with her seat under the new name; her chat line stays without its text.
    assert finished.seats.get(position="B").user == eve
    assert ChatMessage.objects.get(user=eve).text == ""
    assert ChatMessage.objects.get(user=sam).text == "well played, partner"
    assert list(Rating.objects.filter(user=eve, games__gt=0).values_list("game_kind", "value")) == ratings_before
    for board in boards:
        page = Client().get(board).content.decode()
        assert "deleted player" not in page and ">eve<" not in page
    assert list(AuditLog.objects.values_list("moderator_id", "action", "target_id", "detail")) == [
        (eve.pk, AuditLog.Action.DELETE_ACCOUNT, eve.pk, "eve")]
    # Signed out, and the account cannot log in again, by either name.
    assert not client.get("/").wsgi_request.user.is_authenticated
    for name in ("eve", eve.username):
        attempt = Client()
        attempt.post(reverse("login"), {"username": name, "password": PASSWORD})
        assert not attempt.get("/").wsgi_request.user.is_authenticated


def test_deleting_the_account_is_no_way_out_of_a_running_cooldown(alice):
    client = signed_in(alice)
    moderation.record_expulsion(user=alice, table_id=None)
    assert client.post(reverse("delete_account"), {"password": PASSWORD, "confirm": "on"}).status_code == 302
    assert practice(client).status_code == 302
    Table.objects.update(status=Table.Status.FINISHED)
    refused = client.post("/lobby/tables/new/dummy/", PUBLIC_TABLE)
    assert refused.status_code == 400 and "participation cooldown" in refused.content.decode()
