"""Arena pairing: whoever is in and free is paired at once, by close score, never twice."""

import pytest

from games.models import Seat, Table
from games import services as tables
from tests.tournaments.conftest import TEAMS, arena, joined
from tournaments import services, tasks
from tournaments.models import Entry, Pairing

# Over the dummy's team variant, drawn into teams as a game of teams is (`dummy_teams`).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dummy_teams")]


def seated(user_ids):
    return list(Seat.objects.filter(user_id__in=user_ids, table__status=Table.Status.PLAYING)
                .values_list("user_id", flat=True))


def test_waiting_players_are_paired_at_once_into_started_rated_tables(players):
    users = players(9)
    tournament = joined(arena("dummy", TEAMS), users)
    assert services.pair(tournament.pk) == 2
    pairings = list(Pairing.objects.filter(tournament=tournament).select_related("table"))
    assert len(pairings) == 2
    for pairing in pairings:
        table = pairing.table
        assert table.status == Table.Status.PLAYING and table.rated
        assert sorted(table.seats.values_list("position", flat=True)) == ["A", "B", "C", "D"]
        assert table.seats.filter(user__isnull=True).count() == 0
    busy = seated([u.pk for u in users])
    assert len(busy) == len(set(busy)) == 8
    # The ninth waits for others to come free.
    assert services.waiting_entries(tournament)[0].user_id not in busy


def test_players_are_grouped_by_close_score(players):
    users = players(8)
    tournament = joined(arena("dummy", TEAMS), users)
    Entry.objects.filter(user__in=users[4:]).update(score=10)
    services.pair(tournament.pk)
    groups = [set(p.table.seats.values_list("user_id", flat=True)) for p in Pairing.objects.filter(tournament=tournament)]
    assert {u.pk for u in users[4:]} in groups and {u.pk for u in users[:4]} in groups


def test_the_beat_task_run_twice_pairs_nobody_twice(players):
    users = players(8)
    joined(arena("dummy", TEAMS), users)
    assert tasks.pair_tournaments() == 2
    assert tasks.pair_tournaments() == 0
    busy = seated([u.pk for u in users])
    assert sorted(busy) == sorted(u.pk for u in users)
    assert Pairing.objects.count() == 2


def test_paused_withdrawn_and_seated_elsewhere_are_not_paired(players):
    users = players(7)
    tournament = joined(arena("dummy", TEAMS), users)
    services.pause(tournament, users[0])
    Entry.objects.filter(user=users[1]).update(withdrawn=True)
    tables.create_table(user=users[2], game="dummy", options={})  # sits at a table of their own
    assert services.pair(tournament.pk) == 1
    paired = set(seated([u.pk for u in users]))
    assert paired == {u.pk for u in users[3:]}


def test_nobody_is_paired_before_the_start_or_after_the_end(players):
    users = players(4)
    upcoming = joined(arena("dummy", TEAMS, started=False), users)
    assert services.pair(upcoming.pk) == 0
    over = arena("dummy", TEAMS, minutes=0)
    assert not over.running()
    assert tasks.pair_tournaments() == 0


def test_daifugo_and_riichi_tables_take_as_many_as_the_options_seat(players):
    users = players(10)
    five = joined(arena("daifugo", {"players": 5}), users[:5])
    assert services.pair(five.pk) == 1
    assert Pairing.objects.get(tournament=five).table.seats.count() == 5
    riichi = joined(arena("riichi"), users[5:9])
    assert services.pair(riichi.pk) == 1


def test_players_in_a_cooldown_or_banned_or_sharing_a_cooled_browser_wait_and_the_others_are_paired(players):
    from datetime import timedelta

    from django.utils import timezone

    from moderation.models import Ban, DeviceUse, Incident

    users = players(8)
    tournament = joined(arena("dummy", TEAMS), users)
    now = timezone.now()
    Incident.objects.create(user=users[0], level=1, cooldown_start=now - timedelta(minutes=1),
                            cooldown_end=now + timedelta(minutes=10))
    Ban.objects.create(user=users[1], reason="x", created_by=players(1, prefix="mod")[0])
    outsider = players(1, prefix="alt")[0]  # another account in users[2]'s browser, cooled down
    Incident.objects.create(user=outsider, level=1, cooldown_start=now - timedelta(minutes=1),
                            cooldown_end=now + timedelta(minutes=10))
    DeviceUse.objects.create(user=outsider, device="d1", address="a")
    DeviceUse.objects.create(user=users[2], device="d1", address="a")
    # A cooldown that is over keeps nobody out.
    Incident.objects.create(user=users[3], level=1, cooldown_start=now - timedelta(minutes=20),
                            cooldown_end=now - timedelta(minutes=10))
    assert services.pair(tournament.pk) == 1
    assert set(seated([u.pk for u in users])) == {u.pk for u in users[3:7]}


def test_a_seat_check_refusing_at_the_start_leaves_that_group_waiting_and_creates_nothing(players, monkeypatch):
    from games import hooks
    from moderation.errors import Blocked

    users = players(8)
    tournament = joined(arena("dummy", TEAMS), users)
    Entry.objects.filter(user__in=users[4:]).update(score=5)

    def barred(user, *, table):
        if user.pk == users[0].pk:
            raise Blocked("table_bar", None)
    monkeypatch.setattr(hooks, "sit_checks", [*hooks.sit_checks, barred])
    assert services.pair(tournament.pk) == 1
    assert set(seated([u.pk for u in users])) == {u.pk for u in users[4:]}
    assert Table.objects.count() == 1


def test_only_players_with_the_tournament_page_open_are_paired(players):
    from datetime import timedelta

    from django.utils import timezone

    users = players(5)
    tournament = joined(arena("dummy", TEAMS), users)
    services.on_page(tournament.pk, users[0], here=False)  # closed the page
    Entry.objects.filter(user=users[1]).update(seen_at=timezone.now() - services.AWAY_AFTER - timedelta(seconds=1))
    assert services.pair(tournament.pk) == 0
    services.on_page(tournament.pk, users[0], here=True)  # back on the page
    assert services.pair(tournament.pk) == 1
    assert users[1].pk not in seated([u.pk for u in users])


def test_beat_runs_the_pairing_every_few_seconds():
    from config.celery import app

    entry = app.conf.beat_schedule["pair-tournaments"]
    assert entry["schedule"] <= 5
    assert app.tasks[entry["task"]].name == tasks.pair_tournaments.name == "tournaments.tasks.pair_tournaments"
