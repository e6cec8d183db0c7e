"""The pages' own JavaScript around a server problem, in a real Chromium: sockets come back
quickly after a restart, and clocks stop where the server's time stopped."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


def test_a_dropped_socket_tries_again_within_two_seconds(live_server, browser):
    """htmx's own back-off grew to a minute: 11.6 s after a 20 s daphne crash."""
    page = browser.new_page()
    page.goto(f"{live_server.url}/lobby/")
    delay = page.evaluate("""() => typeof htmx.config.wsReconnectDelay === 'function'
        ? [0, 1, 5, 50].map(n => htmx.config.wsReconnectDelay(n)) : htmx.config.wsReconnectDelay""")
    assert isinstance(delay, list) and all(500 <= d <= 2000 for d in delay), delay


def test_clocks_stop_where_the_server_time_stopped_while_beat_is_silent(live_server, browser):
    page = browser.new_page()
    page.goto(f"{live_server.url}/lobby/")
    page.evaluate("""() => document.body.insertAdjacentHTML('beforeend',
        '<span id="running" data-remaining="20">20 s</span><p id="t-service" hidden></p>')""")
    page.add_script_tag(url=f"{live_server.url}/static/js/clock.js")
    page.wait_for_timeout(2000)
    # The daphne process noticed beat's silence half a second after the server's time stopped:
    # the clock ran 1.25-1.75 s (its ticks are 0.25 s apart), never near a whole second.
    page.evaluate("""() => {
        const notice = document.getElementById('t-service');
        notice.removeAttribute('hidden');
        notice.dataset.frozenFor = '0.5';
    }""")
    page.wait_for_timeout(1500)
    assert page.inner_text("#running") == "19 s"  # not 17 s: it stopped when the server's time did
