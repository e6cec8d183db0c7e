"""Registered teams (of the dummy's team variant, declared a game of teams: A+C against B+D):
invited by name or link and accepted on the page; an arena pairs a registered team together
against another team and draws the others into teams by close score; a Swiss keeps them
together, gives the bye to one team a round (never the same twice where possible) and keeps
teams that met apart; a player who leaves is withdrawn and their team mate is paired again,
alone."""

import random
from collections import Counter
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services as tables
from games.outcome import Side
from tests.tournaments.conftest import TEAMS, arena, joined
from tests.tournaments.test_scoring import finish, seats
from tests.tournaments.test_swiss import swiss_tournament
from tournaments import services, tasks, team_registration, teams
from tournaments.errors import TournamentError
from tournaments.models import Entry, Pairing, Team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dummy_teams")]
DUMMY_TEAMS = (("A", "C"), ("B", "D"))


def teamed(tournament, a, b):
    """`a` invites `b` by name and `b` accepts: both are in and one team."""
    services.join(tournament, a)
    team = team_registration.invite(tournament, a, b.username)
    team_registration.accept(tournament, b, team.code)
    return team


def sides(table):
    at = seats(table)
    return {frozenset((at["A"], at["C"])), frozenset((at["B"], at["D"]))}


def test_an_invitation_by_name_accepted_joins_the_invited_player_into_the_team(players):
    a, b = players(2)
    tournament = arena("dummy", TEAMS)
    team = teamed(tournament, a, b)
    assert set(Entry.objects.filter(tournament=tournament).values_list("user_id", "team_id")) == {
        (a.pk, team.pk), (b.pk, team.pk)}
    assert Team.objects.get().invited is None


def test_bad_invitations_are_refused_and_change_nothing(players):
    a, b, c, guest = players(4)
    tournament = arena("dummy", TEAMS)
    with pytest.raises(TournamentError, match="not_entered"):
        team_registration.invite(tournament, a, b.username)
    services.join(tournament, a)
    for name, code in [("nobody", "no_such_player"), (a.username, "self_invite")]:
        with pytest.raises(TournamentError, match=code):
            team_registration.invite(tournament, a, name)
    assert not Team.objects.exists()
    team = teamed(tournament, a, b)
    with pytest.raises(TournamentError, match="team_full"):
        team_registration.accept(tournament, c, team.code)
    services.join(tournament, c)
    with pytest.raises(TournamentError, match="invited_taken"):
        team_registration.invite(tournament, c, a.username)
    with pytest.raises(TournamentError, match="no_teams"):
        team_registration.invite(arena("riichi"), a, b.username)
    assert list(Entry.objects.filter(tournament=tournament, user=c).values_list("team", flat=True)) == [None]


def test_the_team_link_lets_whoever_has_it_accept_and_a_declined_name_ends_that_invitation(players):
    a, b, c = players(3)
    tournament = arena("dummy", TEAMS)
    services.join(tournament, a)
    team = team_registration.invite(tournament, a, b.username)
    team_registration.decline(tournament, b, team.code)
    assert Team.objects.get().invited is None and team_registration.offered(tournament, b) is None
    assert team_registration.offered(tournament, c, team.code) == team
    team_registration.accept(tournament, c, team.code)
    assert set(team.members.values_list("user_id", flat=True)) == {a.pk, c.pk}


def test_teams_are_fixed_once_a_swiss_starts_and_while_in_an_arena_game(players):
    users = players(6)
    tournament = swiss_tournament([], rounds=1, game="dummy", options=TEAMS)
    with pytest.raises(TournamentError, match="teams_closed"):
        team_registration.invite(tournament, users[0], users[1].username)
    tournament = arena("dummy", TEAMS)
    teamed(tournament, users[0], users[1])
    joined(tournament, users[2:4])
    assert services.pair(tournament.pk) == 1
    with pytest.raises(TournamentError, match="team_in_game"):
        team_registration.dissolve(tournament, users[1])
    assert Team.objects.count() == 1


def test_either_player_may_dissolve_the_team_and_both_play_alone_again(players):
    a, b = players(2)
    tournament = arena("dummy", TEAMS)
    teamed(tournament, a, b)
    team_registration.dissolve(tournament, b)
    assert not Team.objects.exists()
    assert list(Entry.objects.filter(tournament=tournament).values_list("team", flat=True)) == [None, None]


def test_an_arena_pairs_registered_teams_together_and_draws_the_others_into_teams(players):
    users = players(8)
    tournament = arena("dummy", TEAMS)
    teamed(tournament, users[0], users[1])
    teamed(tournament, users[2], users[3])
    joined(tournament, users[4:])
    assert services.pair(tournament.pk) == 2
    made = [sides(p.table) for p in Pairing.objects.filter(tournament=tournament).select_related("table")]
    registered = {frozenset((users[0].pk, users[1].pk)), frozenset((users[2].pk, users[3].pk))}
    # All on the same score: the two teams meet, the four players alone are drawn into two.
    assert registered in made
    others = next(s for s in made if s != registered)
    assert {u for side in others for u in side} == {u.pk for u in users[4:]}


def test_a_registered_team_waits_for_its_missing_player_and_an_open_invitation_waits_too(players):
    users = players(7)
    tournament = arena("dummy", TEAMS)
    teamed(tournament, users[0], users[1])
    services.pause(tournament, users[1])
    services.join(tournament, users[2])
    team_registration.invite(tournament, users[2], users[6].username)  # not answered yet
    joined(tournament, users[3:6])
    assert services.pair(tournament.pk) == 0  # users[0] and [2] wait: three players alone
    services.join(tournament, users[1])  # back
    assert services.pair(tournament.pk) == 1
    table = Pairing.objects.get(tournament=tournament).table
    assert frozenset((users[0].pk, users[1].pk)) in sides(table)
    assert users[2].pk not in seats(table).values()


def test_arena_tables_put_close_standing_teams_together():
    rng = random.Random(1)
    entry = lambda n, score, team=None: SimpleNamespace(user_id=n, user=n, score=score, team_id=team)  # noqa: E731
    waiting = [entry(0, 9, "a"), entry(1, 9, "a"), entry(2, 8), entry(3, 8), entry(4, 1), entry(5, 1, "b"),
               entry(6, 1, "b"), entry(7, 0)]
    made = teams.arena_tables(waiting, ("A", "B", "C", "D"), DUMMY_TEAMS, rng)
    assert [set(t.values()) for t in made] == [{0, 1, 2, 3}, {4, 5, 6, 7}]
    for table in made:
        assert {frozenset((table["A"], table["C"])), frozenset((table["B"], table["D"]))} & {
            frozenset((0, 1)), frozenset((5, 6))}


def test_a_player_who_leaves_is_withdrawn_and_their_registered_team_mate_is_paired_again_alone(players):
    users = players(7)
    tournament = arena("dummy", TEAMS)
    teamed(tournament, users[0], users[1])
    joined(tournament, users[2:4])
    services.pair(tournament.pk)
    table = Pairing.objects.get(tournament=tournament).table
    seat = next(p for p, u in seats(table).items() if u == users[0].pk)
    tables.submit(table_id=table.pk, action={"type": "expel", "seat": seat}, server=True)
    leaver = Entry.objects.get(tournament=tournament, user=users[0])
    assert leaver.withdrawn and leaver.team is None and not Team.objects.exists()
    from moderation.models import Incident
    assert Incident.objects.filter(user=users[0]).exists() and not Incident.objects.filter(user=users[1]).exists()
    # The team mate waits alone and is drawn into a team with the newcomers.
    joined(tournament, users[4:])
    assert services.pair(tournament.pk) == 1
    again = Pairing.objects.filter(tournament=tournament).latest("pk").table
    assert users[1].pk in seats(again).values() and users[0].pk not in seats(again).values()


def three_rounds(tournament, users):
    """Plays a Swiss's three rounds, the team at the S seat winning each; each round's tables."""
    rounds = []
    for number in (1, 2, 3):
        assert tasks.pair_tournaments() == 2
        made = list(Pairing.objects.filter(tournament=tournament, round=number).select_related("table"))
        rounds.append(made)
        for pairing in made:
            at = seats(pairing.table)
            finish(pairing.table, [Side(players=(at["A"], at["C"]), place=1), Side(players=(at["B"], at["D"]), place=2)])
    return rounds


def test_a_swiss_of_three_registered_teams_gives_each_one_bye_and_never_pairs_two_teams_twice(players):
    users = players(6)
    tournament = swiss_tournament([], rounds=3, game="dummy", options=TEAMS)
    from tournaments.models import Tournament
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now() + timedelta(minutes=5))
    tournament.refresh_from_db()
    registered = []
    for a, b in (users[0:2], users[2:4], users[4:6]):
        teamed(tournament, a, b)
        registered.append(frozenset((a.pk, b.pk)))
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=timezone.now() - timedelta(seconds=1))
    meetings, byes = [], []
    for made in three_rounds(tournament, users):
        bye = [p for p in made if p.bye]
        assert len(bye) == 1 and bye[0].table.has_bots
        bye_sides = sides(bye[0].table)
        assert len(bye_sides & set(registered)) == 1 and frozenset((None,)) in bye_sides  # a team and two bots
        byes.append(next(iter(bye_sides & set(registered))))
        game = next(p for p in made if not p.bye)
        assert sides(game.table) <= set(registered)  # partners fixed
        meetings.append(frozenset(sides(game.table)))
    assert len(set(meetings)) == 3 and len(set(byes)) == 3
    tournament.refresh_from_db()
    assert tournament.over()


def test_swiss_tables_rotate_drawn_team_mates_and_keep_teams_that_met_apart():
    entry = lambda n, team=None: SimpleNamespace(user_id=n, user=n, score=0, team_id=team)  # noqa: E731
    # A registered team 0+1, four players alone (2..5) who teamed 2+3 and 4+5 before, and
    # the team met 2 and 3.
    field = [entry(0, "t"), entry(1, "t"), *map(entry, range(2, 6))]
    made = teams.swiss_tables(field, DUMMY_TEAMS, met={frozenset((0, 2)), frozenset((1, 3)), frozenset((0, 3))},
                              teamed={frozenset((2, 3)), frozenset((4, 5))}, had_bye=set(), rng=random.Random(2))
    assert len(made.tables) == 1 and made.bye is not None
    drawn = Counter()
    for seated in [*made.tables, made.bye]:
        for a, b in (("A", "C"), ("B", "D")):
            drawn[frozenset((seated[a], seated[b]))] += 1
    assert drawn[frozenset((0, 1))] == 1 and not drawn[frozenset((2, 3))] and not drawn[frozenset((4, 5))]
    # The team met 2 and 3, who may not team again: its table would repeat a meeting, so the
    # team has the bye and the others meet.
    game = made.tables[0]
    assert set(made.bye.values()) == {0, 1, None} and set(game.values()) == {2, 3, 4, 5}


def test_swiss_buchholz_counts_opponents_not_team_mates(players):
    from tournaments.standings import by_tie_break

    users = players(4)
    tournament = swiss_tournament(users, rounds=2, game="dummy", options=TEAMS)
    tasks.pair_tournaments()
    table = Pairing.objects.get(tournament=tournament).table
    at = seats(table)
    finish(table, [Side(players=(at["A"], at["C"]), place=1), Side(players=(at["B"], at["D"]), place=2)])
    rows = {e.user_id: e.buchholz for e in by_tie_break(tournament, list(Entry.objects.filter(tournament=tournament)))}
    assert rows[at["A"]] == 0 and rows[at["B"]] == 4  # the winners met two who scored 0; the losers 2 + 2


def test_the_page_offers_a_team_and_shows_it_in_the_standings(client, players):
    a, b = players(2)
    tournament = arena("dummy", TEAMS)
    services.join(tournament, a)
    client.force_login(a)
    client.post(reverse("tournament_team_invite", args=[tournament.pk]), {"username": b.username})
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f"You invited {b.username}" in page and "team=" in page
    client.force_login(b)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f"{a.username} invites you to play in their team." in page
    code = Team.objects.get().code
    client.post(reverse("tournament_team_accept", args=[tournament.pk]), {"code": code})
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f"You play as one team: {a.username}, {b.username}." in page
    assert f"with {a.username}" in page and f"with {b.username}" in page
    riichi = client.get(arena("riichi").get_absolute_url()).content.decode()
    assert "Your team" not in riichi and "team mate" not in riichi


def test_the_bye_goes_to_the_lowest_team_that_had_none_yet():
    entry = lambda n, score, team: SimpleNamespace(user_id=n, user=n, score=score, team_id=team)  # noqa: E731
    field = [entry(0, 4, "a"), entry(1, 4, "a"), entry(2, 2, "b"), entry(3, 2, "b"), entry(4, 0, "c"), entry(5, 0, "c")]
    rng = random.Random(3)
    lowest = teams.swiss_tables(field, DUMMY_TEAMS, met=set(), teamed=set(), had_bye=set(), rng=rng)
    assert set(lowest.bye.values()) == {4, 5, None}
    next_up = teams.swiss_tables(field, DUMMY_TEAMS, met=set(), teamed=set(), had_bye={4, 5}, rng=rng)
    assert set(next_up.bye.values()) == {2, 3, None}


def test_moderators_see_each_players_team_in_the_admin(client, players, django_user_model):
    a, b = players(2)
    tournament = arena("dummy", TEAMS)
    teamed(tournament, a, b)
    staff = django_user_model.objects.create_superuser("mod", password="x" * 12)
    client.force_login(staff)
    page = client.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk])).content.decode()
    assert page.count(f"{a.username}, {b.username}") == 2  # on both players' rows


@pytest.mark.parametrize(("language", "words"), [
    ("de", ["Dein Team", "Name des Mitspielers", "Team-Link erstellen", "Angemeldete Teams werden gemeinsam"]),
    ("el", ["Η ομάδα σου", "Όνομα συμπαίκτη", "Σύνδεσμος ομάδας", "Οι δηλωμένες ομάδες ζευγαρώνονται"]),
])
def test_the_team_section_reads_in_the_players_language(client, players, language, words):
    (a,) = players(1)
    tournament = arena("dummy", TEAMS)
    services.join(tournament, a)
    client.force_login(a)
    client.post(reverse("set_language"), {"language": language})
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert all(word in page for word in words), [w for w in words if w not in page]
