"""Daifugo on the platform: tables of 4 or 5 seats, the server's forced gives, practice
with bots, never rated."""

import random
import re

import pytest

from games import registry, services, snapshots, timekeeping
from daifugo.bots import choose_action
from games.errors import TableError
from games.models import Action, Table
from ratings.models import RatingChange, Settlement
from tests.conftest import PASSWORD
from tests.games.conftest import state_of

pytestmark = pytest.mark.django_db
game = registry.get("daifugo")
engine = game.engine


@pytest.fixture
def five_players(django_user_model):
    return [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("ann", "ben", "cat", "dan", "eli")]


@pytest.fixture
def five_seat_table(five_players):
    table = services.create_table(user=five_players[0], game="daifugo", options={"players": 5, "hands": 4})
    for user, seat in zip(five_players[1:], "2345"):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in five_players:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    return table


def _decide(table, users_by_seat, rng, until):
    """Whoever the table waits for decides (as a normal bot would), until `until(state)`."""
    for _ in range(1000):
        state = state_of(table)
        if until(state):
            return state
        view = engine.view(state, None)
        seat = next(iter(game.pending_decisions(view)))
        action = choose_action(engine.view(state, seat), "normal", rng)
        services.submit(table_id=table.pk, user=users_by_seat[seat], action=action)
    raise AssertionError("the game did not reach the expected point")


def test_a_five_seat_table_starts_when_all_five_are_ready(five_players):
    table = services.create_table(user=five_players[0], game="daifugo", options={"players": 5})
    assert list(table.seats.values_list("position", flat=True)) == ["1", "2", "3", "4", "5"]
    for user, seat in zip(five_players[1:], "2345"):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in five_players[:4]:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    services.set_ready(table_id=table.pk, user=five_players[4], ready=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and not table.rated
    state = state_of(table)
    assert state.players == 5 and state.phase == "play"
    deal = Action.objects.get(table=table, payload__type="deal").payload["deal"]
    assert sorted(len(cards) for cards in deal.values()) == [10, 10, 10, 11, 11]
    assert set(table.clock["decisions"]) == {engine.view(state, None)["turn"]}


def test_a_four_seat_table_has_four_seats_and_refuses_a_fifth(alice, bob):
    table = services.create_table(user=alice, game="daifugo", options={})
    assert table.seats.count() == 4
    with pytest.raises(TableError) as error:
        services.sit(table_id=table.pk, user=bob, position="5")
    assert error.value.code == "bad_seat"


def test_the_server_makes_the_forced_gives_at_the_start_of_the_second_hand(five_seat_table, five_players):
    by_seat = dict(zip("12345", five_players))
    state = _decide(five_seat_table, by_seat, random.Random(4), lambda s: s.results)
    assert state.phase == "exchange" and state.hand_no == 1
    five_seat_table.refresh_from_db()
    places = state.results[0]["places"]
    deal = Action.objects.filter(table=five_seat_table, payload__type="deal").latest("version")
    forced = list(Action.objects.filter(table=five_seat_table, version__gt=deal.version).order_by("version"))
    assert [(a.payload["seat"], a.payload["to"], len(a.payload["cards"]), a.user) for a in forced] == [
        (places[-1], places[0], 2, None),
        (places[-2], places[1], 1, None),
    ]
    # The President and the Vice-President now owe cards back, and their clocks run.
    assert set(five_seat_table.clock["decisions"]) == {places[0], places[1]}
    record = engine.build_record(snapshots.full_state(five_seat_table))
    assert record["hands"][1]["actions"] == [a.payload for a in forced]
    assert engine.replay(record)["ok"] is True
    state = _decide(five_seat_table, by_seat, random.Random(4), lambda s: s.phase == "play")
    assert engine.view(state, None)["turn"] == places[-1]  # the Beggar leads


def test_after_a_hand_each_seat_shows_its_title_beside_its_name(five_seat_table, five_players, client):
    by_seat = dict(zip("12345", five_players))
    places = _decide(five_seat_table, by_seat, random.Random(4), lambda s: s.results).results[0]["places"]
    client.force_login(five_players[0])
    page = client.get(five_seat_table.get_absolute_url()).content.decode()

    def name_line(seat):
        return re.search(rf'data-position="{seat}">\s*<p class="seat-name">(.*?)</p>', page, re.S).group(1)

    assert '<span class="tag title">President</span>' in name_line(places[0])
    assert '<span class="tag title">Beggar</span>' in name_line(places[-1])
    assert '<span class="tag title">Citizen</span>' in name_line(places[2])


def test_a_practice_table_starts_at_once_and_the_bots_play_a_hand_with_the_player(
    alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table = services.start_practice(
            user=alice, game="daifugo", options={"players": 5, "hands": 4, "revolution": True}, strength="beginner")
    assert table.status == Table.Status.PLAYING and table.has_bots and table.private and not table.rated
    assert [(s.position, s.user, s.bot) for s in table.seats.all()] == [
        ("1", alice, ""), *((p, None, "beginner") for p in "2345")]
    rng = random.Random(2)
    for _ in range(200):
        state = state_of(table)
        if state.results:
            break
        action = choose_action(engine.view(state, "1"), "normal", rng)
        assert action is not None, "the bots stopped although it is not alice's turn"
        with django_capture_on_commit_callbacks(execute=True):
            services.submit(table_id=table.pk, user=alice, action=action)
    assert len(state.results) == 1 and sum(state.results[0]["points"].values()) == 10
    assert Action.objects.filter(table=table, user__isnull=True).exclude(payload__type="deal").exists()


def test_a_daifugo_game_is_never_rated_and_offers_its_record(client, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        table = services.start_practice(user=alice, game="daifugo", options={"hands": 4}, strength="beginner")
    rng = random.Random(9)
    for _ in range(2000):
        state = state_of(table)
        if state.phase == "game_over":
            break
        action = choose_action(engine.view(state, "1"), "beginner", rng)
        with django_capture_on_commit_callbacks(execute=True):
            services.submit(table_id=table.pk, user=alice, action=action)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and len(state.results) == 4
    assert not Settlement.objects.exists() and not RatingChange.objects.exists()
    client.force_login(alice)
    record = client.get(f"/tables/{table.pk}/record.json").json()
    assert record["format"] == "daifugo-record/1"
    assert engine.replay(record)["winner"] == engine.view(state, None)["winner"]
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Result of hand 4" in page and ("Winner:" in page or "Shared win:" in page)


@pytest.mark.parametrize(
    "options",
    [{"players": 3}, {"players": "5"}, {"hands": 5}, {"revolution": "yes"}, {"rated": True},
     {"private": False}, {"clock": "reserve"}, {"target": 1000}, {"bomb_window": 3}],
)
def test_bad_daifugo_options_are_refused_and_nothing_is_created(alice, options):
    with pytest.raises(TableError) as error:
        services.create_table(user=alice, game="daifugo", options=options)
    assert error.value.code == "bad_options"
    assert not Table.objects.exists()


def test_an_unknown_game_is_refused(alice):
    with pytest.raises(TableError) as error:
        services.create_table(user=alice, game="chess", options={})
    assert error.value.code == "bad_options"


def test_the_strikes_clock_runs_for_the_player_in_turn(five_seat_table):
    for seat in "12345":  # as if each player had the page open
        timekeeping.seat_presence(table_id=five_seat_table.pk, seat=seat, online=True)
    turn = engine.view(state_of(five_seat_table), None)["turn"]
    five_seat_table.refresh_from_db()
    deadline = five_seat_table.deadline.timestamp()
    assert timekeeping.run_deadline(table_id=five_seat_table.pk, now=deadline + 0.1, from_beat=True) >= 1
    view = engine.view(state_of(five_seat_table), None)
    assert view["strikes"][turn] == 1 and sum(view["strikes"].values()) == 1
    five_seat_table.refresh_from_db()  # a new decision clock for the same player
    assert five_seat_table.clock["decisions"][turn]["deadline"] > deadline
