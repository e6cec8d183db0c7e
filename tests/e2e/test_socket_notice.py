"""In real Chromium: a player whose table socket drops is told so at once, while the page tries
again, and the notice goes when the socket is back (body[data-socket] says which)."""

import pytest
from playwright.sync_api import expect

from games import services
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def test_a_dropped_table_socket_is_shown_to_the_player_until_it_is_back(daphne_server, browser, django_user_model):
    from django.test import Client

    player = django_user_model.objects.create_user("sol", password=PASSWORD)
    table = off_the_loop(lambda: services.start_practice(user=player, game="tichu", options={}, strength="beginner"))
    client = Client()
    client.force_login(player)
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": daphne_server}])
    page = context.new_page()
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
    context.close()
