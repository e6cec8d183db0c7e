"""The daily check-in through its button: once per calendar day in the player's zone, a streak
of days in a row, and no second check-in on one day whatever the zone is changed to."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from coins.models import CheckIn, Entry
from tests.coins.conftest import check_in, coins_of, said, set_zone

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client, alice):
    client.force_login(alice)
    return alice


def test_a_check_in_credits_the_day_once_and_the_ledger_says_so(client, player, clock, settings):
    settings.COINS_CHECK_IN = 10
    first = check_in(client)
    assert said(first) == ["Checked in: +10 coins. Streak: 1 day."]
    again = check_in(client)
    assert said(again) == ["You have already checked in today. Come back tomorrow."]
    assert list(Entry.objects.filter(user=player).values_list("amount", "reason")) == [(10, "check_in")]
    assert "Checked in today" in again.content.decode()


def test_the_next_utc_day_opens_a_new_check_in_and_the_streak_grows(client, player, clock, settings):
    settings.COINS_CHECK_IN, settings.COINS_STREAK_BONUS, settings.COINS_STREAK_BONUS_MAX = 10, 2, 3
    clock.at("2026-12-01 23:50")
    check_in(client)
    clock.at("2026-12-02 00:05")  # fifteen minutes later, but a new day
    assert said(check_in(client)) == ["Checked in: +12 coins. Streak: 2 days."]
    clock.at("2026-12-03 10:00")
    assert said(check_in(client)) == ["Checked in: +13 coins. Streak: 3 days."]  # the bonus is capped at 3
    clock.at("2026-12-05 10:00")  # a day missed: the streak starts again
    assert said(check_in(client)) == ["Checked in: +10 coins. Streak: 1 day."]
    assert coins_of(player) == 45


def test_the_day_boundary_is_the_players_zone(client, player, clock):
    set_zone(client, "Europe/Berlin")
    clock.at("2026-12-01 22:30")  # 23:30 in Berlin
    check_in(client)
    clock.at("2026-12-01 23:10")  # 00:10 in Berlin: the next day there, still the 1st in UTC
    assert said(check_in(client))[0].startswith("Checked in:")
    clock.at("2026-12-02 22:50")  # 23:50 in Berlin, the same Berlin day as the last one
    assert said(check_in(client)) == ["You have already checked in today. Come back tomorrow."]
    assert CheckIn.objects.filter(user=player).count() == 2


def test_moving_the_zone_east_gives_no_second_check_in_on_the_same_day(client, player, clock):
    set_zone(client, "America/Los_Angeles")
    clock.at("2026-12-01 20:00")  # noon in Los Angeles
    check_in(client)
    set_zone(client, "Pacific/Auckland")  # 09:00 on the 2nd there: that day began before the check-in
    assert said(check_in(client)) == ["You have already checked in today. Come back tomorrow."]
    clock.at("2026-12-02 11:05")  # past midnight in Auckland (UTC+13): a new day there
    assert said(check_in(client))[0].startswith("Checked in:")
    assert coins_of(player) == 2 * Entry.objects.get(user=player, when__hour=20).amount


def test_moving_the_zone_west_gives_no_second_check_in_on_the_same_day(client, player, clock):
    set_zone(client, "Asia/Tokyo")
    clock.at("2026-12-01 16:00")  # 01:00 on the 2nd in Tokyo
    check_in(client)
    set_zone(client, "UTC")  # back to the 1st
    assert said(check_in(client)) == ["You have already checked in today. Come back tomorrow."]
    clock.at("2026-12-02 01:00")  # the 2nd in UTC: the day already checked in (in Tokyo)
    assert said(check_in(client)) == ["You have already checked in today. Come back tomorrow."]
    clock.at("2026-12-03 00:01")
    assert said(check_in(client))[0].startswith("Checked in:")
    assert CheckIn.objects.filter(user=player).count() == 2


def test_an_unknown_zone_is_refused_and_changes_nothing(client, player, clock):
    set_zone(client, "Europe/Berlin")
    response = set_zone(client, "Mars/Olympus")
    assert said(response) == ["Unknown time zone."]
    assert player.coin_wallet.time_zone == "Europe/Berlin"


def test_the_browser_sends_its_zone_once_and_never_replaces_a_chosen_one(client, player):
    url = reverse("coins:browser_zone")
    page = client.get(reverse("coins:shop")).content.decode()
    assert 'id="coins-zone"' in page  # the header asks the browser while no zone is known
    assert client.post(url, {"time_zone": "Bogus/Zone"}).status_code == 400
    assert client.post(url, {"time_zone": "Asia/Tokyo"}).json() == {"changed": True}
    assert 'id="coins-zone"' not in client.get(reverse("coins:shop")).content.decode()
    set_zone(client, "Europe/Athens")
    assert client.post(url, {"time_zone": "Asia/Tokyo"}).json() == {"changed": False}
    player.coin_wallet.refresh_from_db()
    assert player.coin_wallet.time_zone == "Europe/Athens"


def test_a_check_in_needs_a_post_from_a_logged_in_player(client, alice):
    assert client.get(reverse("coins:check_in")).status_code == 405
    response = client.post(reverse("coins:check_in"))
    assert response.status_code == 302 and "/login/" in response.url
    assert not Entry.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_check_ins_at_the_same_moment_credit_once(alice):
    """Two tabs press the button at once: each request runs in its own thread and connection;
    both pass the "not yet today" read, and the database keeps one check-in."""
    clients = [Client(), Client()]
    for c in clients:
        c.force_login(alice)
    start = threading.Barrier(2)
    answers = []

    def press(c):
        try:
            start.wait()
            answers.append(said(check_in(c)))
        finally:
            connection.close()

    threads = [threading.Thread(target=press, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(a[0].split(":")[0] for a in answers) == ["Checked in", "You have already checked in today. Come back tomorrow."]
    assert Entry.objects.filter(user=alice).count() == 1
    assert CheckIn.objects.filter(user=alice).count() == 1
