"""Swiss: every round pairs everyone by score without repeats where possible, the players left
over play against bots (a marked bye), a round waits for the last one's games, and the page
states and applies the Buchholz tie-break."""

from datetime import timedelta
from itertools import combinations
from types import SimpleNamespace

import pytest
from django.utils import timezone

from games.outcome import Side
from tests.tournaments.conftest import TEAMS
from tests.tournaments.test_scoring import finish
from tournaments import services, swiss, tasks
from tournaments.models import Entry, Pairing, Tournament

pytestmark = pytest.mark.django_db


def swiss_tournament(players, rounds=3, game="riichi", options=None):
    tournament = Tournament.objects.create(name="Swiss", game=game, kind=Tournament.Kind.SWISS, rounds=rounds,
                                           starts_at=timezone.now() + timedelta(minutes=5),
                                           options=services.table_options(game, options or {}))
    for user in players:
        services.join(tournament, user)
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    tournament.refresh_from_db()
    return tournament


def seated(table):
    return [s.user_id for s in table.seats.order_by("position")]


def finish_round(tournament, number):
    for pairing in Pairing.objects.filter(tournament=tournament, round=number).select_related("table"):
        users = seated(pairing.table)
        finish(pairing.table, [Side(players=(user,), place=place) for place, user in enumerate(users, start=1)])


def test_groups_avoid_players_who_met_where_the_field_allows():
    entries = [SimpleNamespace(user_id=n) for n in range(8)]
    met = {frozenset(pair) for pair in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]}
    made, left = swiss.groups(entries, 4, met)
    assert left == []
    for group in made:
        ids = [e.user_id for e in group]
        assert sum(1 for i in ids if i < 4) == 2  # the first four are split up
    # Nobody left who has not met: the next by score fills the group.
    made, _ = swiss.groups(entries[:4], 4, met)
    assert [e.user_id for e in made[0]] == [0, 1, 2, 3]


def test_three_rounds_with_a_marked_bye_against_bots_each_round_and_no_repeats(players):
    users = players(9)
    tournament = swiss_tournament(users)
    met = set()
    for number in (1, 2, 3):
        assert tasks.pair_tournaments() == 3  # two tables of four, one bye table
        assert tasks.pair_tournaments() == 0  # the round's games are not over: nothing more
        round_pairings = list(Pairing.objects.filter(tournament=tournament, round=number).select_related("table"))
        bye = [p for p in round_pairings if p.bye]
        assert len(bye) == 1 and bye[0].table.seats.filter(user__isnull=True, bot="normal").count() == 3
        assert bye[0].table.has_bots and not bye[0].table.rated
        humans = [u for p in round_pairings for u in seated(p.table) if u is not None]
        assert sorted(humans) == sorted(u.pk for u in users)
        tables = [seated(p.table) for p in round_pairings if not p.bye]
        assert repeats_in(tables, met) == fewest_repeats(sorted(tables[0] + tables[1]), met)
        met |= {frozenset((a, b)) for t in tables for a, b in combinations(t, 2)}
        finish_round(tournament, number)
    tournament.refresh_from_db()
    assert tournament.round == 3 and tournament.over()
    assert tasks.pair_tournaments() == 0
    byes = [seated(p.table) for p in Pairing.objects.filter(tournament=tournament, bye=True)]
    assert len({next(u for u in b if u) for b in byes}) == 3  # the bye went to three players


def repeats_in(tables, met):
    return sum(1 for t in tables for a, b in combinations(t, 2) if frozenset((a, b)) in met)


def fewest_repeats(eight, met):
    """The fewest repeats any split of these eight players into two tables could have."""
    return min(repeats_in([list(four), [u for u in eight if u not in four]], met)
               for four in combinations(eight, 4))


def test_nobody_joins_a_swiss_once_it_started(players):
    users = players(5)
    tournament = swiss_tournament(users[:4], rounds=1)
    with pytest.raises(services.TournamentError):
        services.join(tournament, users[4])


def test_the_page_states_the_swiss_rules_and_orders_ties_by_buchholz(client, players):
    users = players(8)
    tournament = swiss_tournament(users, rounds=2)
    tasks.pair_tournaments()
    finish_round(tournament, 1)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Tie-break: Buchholz" in page and "Swiss, 2 rounds" in page
    winners = list(Entry.objects.filter(tournament=tournament, score=4))
    assert len(winners) == 2
    # The winners tie on 4; the one whose opponents scored more stands first.
    from tournaments.standings import page_context
    rows = [e for e in page_context(tournament)["entries"] if e.score == 4]
    assert rows[0].buchholz >= rows[1].buchholz and rows[0].buchholz == 3 + 3 or rows[0].buchholz > 0


def test_beat_leaves_finished_tournaments_out(players):
    from tests.tournaments.conftest import arena

    live = arena("dummy")
    old = arena("dummy")
    Tournament.objects.filter(pk=old.pk).update(starts_at=timezone.now() - timedelta(days=3))
    done = swiss_tournament(players(4), rounds=1)
    tasks.pair_tournaments()
    finish_round(done, 1)
    assert [t.pk for t in services.running()] == [live.pk]


def test_a_team_swiss_seats_the_two_left_over_with_two_bots(players, dummy_teams):
    users = players(10)
    tournament = swiss_tournament(users, rounds=1, game="dummy", options=TEAMS)
    assert tasks.pair_tournaments() == 3
    bye = Pairing.objects.get(tournament=tournament, bye=True).table
    assert bye.status == "playing" and bye.has_bots
    assert sorted(bool(s.user_id) for s in bye.seats.all()) == [False, False, True, True]


def test_team_mates_rotate_so_that_nobody_partners_the_same_player_twice(players, dummy_teams):
    users = players(4)
    tournament = swiss_tournament(users, rounds=3, game="dummy", options=TEAMS)
    partners = []
    for number in (1, 2, 3):
        assert tasks.pair_tournaments() == 1
        table = Pairing.objects.get(tournament=tournament, round=number).table
        at = {s.position: s.user_id for s in table.seats.all()}
        partners += [frozenset((at["A"], at["C"])), frozenset((at["B"], at["D"]))]
        finish(table, [Side(players=(at["A"], at["C"]), place=1), Side(players=(at["B"], at["D"]), place=2)])
    assert len(set(partners)) == 6  # every possible partnership of four players, once each


def test_seating_fills_the_seats_in_order_and_bots_the_rest():
    users = [SimpleNamespace(pk=n) for n in range(2)]
    assert swiss.seating(users, ("A", "B", "C")) == {"A": users[0], "B": users[1], "C": None}
