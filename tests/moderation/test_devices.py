"""Sanctions follow the person, not the account name: a ban keeps the banned browser (and, if
the moderator chose, their address) from making new guests or accounts; a cooldown keeps the
browser's new guest from public tables; moderators see and ban the linked accounts. Through
the real pages: the lobby's practice and table forms, the sign-up page, the admin."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games import services as games
from games.models import Table
from moderation import services
from moderation.devices import COOKIE
from moderation.models import AuditLog, Ban, DeviceUse
from tests.accounts.test_guests import PRACTICE
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

PUBLIC_TABLE = {"dummy-table-players": "2", "dummy-table-rated": "0", "dummy-table-private": "0",
                "dummy-table-clock": "strikes"}
SIGN_UP = {"username": "newcomer", "email": "", "password1": "a long enough secret 42",
           "password2": "a long enough secret 42"}


def log_in(client: Client, user) -> None:
    response = client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302


def banned_and_logged_out(client: Client, user, moderator, **ban) -> Ban:
    """`user` played in this browser, was banned, and their next request logged them out."""
    log_in(client, user)
    imposed = services.ban(user=user, by=moderator, reason="cheating", **ban)
    assert client.get("/").status_code == 403  # the ban page; the session is over
    assert not client.get("/lobby/").wsgi_request.user.is_authenticated
    return imposed


def practice(client: Client):
    return client.post("/lobby/tables/practice/dummy/", PRACTICE)


def test_every_visit_gets_a_signed_browser_cookie_and_a_forged_one_is_replaced(client):
    first = client.get("/").cookies[COOKIE].value
    assert client.get("/").cookies.get(COOKIE) is None  # kept, not renewed
    client.cookies[COOKIE] = first.split(":")[0] + ":forged"
    assert client.get("/").cookies[COOKIE].value != first


def test_a_banned_browser_that_logged_out_gets_no_guest_and_no_new_account(client, alice, moderator):
    ban = banned_and_logged_out(client, alice, moderator, until=timezone.now() + timedelta(days=3))
    users_before = User.objects.count()

    refused = practice(client)
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "An account used in this browser is banned until" in page
    assert f"{ban.until:%Y}" in page and "(UTC)" in page
    assert "cheating" not in page  # the reason is the banned player's, not the browser's

    signup = client.get(reverse("signup"))
    assert signup.status_code == 403 and "An account used in this browser is banned" in signup.content.decode()
    assert client.post(reverse("signup"), SIGN_UP).status_code == 403
    assert User.objects.count() == users_before and not Table.objects.exists()


def test_a_permanent_ban_says_so_and_a_lifted_one_frees_the_browser(client, alice, moderator):
    ban = banned_and_logged_out(client, alice, moderator)
    assert "banned without an end date" in practice(client).content.decode()
    services.lift(sanction=ban, by=moderator, reason="appeal granted")
    assert practice(client).status_code == 302
    assert User.objects.filter(is_guest=True).count() == 1


def test_the_refusal_is_in_the_visitors_language(client, alice, moderator):
    banned_and_logged_out(client, alice, moderator)
    client.cookies["django_language"] = "de"
    page = practice(client).content.decode()
    assert "An account used in this browser" not in page
    assert "in diesem Browser" in page


def test_another_browser_on_the_same_address_may_play_unless_the_moderator_chose_the_address(alice, moderator):
    banned_and_logged_out(Client(), alice, moderator, until=timezone.now() + timedelta(days=3))
    neighbour = Client()  # same address (the test client's), no cookie of the banned browser
    assert practice(neighbour).status_code == 302
    assert neighbour.get("/").wsgi_request.user.is_guest


def test_a_ban_with_its_address_blocks_other_browsers_there_for_the_days_chosen(alice, moderator):
    ban = banned_and_logged_out(Client(), alice, moderator, until=timezone.now() + timedelta(days=30),
                                address_days=2)
    neighbour = Client()
    refused = practice(neighbour)
    assert refused.status_code == 400
    assert "blocked new accounts and guests from your network address until" in refused.content.decode()
    assert neighbour.post(reverse("signup"), SIGN_UP).status_code == 403
    assert not User.objects.filter(is_guest=True).exists()
    # After the days the moderator chose, the address is open again though the ban runs on.
    Ban.objects.filter(pk=ban.pk).update(created_at=ban.created_at - timedelta(days=2, minutes=1))
    assert practice(neighbour).status_code == 302


def test_a_player_in_cooldown_who_becomes_a_guest_cannot_sit_at_a_public_table(client, alice, bob):
    log_in(client, alice)
    incident = services.record_expulsion(user=alice, table_id=None)
    client.post(reverse("logout"))

    assert practice(client).status_code == 302  # bots and private tables stay open
    guest = User.objects.get(is_guest=True)
    Table.objects.update(status=Table.Status.FINISHED)
    refused = client.post("/lobby/tables/new/dummy/", PUBLIC_TABLE)
    assert refused.status_code == 400
    assert "An account used in this browser has a participation cooldown until" in refused.content.decode()
    assert not Table.objects.filter(status=Table.Status.WAITING).exists()
    # The lobby says so before the guest tries, with the time left.
    assert "Temporary warning: participation cooldown" in client.get("/lobby/").content.decode()
    # Nor someone else's public table, by whatever way in.
    public = games.create_table(game="dummy", user=bob, options={"private": False, "rated": False})
    with pytest.raises(Exception) as refusal:
        games.sit(table_id=public.pk, user=guest, position="B")
    assert refusal.value.code == "device_cooldown"

    # Another browser's guest is not bound by it.
    other = Client()
    practice(other)
    Table.objects.filter(seats__user__username__startswith="guest-").exclude(seats__user=guest).update(
        status=Table.Status.FINISHED)
    assert other.post("/lobby/tables/new/dummy/", PUBLIC_TABLE).status_code == 302

    # Once the cooldown is lifted the first browser's guest may sit too.
    services.lift_cooldown(incident=incident, by=bob, reason="server fault")
    games.sit(table_id=public.pk, user=guest, position="B")


def test_a_player_in_cooldown_who_signs_up_anew_carries_it(client, alice):
    log_in(client, alice)
    services.record_expulsion(user=alice, table_id=None)
    client.post(reverse("logout"))
    assert client.post(reverse("signup"), SIGN_UP).status_code == 302
    refused = client.post("/lobby/tables/new/dummy/", PUBLIC_TABLE)
    assert refused.status_code == 400 and "participation cooldown" in refused.content.decode()


def test_the_admin_page_shows_linked_accounts_and_extends_a_ban_to_them(alice, bob, moderator):
    browser = Client()
    log_in(browser, alice)
    browser.post(reverse("logout"))
    practice(browser)
    guest = User.objects.get(is_guest=True)
    at_home = Client()  # bob, another browser on the same address
    log_in(at_home, bob)
    ban = services.ban(user=alice, by=moderator, reason="abuse", until=timezone.now() + timedelta(days=7))

    admin = Client()
    admin.force_login(moderator)
    page = admin.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()
    assert guest.username in page and "same browser and address" in page
    assert "bob" in page and "same address" in page
    extend_url = reverse("admin:moderation_ban_decide", args=[ban.pk, "extend"])
    assert extend_url in page
    # The moderator's own browser shares the test address: linked, but out of reach of the extension.
    assert set(DeviceUse.objects.values_list("user__username", flat=True)) == {"alice", guest.username, "bob", "mara"}

    # The extension asks which accounts: the same browser's ticked, the address's alone not.
    form = admin.get(extend_url).context["form"]
    assert set(form.fields["accounts"].initial) == {guest.pk}
    assert {user.pk for user in form.fields["accounts"].queryset} == {guest.pk, bob.pk, moderator.pk}

    refused = admin.post(extend_url, {"why": "same person", "accounts": [alice.pk]})
    assert refused.status_code == 200 and not services.is_banned(bob) and Ban.objects.count() == 1
    response = admin.post(extend_url, {"why": "same person, other names", "accounts": [guest.pk, moderator.pk]})
    assert response.status_code == 302
    extended = services.active_ban(guest)
    assert extended is not None and extended.until == ban.until and "same person" in extended.reason
    assert services.active_ban(moderator) is None  # staff: out of a moderator's reach
    assert services.active_ban(bob) is None  # an address alone: only when the moderator ticks it
    rows = AuditLog.objects.filter(action=AuditLog.Action.BAN, moderator=moderator)
    assert set(rows.values_list("target__username", flat=True)) == {"alice", guest.username}
    # The moderator then ticks bob too; asked again for the guest, nothing is left to ban.
    assert admin.post(extend_url, {"why": "bob as well", "accounts": [bob.pk]}).status_code == 302
    assert services.active_ban(bob).until == ban.until
    again = admin.post(extend_url, {"why": "twice", "accounts": [guest.pk]}, follow=True)
    assert "No chosen account is left to ban" in again.content.decode()
    assert Ban.objects.count() == 3


def test_a_player_without_links_shows_none_and_the_ban_form_offers_the_address(alice, moderator):
    admin = Client()
    admin.force_login(moderator)
    page = admin.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()
    assert "None seen in this player" in page
    until = timezone.now() + timedelta(days=5)
    response = admin.post(reverse("admin:moderation_ban_add"), {
        "user": alice.pk, "reason": "spam", "until_0": f"{until:%Y-%m-%d}", "until_1": f"{until:%H:%M:%S}",
        "address_days": "4"})
    assert response.status_code == 302
    assert Ban.objects.get().address_days == 4
    assert "addresses 4 days" in AuditLog.objects.get().detail


def test_browsers_not_seen_for_the_kept_days_are_forgotten_but_a_banned_players_stay(alice, bob, moderator, settings):
    """Daily in beat: which browser and address a player used is kept only while it can link
    accounts, except for a player whose ban is in force (the ban follows them by those rows)."""
    from config.celery import app
    from moderation import tasks

    settings.DEVICE_USE_KEEP_DAYS = 365
    now = timezone.now()
    old, recent = now - timedelta(days=366), now - timedelta(days=364)
    carol = User.objects.create_user("carol", password=PASSWORD)
    for user, seen in ((alice, old), (alice, recent), (bob, old), (carol, old)):
        DeviceUse.objects.create(user=user, device=f"{user.username}{seen.day:02d}".ljust(32, "0"), address="a" * 64,
                                 first_seen=seen, last_seen=seen)
    services.ban(user=bob, by=moderator, reason="cheating")
    Ban.objects.create(user=carol, created_by=moderator, reason="spam", created_at=now - timedelta(days=400),
                       until=now - timedelta(days=30))

    entry = app.conf.beat_schedule["forget-old-device-uses"]
    assert entry["schedule"] <= 86400
    assert app.tasks[entry["task"]].name == tasks.forget_old_device_uses.name
    assert tasks.forget_old_device_uses() == 2

    kept = set(DeviceUse.objects.values_list("user__username", "last_seen"))
    assert kept == {("alice", recent), ("bob", old)}
    assert tasks.forget_old_device_uses() == 0
