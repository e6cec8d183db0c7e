"""The one write path: seating, starting, submitting, ordering, deadlines, over the dummy game
(tests/dummygame). Tichu's own parts of these (its options, deal, bomb window on the page, hands
one by one) are in tests/tichu/test_tables.py."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import registry, services, timekeeping
from games.errors import TableError
from games.models import Action, Table
from ratings.models import RatingChange
from tests.games.conftest import DUMMY_SEATS, finish_dummy, state_of, view_of

pytestmark = pytest.mark.django_db
engine = registry.get("dummy").engine
PICK = {"type": "pick", "n": 1}


def test_the_creator_sits_down_and_the_table_waits(alice):
    table = services.create_table(game="dummy", user=alice, options={"target": 5})
    assert table.status == Table.Status.WAITING
    assert table.seats.get(position="A").user == alice
    assert table.options == {"players": 2, "target": 5, "teams": False, "rated": False, "private": False,
                             "clock": "strikes"}


@pytest.mark.parametrize(
    "options",
    [{"target": 10}, {"rated": "yes"}, {"clock": "blitz"}, {"players": 3}, {"teams": True}, {"colour": 1}],
)
def test_bad_options_are_refused_and_nothing_is_created(alice, options):
    with pytest.raises(TableError) as error:
        services.create_table(game="dummy", user=alice, options=options)
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
    table = services.create_table(game="dummy", user=four_players[0], options={"players": 4})
    for user, seat in zip(four_players[1:], DUMMY_SEATS[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in four_players[:3]:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    services.set_ready(table_id=table.pk, user=four_players[3], ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert state_of(table).phase == "pick"
    deal = Action.objects.filter(table=table).latest("version").payload
    assert deal["type"] == "deal" and set(deal["deal"]) == {"seed"}


def test_a_player_acts_for_their_own_seat_whatever_the_frame_says(team_table, four_players):
    services.submit(table_id=team_table.pk, user=four_players[1], action={"seat": "A", "type": "pick", "n": 5})
    assert state_of(team_table).picks == {"B": 5}


def test_an_illegal_action_changes_nothing(team_table, four_players):
    before = (team_table.version, team_table.snapshot)
    with pytest.raises(engine.IllegalAction) as error:
        services.submit(table_id=team_table.pk, user=four_players[0], action={"type": "raise"})
    assert error.value.code == "no_window"
    team_table.refresh_from_db()
    assert (team_table.version, team_table.snapshot) == before
    assert Action.objects.filter(table=team_table).count() == 1


def test_someone_not_seated_cannot_act(team_table, alice):
    with pytest.raises(TableError) as error:
        services.submit(table_id=team_table.pk, user=alice, action=PICK)
    assert error.value.code == "not_seated"


def test_a_page_that_is_behind_is_refused_as_stale(team_table, four_players):
    version = team_table.version
    services.submit(table_id=team_table.pk, user=four_players[0], action=PICK)
    with pytest.raises(TableError) as error:
        services.submit(table_id=team_table.pk, user=four_players[1], action=PICK, expected_version=version)
    assert error.value.code == "stale"
    assert state_of(team_table).picks == {"A": 1}


def _pick_all(table, four_players, winner=0) -> None:
    """Every seat picks, `winner`'s seat highest: the raise window opens."""
    for n, user in enumerate(four_players):
        services.submit(table_id=table.pk, user=user, action={"type": "pick", "n": 9 if n == winner else 1})


def test_a_timed_window_sets_a_collect_deadline_that_runs_once(team_table, four_players):
    _pick_all(team_table, four_players)
    team_table.refresh_from_db()
    collect_at = team_table.clock["window"]["at"]
    assert team_table.deadline.timestamp() == pytest.approx(collect_at)
    version = team_table.version
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=collect_at - 0.1,
                                    from_beat=True) == 0
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=collect_at,
                                    from_beat=True) == 1
    assert timekeeping.run_deadline(table_id=team_table.pk, version=version, now=collect_at,
                                    from_beat=True) == 0  # a retried task
    team_table.refresh_from_db()
    assert team_table.version == version + 1 and team_table.clock["window"] is None
    assert not view_of(team_table)["window"] and view_of(team_table)["scores"]["A"] == 1


def test_a_practice_game_with_bots_is_never_rated(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        table = services.create_table(game="dummy", user=alice, options={"players": 4, "rated": True})
        services.fill_with_bots(table_id=table.pk, user=alice, strength="beginner")
    table.refresh_from_db()
    assert table.has_bots and not table.rated
    assert table.status == Table.Status.WAITING  # alice has not said she is ready
    with django_capture_on_commit_callbacks(execute=True):
        services.set_ready(table_id=table.pk, user=alice, ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    # The three bots picked by themselves (eager Celery in tests).
    assert view_of(table)["picked"] == {"A": False, "B": True, "C": True, "D": True}


def test_the_table_finishes_when_the_game_is_decided(team_table, four_players):
    finish_dummy(team_table, four_players)
    team_table.refresh_from_db()
    assert state_of(team_table).winner == ["A"]
    assert team_table.status == Table.Status.FINISHED and team_table.finished_at is not None
    # The rated game settled in the same transaction: A+C up, B+D down.
    changes = {c.user.username: c.rating_after - c.rating_before for c in RatingChange.objects.select_related("user")}
    assert set(changes) == {"sam", "eve", "nia", "wes"}
    assert changes["sam"] > 0 and changes["nia"] > 0 and changes["eve"] < 0 and changes["wes"] < 0
    with pytest.raises(TableError) as error:
        services.submit(table_id=team_table.pk, user=four_players[0], action=PICK)
    assert error.value.code == "table_not_playing"


def test_a_finished_game_offers_its_record_and_shows_on_the_profiles(client, team_table, four_players):
    finish_dummy(team_table, four_players)
    team_table.refresh_from_db()
    url = f"/tables/{team_table.pk}/record.json?invite={team_table.invite_code}"
    record = client.get(url).json()
    assert record["format"] == "dummy-record/1" and engine.replay(record)["ok"] is True
    profile = client.get("/players/sam/").content.decode()
    assert f"/tables/{team_table.pk}/" in profile and "rating-result--up" in profile
    assert "rating-result--down" in client.get("/players/eve/").content.decode()  # each player's change
    # (The table page's own result line is the game's: Tichu's is checked in tests/tichu/test_tables.py.)


def test_a_running_game_never_serves_its_record(client, team_table):
    response = client.get(f"/tables/{team_table.pk}/record.json?invite={team_table.invite_code}")
    assert response.status_code == 404


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's synchronous_commit")
@pytest.mark.parametrize("durable", [False, True])
def test_a_move_commits_without_waiting_for_the_disk_unless_it_ends_the_game(
        team_table, four_players, settings, durable):
    settings.DURABLE_MOVES = durable

    def commit_mode(**kwargs) -> list[str]:
        with CaptureQueriesContext(connection) as queries:
            services.submit(table_id=team_table.pk, **kwargs)
        # said in the statement that stores the move
        return [q["sql"].split(";")[0] for q in queries if "synchronous_commit" in q["sql"]]

    move = commit_mode(user=four_players[0], action=PICK)
    assert move == [f"SET LOCAL synchronous_commit TO {'ON' if durable else 'OFF'}"]
    assert commit_mode(action={"type": "void"}) == ["SET LOCAL synchronous_commit TO ON"]  # results, ratings
