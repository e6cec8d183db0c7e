"""The one write path: seating, starting, submitting, ordering, deadlines."""

import json
import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import registry, services, snapshots, timekeeping
from tichu.engine import IllegalAction
from games.errors import TableError
from games.models import Action, Table
from ratings.models import RatingChange
from tests.games.conftest import SEATS, complete, state_of

pytestmark = pytest.mark.django_db
engine = registry.get("tichu").engine


def test_the_creator_sits_down_and_the_table_waits(alice):
    table = services.create_table(game="tichu", user=alice, options={"target": 500})
    assert table.status == Table.Status.WAITING
    assert table.seats.get(position="S").user == alice
    assert table.options == {"target": 500, "rated": True, "private": False, "clock": "strikes", "bomb_window": 3}


@pytest.mark.parametrize(
    "options",
    [{"target": 750}, {"rated": "yes"}, {"clock": "blitz"}, {"bomb_window": 0}, {"bomb_window": True}, {"colour": 1}],
)
def test_bad_options_are_refused_and_nothing_is_created(alice, options):
    with pytest.raises(TableError) as error:
        services.create_table(game="tichu", user=alice, options=options)
    assert error.value.code == "bad_options"
    assert not Table.objects.exists()


def test_a_taken_seat_cannot_be_taken_again(alice, bob):
    table = services.create_table(game="dummy", user=alice, options={})
    with pytest.raises(TableError) as error:
        services.sit(table_id=table.pk, user=bob, position="A")
    assert error.value.code == "seat_taken"


def test_moving_to_another_seat_frees_the_old_one(alice):
    table = services.create_table(game="dummy", user=alice, options={})
    services.sit(table_id=table.pk, user=alice, position="B")
    assert list(table.seats.filter(user=alice).values_list("position", flat=True)) == ["B"]


def test_leaving_a_waiting_table_frees_the_seat(alice):
    table = services.create_table(game="dummy", user=alice, options={})
    services.stand(table_id=table.pk, user=alice)
    assert not table.seats.filter(user=alice).exists()


def test_the_game_starts_only_when_four_are_seated_and_ready(four_players):
    table = services.create_table(game="tichu", user=four_players[0], options={})
    for user, seat in zip(four_players[1:], SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in four_players[:3]:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    services.set_ready(table_id=table.pk, user=four_players[3], ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert state_of(table).phase == "grand"
    deal = Action.objects.filter(table=table).latest("version").payload
    assert deal["type"] == "deal" and sorted(len(deal["deal"][s]) for s in SEATS) == [14] * 4


def test_a_player_acts_for_their_own_seat_whatever_the_frame_says(started_table, four_players):
    services.submit(table_id=started_table.pk, user=four_players[1], action={"seat": "S", "type": "grand", "call": True})
    state = state_of(started_table)
    assert state.grand == (None, True, None, None)


def test_an_illegal_action_changes_nothing(started_table, four_players):
    before = (started_table.version, started_table.snapshot)
    with pytest.raises(IllegalAction) as error:
        services.submit(table_id=started_table.pk, user=four_players[0], action={"type": "pass"})
    assert error.value.code == "wrong_phase"
    started_table.refresh_from_db()
    assert (started_table.version, started_table.snapshot) == before
    assert Action.objects.filter(table=started_table).count() == 1


def test_someone_not_seated_cannot_act(started_table, alice):
    with pytest.raises(TableError) as error:
        services.submit(table_id=started_table.pk, user=alice, action={"type": "grand", "call": False})
    assert error.value.code == "not_seated"


def test_a_page_that_is_behind_is_refused_as_stale(started_table, four_players):
    version = started_table.version
    services.submit(table_id=started_table.pk, user=four_players[0], action={"type": "grand", "call": False})
    with pytest.raises(TableError) as error:
        services.submit(
            table_id=started_table.pk, user=four_players[1], action={"type": "grand", "call": False},
            expected_version=version,
        )
    assert error.value.code == "stale"
    assert state_of(started_table).grand == (False, None, None, None)


def _play_until(table, four_players, stop, rng):
    by_seat = dict(zip(SEATS, four_players))
    for _ in range(2000):
        state = state_of(table)
        if stop(state):
            return state
        if state.window:
            table.refresh_from_db()
            timekeeping.run_deadline(table_id=table.pk, now=table.clock["window"]["at"], from_beat=True)
            continue
        for seat in SEATS:
            legal = engine.legal_actions(state, seat)
            required = [a for a in legal if a["type"] not in ("tichu",)]
            if state.phase == "play" and SEATS.index(seat) not in (state.turn, state.gift_by):
                continue
            if required:
                action = complete(rng.choice(required), [], rng)
                services.submit(table_id=table.pk, user=by_seat[seat], action=action)
                break
    raise AssertionError("the game did not reach the expected point")


def test_a_bomb_window_sets_a_collect_deadline_that_runs_once(started_table, four_players):
    state = _play_until(started_table, four_players, lambda s: s.window, random.Random(3))
    started_table.refresh_from_db()
    collect_at = started_table.clock["window"]["at"]
    assert started_table.deadline.timestamp() == pytest.approx(collect_at)
    version = started_table.version
    assert timekeeping.run_deadline(table_id=started_table.pk, version=version, now=collect_at - 0.1,
                                    from_beat=True) == 0
    assert timekeeping.run_deadline(table_id=started_table.pk, version=version, now=collect_at,
                                    from_beat=True) == 1
    assert timekeeping.run_deadline(table_id=started_table.pk, version=version, now=collect_at,
                                    from_beat=True) == 0  # a retried task
    started_table.refresh_from_db()
    assert started_table.version == version + 1 and started_table.clock["window"] is None
    assert not state_of(started_table).window and state.trick


def test_the_page_counts_down_the_open_bomb_window(started_table, four_players, client):
    _play_until(started_table, four_players, lambda s: s.window, random.Random(3))
    client.force_login(four_players[0])
    html = client.get(started_table.get_absolute_url()).content.decode()
    window = re.search(r'<p class="bomb-window".*?</p>', html, re.S).group(0)
    assert re.search(r'class="clock" data-remaining="[0-3]\.\d"', window)


def test_a_practice_game_with_bots_is_never_rated(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        table = services.create_table(game="tichu", user=alice, options={})
        services.fill_with_bots(table_id=table.pk, user=alice, strength="beginner")
    table.refresh_from_db()
    assert table.has_bots and not table.rated
    assert table.status == Table.Status.WAITING  # alice has not said she is ready
    with django_capture_on_commit_callbacks(execute=True):
        services.set_ready(table_id=table.pk, user=alice, ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    # The three bots decided on Grand Tichu by themselves (eager Celery in tests).
    assert [g is not None for g in state_of(table).grand] == [False, True, True, True]


def test_a_finished_hand_is_logged_and_the_next_hand_is_dealt_by_itself(started_table, four_players):
    state = _play_until(started_table, four_players, lambda s: len(s.results) == 1, random.Random(5))
    assert state.phase == "grand" and len(state.results) == 1
    # The row keeps the log of the hand in play only; the whole game comes from the action log.
    whole = snapshots.full_state(started_table)
    full = json.loads(json.dumps(engine.to_json(whole)))
    assert len(full["log"]) == 2 and started_table.snapshot == dict(full, log=full["log"][-1:])
    record = engine.build_record(whole)
    assert len(record["hands"]) == 2
    log = list(Action.objects.filter(table=started_table).values_list("payload", flat=True))
    assert [a["deal"] for a in log if a["type"] == "deal"] == [hand["deal"] for hand in record["hands"]]
    assert [a for a in log if a["type"] != "deal"] == [a for hand in record["hands"] for a in hand["actions"]]
    replayed = engine.replay(record)
    assert replayed["ok"] is True and replayed["hands"] == list(state.results)


def test_the_table_finishes_when_the_game_is_decided(started_table, four_players):
    # Start the table just short of the target so that one hand decides it.
    started_table.snapshot["totals"] = [2000, 0]
    started_table.save()
    state = _play_until(started_table, four_players, lambda s: s.phase == "game_over", random.Random(5))
    started_table.refresh_from_db()
    assert state.winner == "NS"
    assert started_table.status == Table.Status.FINISHED and started_table.finished_at is not None
    # The rated game settled in the same transaction: NS up, EW down.
    changes = {c.user.username: c.rating_after - c.rating_before for c in RatingChange.objects.select_related("user")}
    assert set(changes) == {"sam", "eve", "nia", "wes"}
    assert changes["sam"] > 0 and changes["nia"] > 0 and changes["eve"] < 0 and changes["wes"] < 0
    with pytest.raises(TableError) as error:
        services.submit(table_id=started_table.pk, user=four_players[0], action={"type": "pass"})
    assert error.value.code == "table_not_playing"


def test_a_finished_game_offers_its_record_and_shows_on_the_profiles(client, started_table, four_players):
    started_table.snapshot["totals"] = [2000, 0]
    started_table.save()
    _play_until(started_table, four_players, lambda s: s.phase == "game_over", random.Random(5))
    started_table.refresh_from_db()
    url = f"/tables/{started_table.pk}/record.json?invite={started_table.invite_code}"
    record = client.get(url).json()
    assert record["format"] == "tichu-record/1" and engine.replay(record)["ok"] is True
    profile = client.get("/players/sam/").content.decode()
    assert f"/tables/{started_table.pk}/" in profile
    page = client.get(started_table.get_absolute_url()).content.decode()
    assert "North–South win" in page
    assert "rating-result--up" in page and "rating-result--down" in page  # each player's change


def test_a_running_game_never_serves_its_record(client, started_table):
    response = client.get(f"/tables/{started_table.pk}/record.json?invite={started_table.invite_code}")
    assert response.status_code == 404


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's synchronous_commit")
@pytest.mark.parametrize("durable", [False, True])
def test_a_move_commits_without_waiting_for_the_disk_unless_it_ends_the_game(
        started_table, four_players, settings, durable):
    settings.DURABLE_MOVES = durable

    def commit_mode(**kwargs) -> list[str]:
        with CaptureQueriesContext(connection) as queries:
            services.submit(table_id=started_table.pk, **kwargs)
        return [q["sql"] for q in queries if "synchronous_commit" in q["sql"]]

    move = commit_mode(user=four_players[0], action={"type": "grand", "call": False})
    assert move == [f"SET LOCAL synchronous_commit TO {'ON' if durable else 'OFF'}"]
    assert commit_mode(action={"type": "void"}) == ["SET LOCAL synchronous_commit TO ON"]  # results, ratings
