"""Beat and the precise tasks against real tables, with the time passed in: the dummy game's
four-seat team table, whose first decision is a simultaneous pick by every seat."""

import pytest

from games import services, timekeeping
from games.errors import TableError
from games.models import Action, Table
from ratings.models import Settlement
from tests.games.conftest import DUMMY_SEATS, start_dummy, strikes_of, view_of

pytestmark = pytest.mark.django_db
PICK = {"type": "pick", "n": 1}


def _start(table) -> float:
    """The moment the table's clocks started, with all four players' pages open (nobody had
    a socket when the fixture dealt) and beat ticking since then."""
    started = min(d["started"] for d in table.clock["decisions"].values())
    for seat in DUMMY_SEATS:
        timekeeping.seat_presence(table_id=table.pk, seat=seat, online=True, now=started)
    timekeeping.tick(now=started)
    table.refresh_from_db()
    return started


def _tick_through(t0: float, until: float, step: float = 1.0) -> None:
    now = t0
    while now <= until:
        timekeeping.tick(now=now)
        now += step


def test_undecided_players_take_strikes_every_45_seconds_and_the_third_expels(team_table):
    t0 = _start(team_table)
    _tick_through(t0, t0 + 44)
    assert strikes_of(team_table) == (0, 0, 0, 0)
    _tick_through(t0 + 45, t0 + 46)
    assert strikes_of(team_table) == (1, 1, 1, 1)
    _tick_through(t0 + 47, t0 + 91)
    assert strikes_of(team_table) == (2, 2, 2, 2)
    _tick_through(t0 + 92, t0 + 136)
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.FINISHED
    assert view_of(team_table)["end"]["reason"] == "strikes"
    assert Settlement.objects.filter(game_id=team_table.pk).exists()
    logged = [a["type"] for a in Action.objects.filter(table=team_table).values_list("payload", flat=True)]
    assert logged.count("strike") == 9  # three rounds of four, the ninth expels its seat


def test_a_decision_made_in_time_is_never_struck(team_table, four_players):
    t0 = _start(team_table)
    _tick_through(t0, t0 + 39)  # beat is alive: the window's close comes on time
    for n, user in enumerate(four_players):
        services.submit(table_id=team_table.pk, user=user, action={"type": "pick", "n": 2 if n == 0 else 1},
                        now=t0 + 40)
    _tick_through(t0 + 41, t0 + 50)
    assert strikes_of(team_table) == (0, 0, 0, 0)
    assert view_of(team_table)["scores"]["A"] == 1  # the picks were scored and the game went on


def test_the_same_expiry_processed_twice_applies_once(team_table):
    t0 = _start(team_table)
    _tick_through(t0, t0 + 44)  # beat is alive
    version = Table.objects.get(pk=team_table.pk).version
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=t0 + 45) == 4
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=t0 + 45) == 0
    assert strikes_of(team_table) == (1, 1, 1, 1)


def test_a_click_racing_the_timeout_exactly_one_wins(team_table, four_players):
    t0 = _start(team_table)
    _tick_through(t0, t0 + 44)
    version = Table.objects.get(pk=team_table.pk).version
    services.submit(table_id=team_table.pk, user=four_players[0], action=PICK,
                    expected_version=version, now=t0 + 45)
    # The timeout task was scheduled for the version before the click: it finds the table moved.
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=t0 + 45) == 0
    assert strikes_of(team_table) == (0, 0, 0, 0)


def test_reserve_mode_ends_the_game_as_a_time_loss(four_players, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        table = start_dummy(four_players, players=4, clock="reserve")
    t0 = _start(table)
    for user in four_players[1:]:
        services.submit(table_id=table.pk, user=user, action=PICK, now=t0 + 5)
    _tick_through(t0, t0 + 79)
    assert view_of(table)["phase"] == "pick"
    timekeeping.tick(now=t0 + 80)  # 20 s for the pick + the 60 s reserve
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert view_of(table)["end"] == {"reason": "reserve_out", "seat": "A"}


def test_an_outage_of_beat_charges_nobody(team_table):
    t0 = _start(team_table)
    _tick_through(t0, t0 + 10)
    timekeeping.tick(now=t0 + 310)  # beat was away for five minutes
    assert strikes_of(team_table) == (0, 0, 0, 0)
    team_table.refresh_from_db()
    left = min(d["deadline"] for d in team_table.clock["decisions"].values()) - (t0 + 310)
    assert 33 <= left <= 35  # what they had before the outage, less beat's one-second period


def test_the_precise_task_stands_back_while_beat_is_silent(team_table):
    t0 = _start(team_table)
    version = Table.objects.get(pk=team_table.pk).version
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=t0 + 60) == 0
    assert strikes_of(team_table) == (0, 0, 0, 0)


def test_a_player_going_offline_pauses_the_game_and_is_struck_every_45_seconds(team_table, four_players):
    t0 = _start(team_table)
    timekeeping.seat_presence(table_id=team_table.pk, seat="B", online=False, now=t0 + 10)
    _tick_through(t0 + 1, t0 + 12.9)
    team_table.refresh_from_db()
    assert team_table.clock["paused"] is None  # a blip allowance first
    _tick_through(t0 + 13, t0 + 13)
    team_table.refresh_from_db()
    assert team_table.clock["paused"] is not None
    with pytest.raises(TableError) as error:
        services.submit(table_id=team_table.pk, user=four_players[0], action=PICK)
    assert error.value.code == "paused"
    _tick_through(t0 + 14, t0 + 56)
    assert strikes_of(team_table) == (0, 1, 0, 0)  # the others' clocks stood still
    _tick_through(t0 + 57, t0 + 101)
    assert strikes_of(team_table) == (0, 2, 0, 0)
    _tick_through(t0 + 102, t0 + 146)
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.FINISHED
    assert view_of(team_table)["end"]["seat"] == "B"


def test_a_player_who_never_connects_at_the_start_counts_as_offline(four_players):
    table = services.create_table(game="dummy", user=four_players[0], options={"players": 4})
    for user, seat in zip(four_players[1:], DUMMY_SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in four_players:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    started = min(d["started"] for d in table.clock["decisions"].values())
    assert set(table.clock["offline"]) == set(DUMMY_SEATS)  # no page was open when the game began
    _tick_through(started, started + 4)
    table.refresh_from_db()
    assert table.clock["paused"] is not None


def test_after_a_reconnect_play_resumes_after_10_seconds_with_times_intact(team_table):
    t0 = _start(team_table)
    timekeeping.seat_presence(table_id=team_table.pk, seat="B", online=False, now=t0 + 10)
    _tick_through(t0 + 1, t0 + 20)
    timekeeping.seat_presence(table_id=team_table.pk, seat="B", online=True, now=t0 + 20)
    _tick_through(t0 + 21, t0 + 29)
    team_table.refresh_from_db()
    assert team_table.clock["paused"] is not None  # the countdown runs
    timekeeping.tick(now=t0 + 30)
    team_table.refresh_from_db()
    assert team_table.clock["paused"] is None
    deadlines = {d["deadline"] for d in team_table.clock["decisions"].values()}
    assert deadlines == {t0 + 30 + 35}  # 35 s were left when B went away at t0+10


def test_staff_can_void_a_game_in_the_admin_and_nothing_is_rated(client, team_table, django_user_model):
    staff = django_user_model.objects.create_superuser("root", password="x" * 20)
    client.force_login(staff)
    response = client.post(
        "/admin/games/table/", {"action": "void_games", "_selected_action": [team_table.pk]}, follow=True
    )
    assert "1 game voided." in response.content.decode()
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.FINISHED
    assert view_of(team_table)["end"] == {"reason": "void", "seat": None}
    assert not Settlement.objects.filter(game_id=team_table.pk).exclude(outcome="void").exists()


def test_a_far_deadline_gets_its_precise_task_from_the_tick_that_sees_it_near(team_table, monkeypatch):
    from games import tasks

    scheduled = []
    monkeypatch.setattr(tasks.run_deadline, "apply_async", lambda args, eta: scheduled.append((args, eta)))
    t0 = _start(team_table)
    team_table.refresh_from_db()
    deadline, version = team_table.deadline, team_table.version
    _tick_through(t0 + 1, deadline.timestamp() - 3)
    assert scheduled == []  # a move usually comes long before: no task per move
    timekeeping.tick(now=deadline.timestamp() - 1.5)
    assert scheduled == [((team_table.pk, version), deadline)]
    assert strikes_of(team_table) == (0, 0, 0, 0)


def test_a_deadline_set_close_is_timed_at_once_and_a_far_one_is_not(team_table, monkeypatch):
    from games import tasks

    scheduled = []
    monkeypatch.setattr(tasks.run_deadline, "apply_async", lambda args, eta: scheduled.append((args, eta)))
    deadline = team_table.deadline
    assert not services.time_deadline(team_table.pk, 7, deadline, deadline.timestamp() - 30)
    assert services.time_deadline(team_table.pk, 7, deadline, deadline.timestamp() - 0.5)
    assert scheduled == [((team_table.pk, 7), deadline)]
