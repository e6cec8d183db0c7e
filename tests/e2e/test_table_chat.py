"""Chat the way people use it, in real Chromium. At a table: a seated player types a line
and presses Enter, a signed-in watcher writes with the Send button, and every page at the
table shows both lines as written (markup shown as text, the watcher marked a spectator),
an anonymous visitor's too, which has no box to write in. In the lobby the same. A moderator
mutes a player: the player's open page says so at once. No page logs a console error (a
visitor's table page once logged one for every line anyone wrote)."""

import pytest

from games import services
from moderation import sanctions
from tests.e2e.pages import off_the_loop, wait_until_live
from tests.e2e.test_people_at_every_table import People

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _said(page, who: str, text: str, log="#t-chat"):
    page.wait_for_selector(f"{log} li:has(b:text-is('{who}')):has-text('{text}')")


def _written_with_enter(pages, who: str, text: str, box: str, log: str, markup: str):
    """`who` types `text` and presses Enter: every page shows the line, its markup as text,
    and the writer's box is empty again."""
    pages[who].fill(box, text)
    pages[who].press(box, "Enter")
    for page in pages.values():
        _said(page, who, text, log=log)
        assert page.locator(f"{log} li {markup}").count() == 0, "the line's markup was drawn"
    assert pages[who].input_value(box) == ""


def test_players_and_a_watcher_talk_at_a_table_and_a_visitor_reads_along(daphne_server, browser, django_user_model):
    una, vic, wes = (django_user_model.objects.create_user(name, password="chat with care 5") for name in ("una", "vic", "wes"))
    moderator = django_user_model.objects.create_user("mara", is_staff=True)
    table = off_the_loop(lambda: services.create_table(game="tichu", user=una, options={"rated": False}))
    off_the_loop(lambda: services.sit(table_id=table.pk, user=vic, position="E"))
    people = People(browser, daphne_server)
    url = table.get_absolute_url()
    pages = {user.username: people.open(user, url) for user in (una, vic, wes)}
    pages["visitor"] = people.open(None, url)
    for page in pages.values():
        wait_until_live(page)
    assert pages["visitor"].locator("#chat-text").count() == 0

    _written_with_enter(pages, "una", "good luck, <b>all</b>", "#chat-text", "#t-chat", "b:text-is('all')")

    pages["wes"].fill("#chat-text", "hello from the rail")
    pages["wes"].click("#t-chat-form button[type=submit]")
    for page in pages.values():
        _said(page, "wes", "hello from the rail")
        assert page.locator("#t-chat li.spectator:has(b:text-is('wes'))").count() == 1

    off_the_loop(lambda: sanctions.mute(user=vic, by=moderator, reason="spam"))
    pages["vic"].wait_for_selector("#t-chat-form.chat-muted")
    assert pages["vic"].locator("#chat-text").count() == 0
    assert pages["una"].locator("#chat-text").count() == 1
    assert [line.text for line in services.recent_chat(table.pk)] == ["good luck, <b>all</b>", "hello from the rail"]
    assert not people.errors, "\n".join(people.errors)


def test_the_lobby_chat_reaches_every_lobby_page_and_a_mute_shows_at_once(daphne_server, browser, django_user_model):
    una, vic = (django_user_model.objects.create_user(name, password="chat with care 5") for name in ("una", "vic"))
    moderator = django_user_model.objects.create_user("mara", is_staff=True)
    people = People(browser, daphne_server)
    pages = {"una": people.open(una, "/lobby/"), "vic": people.open(vic, "/lobby/"), "visitor": people.open(None, "/lobby/")}
    for page in pages.values():
        wait_until_live(page)
    assert pages["visitor"].locator("#lobby-chat-text").count() == 0

    _written_with_enter(pages, "una", "anyone for a <i>hanchan</i>?", "#lobby-chat-text", "#lobby-chat", "i")

    off_the_loop(lambda: sanctions.mute(user=vic, by=moderator, reason="spam"))
    pages["vic"].wait_for_selector("#lobby-chat-form.chat-muted")
    assert pages["una"].locator("#lobby-chat-text").count() == 1
    assert not people.errors, "\n".join(people.errors)
