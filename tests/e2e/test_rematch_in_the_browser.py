"""A rematch, the way people reach it: at game over every player's page offers "Rematch
(same seats)"; each presses it in their own browser, the others' pages say who is still
to answer, and once the last has, every page goes to the new table, where each player
finds their own seat dealt and their own rack. For every game, with all its seats people.

The game is ended by the server (voided, which charges nobody and keeps everyone free to
play again); what is under test is the way from the game-over page to the next table."""

import pytest

from games import registry, services
from games.models import Table
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop, open_page

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True), pytest.mark.slow]
VIEWPORT = {"width": 1280, "height": 800}
NAMES = ("una", "vic", "wes", "xan", "yul")
GAMES = [("tichu", {}), ("daifugo", {"players": 5}), ("riichi", {})]


@pytest.mark.parametrize("key, options", GAMES, ids=[key for key, _ in GAMES])
def test_every_player_asks_for_a_rematch_on_their_page_and_all_meet_at_the_new_table(
        key, options, daphne_server, browser, django_user_model):
    game = registry.get(key)
    options = game.clean_options(options)
    seats = game.seats_for(options)
    users = [django_user_model.objects.create_user(name, password=PASSWORD) for name in NAMES[:len(seats)]]
    old = off_the_loop(lambda: services.start_seated(
        game=key, options=options, created_by=users[0], players=dict(zip(seats, users))))
    off_the_loop(lambda: services.submit(table_id=old.pk, action={"type": "void"}, server=True))
    pages = [open_page(browser, daphne_server, user, old.get_absolute_url(), viewport=VIEWPORT) for user in users]
    errors = []
    for user, page in zip(users, pages):
        page.on("pageerror", lambda error, who=user.username: errors.append(f"{who}: {error}"))

    for page in pages:
        page.wait_for_selector("#t-leave button:has-text('Rematch (same seats)')")
    for asked, (user, page) in enumerate(zip(users, pages), 1):
        page.click("#t-leave button:has-text('Rematch (same seats)')")
        if asked == len(users):
            break
        page.wait_for_selector("#t-leave button[disabled]:has-text('You asked for a rematch')")
        still = ", ".join(u.username for u in users[asked:])
        for other in pages:  # everyone sees who has yet to answer
            other.wait_for_selector(f"#t-leave >> text=waiting for: {still}")
        assert Table.objects.get(pk=old.pk).rematch.get("table") is None

    old_url = pages[0].url
    pages[0].wait_for_url(lambda url: url != old_url, timeout=30_000)  # the page leads on by itself
    new = Table.objects.get(pk=Table.objects.get(pk=old.pk).rematch["table"])
    assert new.status == Table.Status.PLAYING and new.options == old.options
    assert dict(new.seats.values_list("position", "user_id")) == {s: u.pk for s, u in zip(seats, users)}
    state = game.engine.from_json(new.snapshot)
    for seat, page in zip(seats, pages):
        page.wait_for_url(f"**{new.get_absolute_url()}", timeout=30_000)
        page.wait_for_selector("#t-rack")
        rack = page.inner_html("#t-rack")
        own = game.engine.view(state, seat)["hand"]
        assert own and all(piece in rack for piece in own[:3]), seat
        others = {piece for other in seats if other != seat for piece in game.engine.view(state, other)["hand"]}
        assert not any(f'value="{piece}"' in rack for piece in others - set(own)), seat
    assert not errors, "\n".join(errors)


def test_a_page_that_leads_on_goes_once_however_many_messages_arrive_meanwhile(
        daphne_server, browser, django_user_model):
    """The page leads on when a message shows it the way (#t-leave[data-go]); while the next
    page loads, more messages come (the others' answers, presence). Each used to start the
    navigation again, aborting the one before: on a slow server the rematch above saw its page's
    navigation aborted. Here three messages arrive before the next page could have."""
    users = [django_user_model.objects.create_user(name, password=PASSWORD) for name in NAMES[:4]]
    game = registry.get("tichu")
    options = game.clean_options({})
    table = off_the_loop(lambda: services.start_seated(
        game="tichu", options=options, created_by=users[0], players=dict(zip(game.seats_for(options), users))))
    off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "void"}, server=True))
    page = open_page(browser, daphne_server, users[0], table.get_absolute_url(), viewport=VIEWPORT)
    page.wait_for_selector("#t-leave button:has-text('Rematch (same seats)')")
    # Each start of a navigation fires the Navigation API's "navigate" event, at once.
    starts = page.evaluate("""() => {
        let starts = 0;
        navigation.addEventListener("navigate", () => { starts += 1; });
        document.querySelector("#t-leave").dataset.go = "/lobby/";
        for (let message = 0; message < 3; message++) {
            document.dispatchEvent(new Event("htmx:wsAfterMessage"));
        }
        return starts;
    }""")
    assert starts == 1, f"the page started for the next page {starts} times"
