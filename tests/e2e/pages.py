"""What the browser tests share: opening a signed-in page, tapping cards, choosing a play,
and waiting for the table to move."""

import time
from concurrent.futures import ThreadPoolExecutor

from django.db import connections
from django.test import Client

from games.models import Table


def off_the_loop(work):
    """Playwright's sync API keeps an event loop in this thread; services broadcast with
    async_to_sync, which must run where no loop is, as it does in daphne and Celery."""

    def run():
        try:
            return work()
        finally:
            # The pool thread's own connection: left to the garbage collector, it was still
            # open at the end of the run and kept PostgreSQL from dropping the test database.
            connections.close_all()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def covered_parts(page, selector) -> list[str]:
    """The parts of `selector` that something else is drawn over (at their left, middle and
    right)."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter(part => part.getClientRects().length)
        .filter(part => [...part.getClientRects()].some(r => [0.1, 0.5, 0.9].some(f => {
          const hit = document.elementFromPoint(r.x + r.width * f, r.y + r.height / 2);
          return !(hit && part.contains(hit)); })))
        .map(part => part.textContent.trim())""", selector)


def wait_for_version_after(table_id, version, timeout=45):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Table.objects.get(pk=table_id).version > version:
            return
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not move past version {version}")


def open_page(browser, base_url, user, path, viewport=None):
    """A page of `path` (phone-sized unless `viewport` says), signed in as `user` (None: a
    visitor)."""
    context = browser.new_context(viewport=viewport or {"width": 360, "height": 740})
    if user is not None:
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + path)
    return page


def wait_until_live(page):
    """Until the page's socket is open: its deferred scripts have run (htmx connects once they
    have), so a press goes through the socket, not as the bare form it is before them."""
    page.wait_for_selector("body[data-socket=open]", state="attached")


def choose_play(view):
    """The legal play with the most cards (the first such; the Dragon alone only when no other
    play is legal), else a pass: long plays end a hand in a few tricks, and bring the
    Phoenix's picker, the Mah Jong's wish and the Dragon's gift to the page."""
    plays = [a for a in view["legal_actions"] if a["type"] == "play"]
    plays = [a for a in plays if a["cards"] != ["dragon"]] or plays
    if plays:
        return max(plays, key=lambda a: len(a["cards"]))
    return {"type": "pass"}


def click_cards(page, cards):
    """Choose exactly these cards. A move the server refused (the game paused just then, a
    page connecting late) leaves its cards chosen on the page, where a tap would take them
    back: the same move tried again after the table moved on then chose nothing."""
    chosen = page.locator("#t-rack input[data-piece]:checked").evaluate_all("boxes => boxes.map(b => b.value)")
    for card in [c for c in chosen if c not in cards]:
        page.click(f"#t-rack label:has(input[value='{card}'])")
        page.wait_for_selector(f"#t-rack input[value='{card}']:not(:checked)", state="attached")
    for card in cards:
        if card in chosen:
            continue
        page.click(f"#t-rack label:has(input[value='{card}'])")
        page.wait_for_selector(f"#t-rack input[value='{card}']:checked", state="attached")
