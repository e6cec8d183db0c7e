"""Vote-kicks: a majority of the others at a waiting table, all of them in a game."""

import asyncio
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from games import audiences
from games import services as games
from games.models import Table
from games.presence import Presence
from moderation import commands, services, tasks
from moderation.errors import Blocked, VoteError
from moderation.models import Ballot, Incident, VoteKick
from tests.games.conftest import view_of
from tests.moderation.conftest import NOW, listening

pytestmark = pytest.mark.django_db
SEC = timedelta(seconds=1)
Outcome = VoteKick.Outcome


def vote_against(table, opener, target, at=NOW):
    return services.open_vote(table=table, opened_by=opener, target=target, reason="abuse", now=at)


def seat_of(table, user):
    return games.seat_of(table, user)


@pytest.fixture
def players(four_players):
    """sam (A) opens, eve (B) and nia (C) vote, wes (D) is the target."""
    return dict(zip(("sam", "eve", "nia", "wes"), four_players))


def test_a_majority_of_the_other_seated_players_removes_the_player(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    assert (vote.outcome, vote.electorate) == (Outcome.OPEN, 3)
    vote = services.cast_ballot(vote=vote, voter=players["eve"], yes=True, now=NOW + SEC)
    assert vote.outcome == Outcome.PASSED
    assert seat_of(waiting_table, players["wes"]) is None
    assert Incident.objects.count() == 0


def test_without_a_majority_the_player_stays(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    vote = services.cast_ballot(vote=vote, voter=players["eve"], yes=False, now=NOW + SEC)
    assert vote.outcome == Outcome.OPEN
    vote = services.cast_ballot(vote=vote, voter=players["nia"], yes=False, now=NOW + 2 * SEC)
    assert vote.outcome == Outcome.FAILED
    assert seat_of(waiting_table, players["wes"]) == "D"


def test_with_two_others_seated_both_must_agree(players):
    table = games.create_table(game="dummy", user=players["sam"], options={"players": 4})
    games.sit(table_id=table.pk, user=players["eve"], position="B")
    games.sit(table_id=table.pk, user=players["wes"], position="D")
    vote = vote_against(table, players["sam"], players["wes"])
    assert (vote.outcome, vote.electorate) == (Outcome.OPEN, 2)
    assert services.cast_ballot(vote=vote, voter=players["eve"], yes=True, now=NOW + SEC).outcome == Outcome.PASSED


def test_alone_with_the_target_the_openers_vote_is_the_majority(players):
    table = games.create_table(game="dummy", user=players["sam"], options={"players": 4})
    games.sit(table_id=table.pk, user=players["wes"], position="B")
    assert vote_against(table, players["sam"], players["wes"]).outcome == Outcome.PASSED


def test_a_removed_player_is_barred_from_that_table_for_30_seconds(waiting_table, players, bob):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    services.cast_ballot(vote=vote, voter=players["eve"], yes=True, now=NOW + SEC)
    wes = players["wes"]
    assert services.table_bar_until(wes, waiting_table.pk, now=NOW + 2 * SEC) == NOW + 31 * SEC
    with pytest.raises(Blocked) as blocked:
        services.ensure_may_sit(wes, table=waiting_table, now=NOW + 30 * SEC)
    assert (blocked.value.code, blocked.value.until) == ("table_bar", NOW + 31 * SEC)
    services.ensure_may_sit(wes, table=waiting_table, now=NOW + 31 * SEC)
    other = games.create_table(game="dummy", user=bob, options={"players": 4})
    services.ensure_may_sit(wes, table=other, now=NOW + 2 * SEC)


def test_in_a_game_all_three_others_must_agree(team_table, four_players):
    sam, eve, nia, wes = four_players
    vote = vote_against(team_table, sam, eve)
    assert (vote.in_game, vote.electorate, vote.target_seat) == (True, 3, "B")
    assert services.cast_ballot(vote=vote, voter=nia, yes=True, now=NOW + SEC).outcome == Outcome.OPEN
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.PLAYING
    assert services.cast_ballot(vote=vote, voter=wes, yes=True, now=NOW + 2 * SEC).outcome == Outcome.PASSED
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.FINISHED
    assert view_of(team_table)["end"] == {"reason": "kick", "seat": "B"}
    assert Incident.objects.count() == 0


def test_in_a_game_one_no_defeats_the_vote(team_table, four_players):
    sam, eve, nia, wes = four_players
    vote = vote_against(team_table, sam, eve)
    assert services.cast_ballot(vote=vote, voter=nia, yes=False, now=NOW + SEC).outcome == Outcome.FAILED
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.PLAYING


def test_a_vote_expires_after_60_seconds(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    assert services.expire_votes(NOW + 59 * SEC) == 0
    assert services.expire_votes(NOW + 60 * SEC) == 1
    vote.refresh_from_db()
    assert vote.outcome == Outcome.EXPIRED
    with pytest.raises(VoteError) as error:
        services.cast_ballot(vote=vote, voter=players["eve"], yes=True, now=NOW + 61 * SEC)
    assert error.value.code == "vote_closed"
    assert seat_of(waiting_table, players["wes"]) == "D"


def test_a_ballot_after_the_deadline_closes_the_vote_instead_of_counting(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    vote = services.cast_ballot(vote=vote, voter=players["eve"], yes=True, now=NOW + 60 * SEC)
    assert vote.outcome == Outcome.EXPIRED
    assert seat_of(waiting_table, players["wes"]) == "D"


@override_settings(VOTE_KICK_SECONDS=10)
def test_the_beat_task_expires_votes_by_the_configured_time(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"], at=NOW)
    assert vote.expires_at == NOW + 10 * SEC
    assert tasks.expire_votes() == 1


@pytest.mark.parametrize(
    ("voter", "code"), [("sam", "already_voted"), ("wes", "not_voter")]
)
def test_a_second_ballot_or_the_targets_own_is_refused(waiting_table, players, voter, code):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    with pytest.raises(VoteError) as error:
        services.cast_ballot(vote=vote, voter=players[voter], yes=False, now=NOW + SEC)
    assert error.value.code == code
    assert Ballot.objects.filter(vote=vote).count() == 1


def test_spectators_cannot_vote_or_open_votes(waiting_table, players, alice):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    with pytest.raises(VoteError) as error:
        services.cast_ballot(vote=vote, voter=alice, yes=True, now=NOW + SEC)
    assert error.value.code == "not_voter"
    with pytest.raises(VoteError) as error:
        vote_against(waiting_table, alice, players["eve"])
    assert error.value.code == "not_seated"


def test_one_open_vote_per_target(waiting_table, players):
    vote_against(waiting_table, players["sam"], players["wes"])
    with pytest.raises(VoteError) as error:
        vote_against(waiting_table, players["eve"], players["wes"], at=NOW + SEC)
    assert error.value.code == "vote_running"
    assert vote_against(waiting_table, players["eve"], players["nia"], at=NOW + SEC).outcome == Outcome.OPEN


def test_a_player_opens_one_vote_against_the_same_player_per_table(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    services.cast_ballot(vote=vote, voter=players["eve"], yes=False, now=NOW + SEC)
    services.cast_ballot(vote=vote, voter=players["nia"], yes=False, now=NOW + SEC)
    with pytest.raises(VoteError) as error:
        vote_against(waiting_table, players["sam"], players["wes"], at=NOW + 2 * SEC)
    assert error.value.code == "vote_used"
    assert vote_against(waiting_table, players["eve"], players["wes"], at=NOW + 2 * SEC).outcome == Outcome.OPEN
    assert VoteKick.objects.filter(table=waiting_table).count() == 2


def test_a_vote_from_the_waiting_table_is_cancelled_once_the_game_starts(waiting_table, players):
    vote = vote_against(waiting_table, players["sam"], players["wes"])
    for user in players.values():
        games.set_ready(table_id=waiting_table.pk, user=user, ready=True)
    vote = services.cast_ballot(vote=vote, voter=players["eve"], yes=True, now=NOW + SEC)
    assert vote.outcome == Outcome.CANCELLED
    assert seat_of(waiting_table, players["wes"]) == "D"


@pytest.mark.parametrize(
    ("target", "reason", "code"),
    [("sam", "abuse", "self_vote"), ("alice", "abuse", "target_not_seated"), ("wes", "rude", "bad_reason")],
)
def test_bad_votes_are_refused(waiting_table, players, alice, target, reason, code):
    people = {**players, "alice": alice}
    with pytest.raises(VoteError) as error:
        services.open_vote(table=waiting_table, opened_by=players["sam"], target=people[target], reason=reason)
    assert error.value.code == code
    assert not VoteKick.objects.exists()


def test_the_table_socket_commands_open_and_cast(waiting_table, players):
    vote = commands.vote_command(
        "vote_open", {"target": "wes", "reason": "absent", "text": "afk"}, table_id=waiting_table.pk,
        user=players["sam"],
    )
    assert (vote.target, vote.reason, vote.text) == (players["wes"], "absent", "afk")
    vote = commands.vote_command(
        "vote_cast", {"vote": str(vote.pk), "yes": "1"}, table_id=waiting_table.pk, user=players["nia"]
    )
    assert vote.outcome == Outcome.PASSED


def test_the_table_hears_about_every_vote(waiting_table, players, django_capture_on_commit_callbacks):
    """A voter's page gets the table drawn for its seat with the ballot."""
    seat = seat_of(waiting_table, players["nia"])
    asyncio.run(Presence().join(waiting_table.pk, "nias-page", seat, (f"seat-{seat}", "en")))
    with listening(audiences.group_name(waiting_table.pk, f"seat-{seat}", "en")) as receive:
        with django_capture_on_commit_callbacks(execute=True):
            vote = vote_against(waiting_table, players["sam"], players["wes"], at=timezone.now())
        event = receive()
    assert event["type"] == "table.page" and event["panels"] == Table.Status.WAITING
    assert f'name="vote" value="{vote.pk}"' in event["html"]
