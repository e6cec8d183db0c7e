"""A vote to remove a player, the way people reach it, in real Chromium: at a waiting table of
four, one player opens "Vote to remove a player" on their page, picks the player and a
reason and starts the vote; every seated page shows the question with its count, the target
is told and gets no buttons, the other two get Yes and No; one more yes is the majority of
the others, and the target's seat is empty on every page, the target's own included, which
is refused the seat (for a while) when it tries to sit down again. Vote-kicks once passed every test while no page could open a vote."""

import pytest

from games import services
from games.models import Table
from moderation.models import VoteKick
from tests.e2e.pages import off_the_loop, wait_until_live
from tests.e2e.test_people_at_every_table import People

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SEATS = {"una": "S", "vic": "E", "wes": "N", "xan": "W"}


def test_players_vote_a_fourth_off_their_waiting_table_through_their_pages(daphne_server, browser, django_user_model):
    users = {name: django_user_model.objects.create_user(name, password="vote with care 5") for name in SEATS}
    table = off_the_loop(lambda: services.create_table(game="tichu", user=users["una"], options={"rated": False}))
    for name, position in SEATS.items():
        if name != "una":
            off_the_loop(lambda name=name, position=position: services.sit(table_id=table.pk, user=users[name], position=position))
    people = People(browser, daphne_server)
    pages = {name: people.open(user, table.get_absolute_url()) for name, user in users.items()}
    for page in pages.values():
        wait_until_live(page)

    opener = pages["una"]
    opener.click("#t-votes .vote-open summary")
    opener.select_option("#vote-target", "xan")
    opener.select_option("#vote-reason", index=1)
    opener.fill("#vote-text", "never presses Ready")
    opener.click("#t-votes .vote-open__form button[type=submit]")
    for name, page in pages.items():
        page.wait_for_selector("#t-votes .vote__question:has-text('Remove xan?')")
        page.wait_for_selector("#t-votes .vote__count:has-text('1 yes, 0 no — 2 yes needed')")
        buttons = page.locator("#t-votes .vote__buttons button").count()
        assert buttons == (2 if name in ("vic", "wes") else 0), name
    pages["xan"].wait_for_selector("#t-votes .vote__note:has-text('The others are voting on removing you')")
    assert VoteKick.objects.get(table=table).text == "never presses Ready"

    pages["vic"].click("#t-votes button:has-text('Yes, remove')")
    for name, page in pages.items():
        page.wait_for_selector("#t-seats .seat[data-position='W'] .muted:has-text('empty seat')")
        assert page.locator("#t-votes .vote").count() == 0, name
    assert not Table.objects.get(pk=table.pk).seats.filter(user=users["xan"]).exists()
    pages["xan"].click("#t-seats .seat[data-position='W'] button:has-text('Sit here')")
    pages["xan"].wait_for_selector("#t-error:has-text('You were voted off this table')")
    assert not Table.objects.get(pk=table.pk).seats.filter(user=users["xan"]).exists()
    assert not people.errors, "\n".join(people.errors)
