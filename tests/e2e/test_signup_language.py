"""A newcomer in a real Chromium: sign up, log out, log in again, switch to Greek."""

import pytest

from tests.conftest import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_signs_up_logs_in_and_reads_greek(live_server, browser):
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", "dora")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form button.primary")
    page.wait_for_selector("text=Welcome to Stich, dora!")

    page.click(".menu-toggle")  # on a phone the header's links are in its menu
    page.click(".site-nav button[type=submit]")  # log out
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", PASSWORD)
    page.click("form button.primary")
    page.click(".menu-toggle")
    page.wait_for_selector(".site-nav >> text=dora")

    page.click(".language-switch button[value=el]")
    page.wait_for_selector("html[lang=el]")
    assert "Παίξτε μαζί online" in page.inner_text("main")
    assert page.inner_text(".menu-toggle") == "Μενού"
    page.click(".menu-toggle")
    assert page.inner_text(".site-nav a[href='/lobby/']") == "Αίθουσα"
    # The page fits a 360 px phone without sideways scrolling.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.close()


def test_the_lobby_socket_connects_and_answers_in_a_real_browser(daphne_server, browser):
    """daphne, the channel layer on Redis and htmx's ws extension, end to end, under our CSP."""
    page = browser.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{daphne_server}/lobby/")
    page.wait_for_selector("#lobby-connection >> text=Live: connected to the lobby.")
    page.click("text=Check the connection")
    page.wait_for_selector("#lobby-pong >> text=The server answered.")
    assert errors == []
    page.close()
