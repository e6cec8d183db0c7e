"""Four players join an arena through its page and are paired at once: each page goes to the
table, which is dealt; a watcher's tournament page lists the game, then shows the result in
the standings when it comes in, pushed over the tournament socket. Tichu's game is ended by
an expulsion, after which each player's table page goes back to the tournament by itself
after a countdown, to be paired again, unless the player stays or has paused; a Riichi East
game is played to its end from the four players' pages."""

import random
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games import registry, services
from games.models import Table
from games.registry import place_points
from tests.conftest import PASSWORD
from tests.e2e.test_riichi_practice import _wait_for_page_version, play_from_the_page
from tests.e2e.pages import off_the_loop, open_page, wait_for_version_after
from tournaments import services as tournaments
from tournaments.models import Entry, Pairing, Result, Tournament
from tournaments.templatetags.tournaments import RETURN_SECONDS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _switch_on(page, toggle: str) -> None:
    """A toggle clicked on and seen pressed. Every seat's toggle redraws all four racks, and
    once in an xdist run on a loaded machine a click took no effect (a rack redrawn between
    the click's press and release is the likely cause); so a toggle still off after the wait
    for the page's answer is clicked again. Its frame says "on": a late answer to the first
    click leaves the button pressed, which is checked before clicking again."""
    button = page.locator(f"#t-rack button[data-toggle={toggle}]")
    for attempt in range(3):
        if button.get_attribute("aria-pressed") == "true":
            return
        button.click()
        try:
            expect(button).to_have_attribute("aria-pressed", "true")
            return
        except AssertionError:
            if attempt == 2:
                raise


def test_four_players_join_a_tichu_arena_are_paired_at_once_and_see_the_standings_move(
    daphne_server, beat, pairing_beat, browser, django_user_model
):
    players = [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("sam", "eve", "nia", "wes")]
    watcher = django_user_model.objects.create_user("vic", password=PASSWORD)
    tournament = Tournament.objects.create(name="Night Arena", game="tichu", minutes=60,
                                           starts_at=timezone.now() - timedelta(minutes=1),
                                           options=tournaments.table_options("tichu", {"target": 500}))
    path = tournament.get_absolute_url()
    spectator = open_page(browser, daphne_server, watcher, path)
    expect(spectator.locator("#tournament-live")).to_contain_text("Nobody has joined yet.")
    pages = [open_page(browser, daphne_server, user, path) for user in players]
    for page in pages:
        page.get_by_role("button", name="Join").click()
    for page in pages:  # paired at once: each page goes to its table, where the game is dealt
        page.wait_for_url("**/tables/*/?invite=*")
    table = Pairing.objects.get(tournament=tournament).table
    assert table.status == Table.Status.PLAYING
    assert sorted(table.seats.values_list("user__username", flat=True)) == ["eve", "nia", "sam", "wes"]
    for page in pages:
        assert f"/tables/{table.pk}/" in page.url
        expect(page.locator("#t-rack")).to_be_visible()
        expect(page.locator(".table-tournament a")).to_have_attribute("href", path)
    games = spectator.locator("#tournament-live .tournament-games")
    expect(games).to_contain_text(f"#{table.pk}")

    # East pauses during the game; North's page runs on a clock of the test's own (it stands
    # still until told), so that North chooses to stay before any countdown could run out.
    seat_of = {s.position: s.user for s in table.seats.select_related("user")}
    page_of = {position: pages[players.index(user)] for position, user in seat_of.items()}
    off_the_loop(lambda: tournaments.pause(tournament, seat_of["E"]))
    page_of["N"].clock.install()
    page_of["N"].clock.pause_at(page_of["N"].evaluate("Date.now()") + 1000)

    # West is expelled (as strikes would): the game ends, North–South win, West is withdrawn.
    west, south = seat_of["W"].username, seat_of["S"].username
    off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "expel", "seat": "W"}, server=True))
    expect(spectator.locator(f'tr[data-player="{south}"] .standing__score')).to_have_text("2")
    expect(spectator.locator(f'tr[data-player="{west}"]')).to_contain_text("withdrawn")
    expect(spectator.locator("#tournament-live")).to_contain_text("No game in play.")

    # North stays at the table: the countdown goes, the link to the tournament stays.
    north = page_of["N"]
    expect(north.locator("#t-leave [data-return-countdown]")).to_contain_text("Back to the tournament in")
    north.get_by_role("button", name="Stay here").click()
    north.clock.run_for((RETURN_SECONDS + 2) * 1000)
    expect(north.locator("#t-leave [data-return-countdown]")).to_be_hidden()
    expect(north.locator("#t-leave .tournament-return a")).to_have_attribute("href", path)
    assert f"/tables/{table.pk}/" in north.url
    # East, who paused, gets the link without a countdown and is not paired again.
    expect(page_of["E"].locator("#t-leave .tournament-return a")).to_have_attribute("href", path)
    expect(page_of["E"].locator("[data-return-to]")).to_have_count(0)
    # South's page counts down and arrives at the tournament page by itself, waiting to be
    # paired again (the countdown is the wait: the condition is the page's address).
    south_page = page_of["S"]
    expect(south_page.locator("#t-leave [data-return-countdown]")).to_be_visible()
    south_page.wait_for_url(f"**{path}", timeout=(RETURN_SECONDS + 20) * 1000)
    expect(south_page.locator("#tournament-own")).to_contain_text("Waiting for opponents")
    assert Entry.objects.get(tournament=tournament, user=seat_of["E"]).paused
    assert not Pairing.objects.filter(tournament=tournament).exclude(table=table).exists()


# A deal seed whose East game ends after East 4 in about 130 moves with the players' choices
# below (seeded alike): the table's first deal is made by beat's pairing here, the later ones
# by daphne after the fourth "go on" — each from its own generator, both seeded with it.
RIICHI_SEED = 33


GO_ON = "#t-go-on button"
# Whether anything lies over the button where a finger presses it (Playwright's own click
# would only wait, and meanwhile the window closes by itself).
_COVERED = """selector => {
  const button = document.querySelector(selector);
  if (!button) return false;
  const box = button.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return hit !== null && !button.contains(hit);
}"""


def _go_on(page, table, hand: int) -> None:
    """Say "go on" under the hand's result, unless the next hand is dealt already (the window
    closes by itself after a few seconds, before a slow page said it)."""
    while _riichi_state(table).phase == "round_over" and len(_riichi_state(table).game.results) == hand:
        try:
            page.locator(GO_ON).scroll_into_view_if_needed(timeout=1000)
            assert not page.evaluate(_COVERED, GO_ON), "the hand's result lies over the Go on button"
            page.click(GO_ON, timeout=1000)
            return
        except PlaywrightError:  # not yet shown, or redrawn as another player said go on
            continue


def _riichi_state(table):
    table.refresh_from_db()
    return registry.get("riichi").engine.from_json(table.snapshot)


@pytest.mark.slow
def test_four_players_play_a_riichi_arena_game_to_the_end_and_the_watcher_sees_the_places_scored(
    daphne_servers, beat, pairing_beat, browser, django_user_model, monkeypatch
):
    monkeypatch.setenv("STICH_TEST_DEAL_SEED", str(RIICHI_SEED))
    monkeypatch.setattr(services, "_system_random", random.Random(RIICHI_SEED))
    base_url = daphne_servers.start()
    game = registry.get("riichi")
    engine = game.engine
    names = ("kai", "ren", "sora", "yuki")
    players = [django_user_model.objects.create_user(n, password=PASSWORD) for n in names]
    watcher = django_user_model.objects.create_user("mio", password=PASSWORD)
    tournament = Tournament.objects.create(name="East Arena", game="riichi", minutes=60,
                                           starts_at=timezone.now() - timedelta(minutes=1),
                                           options=tournaments.table_options("riichi", {"length": "east"}))
    path = tournament.get_absolute_url()
    spectator = open_page(browser, base_url, watcher, path)
    expect(spectator.locator(".tournament-rules")).to_contain_text("Points by place, first to last: 4, 2, 1, 0.")
    pages = [open_page(browser, base_url, user, path) for user in players]
    for page in pages:
        page.get_by_role("button", name="Join").click()
    for page in pages:
        page.wait_for_url("**/tables/*/?invite=*")
    table = Pairing.objects.get(tournament=tournament).table
    assert table.options["length"] == "east" and table.status == Table.Status.PLAYING
    by_seat = {table.seats.get(user=user).position: page for user, page in zip(players, pages)}
    expect(spectator.locator("#tournament-live .tournament-games")).to_contain_text(f"#{table.pk}")

    # Each player lets the server take their wins and skips chi and pon, from the table's toggles.
    for page in pages:
        _wait_for_page_version(page, Table.objects.get(pk=table.pk).version)
        for toggle in ("auto_win", "skip_calls", "auto_discard"):
            _switch_on(page, toggle)

    rng = random.Random(RIICHI_SEED)
    give_up = time.monotonic() + 500
    while (state := _riichi_state(table)).phase != "game_over":
        assert time.monotonic() < give_up, f"the match did not end: hand {state.hand_no}, {state.phase}"
        if state.phase == "round_over":
            hand = len(state.game.results)
            for page in pages:
                _go_on(page, table, hand)
            while (state := _riichi_state(table)).phase == "round_over" and len(state.game.results) == hand:
                time.sleep(0.05)
            continue
        pending = game.pending_decisions(engine.view(state, None))
        if not pending:
            time.sleep(0.05)
            continue
        seat = next(iter(pending))
        _wait_for_page_version(by_seat[seat], table.version)
        clicked, _ = play_from_the_page(by_seat[seat], engine.view(state, seat), rng, take_a_call=False)
        if clicked:
            wait_for_version_after(table.pk, table.version)

    view = engine.view(state, None)
    assert view["end"] is None, f"the match ended early: {view['end']}"
    assert len(state.game.results) >= 4, "East 1 to East 4 were played"
    points = place_points(4)
    place_of = {user.username: view["final"]["places"][int(table.seats.get(user=user).position)] for user in players}
    for page in pages:
        expect(page.locator(".mj-final")).to_be_visible()
    assert_scored(spectator, table, place_of, points)


def assert_scored(spectator, table, place_of: dict[str, int], points) -> None:
    """The watcher's standings show each player's place scored in their one game, the winner
    on top, and the game has left the games in play (its players' pages go back to be paired
    again by themselves, so a new game of theirs may already be listed)."""
    for name, place in place_of.items():
        row = spectator.locator(f'tr[data-player="{name}"]')
        expect(row.locator(".standing__score")).to_have_text(str(points[place - 1]))
        expect(row.locator("td").nth(3)).to_have_text("1")
    winner = next(name for name, place in place_of.items() if place == 1)
    expect(spectator.locator("#tournament-live tbody tr").first).to_have_attribute("data-player", winner)
    expect(spectator.locator(f'#tournament-live .tournament-games a[href^="/tables/{table.pk}/"]')).to_have_count(0)
    assert Result.objects.filter(pairing__table=table).count() == len(place_of)
