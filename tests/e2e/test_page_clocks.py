"""The pages' own JavaScript around a server problem, in a real Chromium: sockets come back
quickly after a restart, and clocks stop where the server's time stopped."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


def test_a_dropped_socket_tries_again_within_two_seconds(live_server, browser):
    """htmx's own back-off grew to a minute: 11.6 s after a 20 s daphne crash."""
    page = browser.new_page()
    page.goto(f"{live_server.url}/lobby/")
    page.wait_for_function("window.htmx && htmx.config.wsReconnectDelay !== 'full-jitter'", timeout=5000)
    delays = page.evaluate("[0, 1, 5, 50].map(n => htmx.config.wsReconnectDelay(n))")
    assert all(500 <= delay <= 2000 for delay in delays), delays


def test_clocks_stop_where_the_server_time_stopped_while_beat_is_silent(live_server, browser):
    page = browser.new_page()
    page.goto(f"{live_server.url}/lobby/")
    page.evaluate("""() => {
        document.body.insertAdjacentHTML('beforeend',
            '<span id="running" data-remaining="20">20 s</span>' +
            '<p id="t-service" class="paused paused--server" data-frozen-for="3.0"></p>');
    }""")
    page.add_script_tag(url=f"{live_server.url}/static/js/clock.js")
    page.wait_for_timeout(1500)
    assert page.inner_text("#running") == "17 s"  # 20 s as drawn, 3 s of them after the stop
