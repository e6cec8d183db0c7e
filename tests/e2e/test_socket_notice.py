"""In real Chromium: a player whose table socket drops is told so at once, while the page tries
again, and the notice goes when the socket is back; a socket the server closed for good (a ban,
flooding) is not tried again, and the page offers a reload (body[data-socket] says which)."""

import pytest
from playwright.sync_api import expect

from games import services
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def _practice_page(base_url, browser, django_user_model):
    from django.test import Client

    player = django_user_model.objects.create_user("sol", password=PASSWORD)
    table = off_the_loop(lambda: services.start_practice(user=player, game="tichu", options={}, strength="beginner"))
    client = Client()
    client.force_login(player)
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    return table, context.new_page()


def test_a_dropped_table_socket_is_shown_to_the_player_until_it_is_back(daphne_server, browser, django_user_model):
    table, page = _practice_page(daphne_server, browser, django_user_model)
    sockets, server_up = [], [True]

    def route(socket):
        # While the "network" is down every new socket is closed at once; htmx tries again.
        if server_up[0]:
            socket.connect_to_server()
            sockets.append(socket)
        else:
            socket.close(code=1013)

    page.route_web_socket("**/ws/table/**", route)
    page.goto(daphne_server + table.get_absolute_url())
    body, notice = page.locator("body"), page.locator(".socket-lost")
    expect(body).to_have_attribute("data-socket", "open")
    expect(notice).to_be_hidden()

    server_up[0] = False
    sockets[-1].close(code=1006)  # as when the network or the server goes away
    expect(body).to_have_attribute("data-socket", "closed")
    expect(notice).to_be_visible()
    expect(notice).to_have_text("Connection lost — trying again…")
    page.screenshot(path="tests/e2e/artifacts/socket-lost-phone.png", full_page=True)

    server_up[0] = True
    expect(body).to_have_attribute("data-socket", "open", timeout=10_000)
    expect(notice).to_be_hidden()
    assert len(sockets) == 2
    expect(page.locator(".socket-ended")).to_be_hidden()
    page.context.close()


def test_a_socket_the_server_closed_for_good_offers_a_reload(daphne_server, browser, django_user_model):
    table, page = _practice_page(daphne_server, browser, django_user_model)
    sockets = []

    def route(socket):
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket("**/ws/table/**", route)
    page.goto(daphne_server + table.get_absolute_url())
    body = page.locator("body")
    expect(body).to_have_attribute("data-socket", "open")
    sockets[-1].close(code=4003)  # as the server closes a banned player's socket
    expect(body).to_have_attribute("data-socket", "ended")
    expect(page.locator(".socket-lost")).to_be_hidden()
    notice = page.locator(".socket-ended")
    expect(notice).to_be_visible()
    expect(notice).to_have_text("This page is no longer connected. Reload it")
    page.screenshot(path="tests/e2e/artifacts/socket-ended-phone.png", full_page=True)
    with page.expect_navigation():
        notice.locator("a").click()
    expect(body).to_have_attribute("data-socket", "open")
    assert len(sockets) == 2  # the reloaded page's own: the closed one was not tried again
    page.context.close()
