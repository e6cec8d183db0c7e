"""In real Chromium: a player logs in, is banned, and is logged out on their next page; the same
browser then gets neither a guest game nor a new account, and is told why and until when.
Another browser on the same address plays as a guest as usual."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games.models import Table
from moderation import services
from moderation.models import DeviceUse
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_banned_browser_that_logs_out_gets_no_guest_and_no_account(daphne_server, browser, django_user_model):
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    moderator = django_user_model.objects.create_user("mara", is_staff=True)
    page = browser.new_context().new_page()
    page.goto(daphne_server + "/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(daphne_server + "/")
    assert DeviceUse.objects.filter(user=alice).exists()

    until = timezone.now() + timedelta(days=3)
    # Off Playwright's event loop: the ban tells the player's sockets with async_to_sync.
    off_the_loop(lambda: services.ban(user=alice, by=moderator, reason="cheating", until=until))
    # The next page logs the player out: it is the ban page, or, when a request of the page
    # before (its socket reconnecting) met the ban first, the lobby of a visitor.
    page.goto(daphne_server + "/lobby/")
    text = page.inner_text("body")
    assert "Your account is banned" in text or "Log in" in text and "alice" not in page.inner_text(".site-header")

    page.goto(daphne_server + "/lobby/")
    page.locator(".practice--tichu button[type=submit]").click()
    refusal = page.locator("ul.errors[role=alert]")
    refusal.wait_for()
    assert "An account used in this browser is banned until" in refusal.inner_text()
    assert f"{until:%Y}" in refusal.inner_text()
    page.goto(daphne_server + "/accounts/signup/")
    page.wait_for_selector("#new-account-refused:has-text('An account used in this browser is banned until')")
    assert page.locator("#id_username").count() == 0
    assert not User.objects.filter(is_guest=True).exists() and not Table.objects.exists()

    neighbour = browser.new_context().new_page()  # same address, no cookie of the banned browser
    neighbour.goto(daphne_server + "/lobby/")
    neighbour.locator(".practice--tichu button[type=submit]").click()
    neighbour.wait_for_selector("#t-rack .hand")
    assert User.objects.filter(is_guest=True).count() == 1
