"""Registered Tichu teams through the tournament pages, in real Chromium: in an arena, eight
players (one team registered by name) are paired at once onto two tables and a watcher's
standings move; a player who resigns mid-game is withdrawn with a cooldown and their team
mate, back on the page, is paired again with others. A Swiss of three rounds with three
registered teams (by name and by the team's link) gives one bye a round, to a different team
each time, and no two teams meet twice. Games end as the clocks end them (an expulsion, a
reserve running out), sent by the server as beat would."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Table
from moderation.models import Incident
from tests.conftest import PASSWORD
from tests.e2e.pages import off_the_loop, open_page
from tournaments import services as tournaments
from tournaments.models import Entry, Pairing, Result, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _until(condition, what: str, seconds: float = 30):
    give_up = time.monotonic() + seconds
    while not (result := condition()):
        assert time.monotonic() < give_up, f"still waiting for {what}"
        time.sleep(0.05)
    return result


def _invite_by_name(page, name: str) -> None:
    page.get_by_label("Team mate's name").fill(name)
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.locator(".team-invited")).to_contain_text(f"You invited {name}")


def _accept(page) -> None:
    expect(page.locator(".team-offer")).to_be_visible()
    page.get_by_role("button", name="Accept and join").click()
    expect(page.locator(".team-members")).to_contain_text("You play as one team")


def _teams_at(table: Table) -> set[frozenset]:
    at = dict(table.seats.values_list("position", "user__username"))
    return {frozenset((at["S"], at["N"])), frozenset((at["E"], at["W"]))}


def test_an_arena_pairs_a_registered_team_together_and_pairs_the_mate_of_one_who_resigns_again(
    daphne_server, beat, pairing_beat, browser, django_user_model
):
    names = ("ana", "ben", "cal", "dot", "eli", "fay", "gus", "hal", "vic")
    users = {n: django_user_model.objects.create_user(n, password=PASSWORD) for n in names}
    tournament = Tournament.objects.create(name="Pairs Arena", game="tichu", minutes=60,
                                           starts_at=timezone.now() - timedelta(minutes=1),
                                           options=tournaments.table_options("tichu", {"target": 500}))
    path = tournament.get_absolute_url()
    watcher = open_page(browser, daphne_server, users["vic"], path)  # joins later
    ana = open_page(browser, daphne_server, users["ana"], path)
    ana.get_by_role("button", name="Join", exact=True).click()
    ben = open_page(browser, daphne_server, users["ben"], path)  # open before he is invited
    expect(ben.locator(".team-offer")).to_have_count(0)
    _invite_by_name(ana, "ben")
    expect(ana.locator("#tournament-own")).to_contain_text("Waiting for your invitation to be answered")
    _accept(ben)  # the invitation reached his open page by itself
    expect(ana.locator(".team-members")).to_contain_text("ben")  # and his answer reached hers
    pages = {"ana": ana, "ben": ben}
    for name in names[2:8]:
        pages[name] = open_page(browser, daphne_server, users[name], path)
        pages[name].get_by_role("button", name="Join", exact=True).click()
    for page in pages.values():  # paired at once: every page goes to its table
        page.wait_for_url("**/tables/*/?invite=*")
    pairings = list(Pairing.objects.filter(tournament=tournament).select_related("table"))
    assert len(pairings) == 2
    first = next(p.table for p in pairings if users["ana"].pk in p.table.seats.values_list("user_id", flat=True))
    assert frozenset(("ana", "ben")) in _teams_at(first)  # the registered team sits together
    games = watcher.locator("#tournament-live .tournament-games")
    for pairing in pairings:
        expect(games).to_contain_text(f"#{pairing.table.pk}")
    expect(watcher.locator('tr[data-player="ana"]')).to_contain_text("with ben")

    # Ana resigns through her table page: her team loses, she is withdrawn with a cooldown.
    expect(ana.locator("#t-rack")).to_be_visible()
    ana.click("#t-leave summary")
    ana.click("#t-leave .leave-confirm button[type=submit]")
    expect(watcher.locator('tr[data-player="ana"]')).to_contain_text("withdrawn")
    opponents = sorted(next(iter(_teams_at(first) - {frozenset(("ana", "ben"))})))
    for name in opponents:
        expect(watcher.locator(f'tr[data-player="{name}"] .standing__score')).to_have_text("2")
    expect(watcher.locator('tr[data-player="ben"]')).not_to_contain_text("with ana")
    assert Incident.objects.filter(user=users["ana"]).exists() and not Incident.objects.filter(user=users["ben"]).exists()

    # Ben and the two opponents go back to the page; with Vic joining, the four are paired.
    for name in ["ben", *opponents]:
        pages[name].goto(daphne_server + path)
    watcher.get_by_role("button", name="Join", exact=True).click()
    for name in ["ben", *opponents]:
        pages[name].wait_for_url("**/tables/*/?invite=*")
    watcher.wait_for_url("**/tables/*/?invite=*")
    again = Pairing.objects.filter(tournament=tournament).latest("pk").table
    assert sorted(again.seats.values_list("user__username", flat=True)) == sorted(["ben", "vic", *opponents])
    assert f"/tables/{again.pk}/" in pages["ben"].url
    ana.goto(daphne_server + path)
    expect(ana.locator('tr[data-player="ana"]')).to_contain_text("withdrawn")
    expect(ana.get_by_role("button", name="Join", exact=True)).to_have_count(0)


def test_a_swiss_of_three_rounds_with_three_registered_teams_gives_one_bye_a_round_and_no_repeat(
    daphne_server, beat, pairing_beat, browser, django_user_model
):
    names = ("ana", "ben", "cal", "dot", "eli", "fay")
    users = {n: django_user_model.objects.create_user(n, password=PASSWORD) for n in names}
    tournament = Tournament.objects.create(
        name="Pairs Swiss", game="tichu", kind=Tournament.Kind.SWISS, rounds=3,
        starts_at=timezone.now() + timedelta(minutes=10),
        options=tournaments.table_options("tichu", {"target": 500, "clock": "reserve"}))
    path = tournament.get_absolute_url()
    pages = {}
    for inviter, mate in (("ana", "ben"), ("cal", "dot")):  # by name
        pages[inviter] = open_page(browser, daphne_server, users[inviter], path)
        pages[inviter].get_by_role("button", name="Join", exact=True).click()
        _invite_by_name(pages[inviter], mate)
        pages[mate] = open_page(browser, daphne_server, users[mate], path)
        _accept(pages[mate])
    pages["eli"] = open_page(browser, daphne_server, users["eli"], path)  # by the team's link
    pages["eli"].get_by_role("button", name="Join", exact=True).click()
    pages["eli"].get_by_role("button", name="Make a team link").click()
    link = pages["eli"].locator("input.team-link").input_value()
    assert "team=" in link
    pages["fay"] = open_page(browser, daphne_server, users["fay"], link.removeprefix(daphne_server))
    _accept(pages["fay"])
    expect(pages["fay"].locator(".tournament-rules")).to_contain_text(
        "Tie-break: Buchholz, the sum of the final scores of every opponent you met")
    registered = {frozenset(("ana", "ben")), frozenset(("cal", "dot")), frozenset(("eli", "fay"))}

    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now())  # the start comes
    meetings, byes = [], []
    for number in (1, 2, 3):
        made = _until(lambda: list(Pairing.objects.filter(tournament=tournament, round=number)
                                   .select_related("table")) if Tournament.objects.get(pk=tournament.pk).round == number
                      else None, f"round {number}")
        assert len(made) == 2
        bye, game = (next(p for p in made if p.bye), next(p for p in made if not p.bye))
        bye_teams = _teams_at(bye.table)
        assert frozenset((None,)) in bye_teams  # two bots
        (bye_team,) = bye_teams & registered
        byes.append(bye_team)
        assert _teams_at(game.table) <= registered  # the registered teams play as they are
        meetings.append(frozenset(_teams_at(game.table)))
        for name, page in pages.items():  # every page follows its player to their table
            table = bye.table if name in bye_team else game.table
            page.wait_for_url(f"**/tables/{table.pk}/?invite=*")
        # The clocks end both games: South runs out of reserve at the game, a player of the
        # team at the bye against the bots.
        human = next(seat.position for seat in bye.table.seats.all() if seat.user_id)
        for table, seat in ((game.table, "S"), (bye.table, human)):
            off_the_loop(lambda: services.submit(table_id=table.pk, action={"type": "reserve_out", "seat": seat},
                                                  server=True))
        # (Only this round's: beat may start the next one at once.)
        _until(lambda: not Pairing.objects.filter(tournament=tournament, round=number, counted=False).exists(),
               f"round {number} counted")
        for page in pages.values():
            page.goto(daphne_server + path)
    assert len(set(meetings)) == 3 and set(byes) == registered

    # The standings page: over, every team's players side by side, scores from the games.
    watcher = pages["ana"]
    expect(watcher.locator(".tournament-clock")).to_contain_text("The tournament is over.")
    for a, b in registered:
        for name, mate in ((a, b), (b, a)):
            row = watcher.locator(f'tr[data-player="{name}"]')
            expect(row).to_contain_text(f"with {mate}")
            points = Result.objects.filter(pairing__tournament=tournament, user=users[name]).values_list("points", flat=True)
            expect(row.locator(".standing__score")).to_have_text(str(sum(points)))
    # Each round one team won the game (2 points each) and the team at the bye lost to the bots.
    assert sum(Entry.objects.filter(tournament=tournament).values_list("score", flat=True)) == 3 * 2 * 2
    assert not Entry.objects.filter(tournament=tournament, withdrawn=True).exists()
