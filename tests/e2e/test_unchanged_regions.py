"""A move redraws every region of a page, and the page keeps a region that arrives unchanged
as it is (static/js/table.js): replacing it under the player's finger would drop a press
begun on a button that is gone by its release. Played over the dummy game: while the other
seat picks, this seat's rack (its own picks still to make) arrives unchanged and stays the
same element, the seats' region shows the other's pick; its own pick changes the rack."""

import pytest

from games import services
from games.models import Table
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop, open_page
from tests.games.conftest import start_dummy

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _shows_version(page, version: int) -> None:
    page.wait_for_function("v => Number(document.getElementById('t-version').value) >= v", arg=version)


def test_a_region_that_arrives_unchanged_is_not_replaced(daphne_server, browser, django_user_model):
    sam, eve = (django_user_model.objects.create_user(name, password=PASSWORD) for name in ("sam", "eve"))
    table = off_the_loop(lambda: start_dummy([sam, eve], players=2))
    page = open_page(browser, daphne_server, sam, table.get_absolute_url())
    page.wait_for_selector("#t-rack .legal")
    _shows_version(page, table.version)
    page.evaluate("""() => { for (const id of ["t-rack", "t-seats"]) document.getElementById(id).keptMark = id; }""")

    off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "pick", "n": 1}, user=eve))
    _shows_version(page, Table.objects.get(pk=table.pk).version)
    page.wait_for_selector("#t-seats .done")  # the other seat's pick is shown: that region was swapped
    kept = page.evaluate("""() => ["t-rack", "t-seats"].map(id => document.getElementById(id).keptMark || null)""")
    assert kept == ["t-rack", None]

    off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "pick", "n": 9}, user=sam))
    _shows_version(page, Table.objects.get(pk=table.pk).version)
    assert page.evaluate("() => document.getElementById('t-rack').keptMark || null") is None
    page.context.close()
