"""Tichu's own rules at a real table, moved from the platform's tests/games/test_services.py
(which runs over the dummy game): its options, its deal, its bomb window on the page, its
hands logged one by one, its record and winner line."""

import json
import random
import re

import pytest

from games import registry, services, snapshots, timekeeping
from games.errors import TableError
from games.models import Action, Table
from tests.games.conftest import SEATS, complete, state_of

pytestmark = pytest.mark.django_db
engine = registry.get("tichu").engine


@pytest.mark.parametrize(
    "options",
    [{"target": 750}, {"rated": "yes"}, {"clock": "blitz"}, {"bomb_window": 0}, {"bomb_window": True}, {"colour": 1}],
)
def test_bad_options_are_refused_and_nothing_is_created(alice, options):
    with pytest.raises(TableError) as error:
        services.create_table(game="tichu", user=alice, options=options)
    assert error.value.code == "bad_options"
    assert not Table.objects.exists()


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


def test_the_page_counts_down_the_open_bomb_window(started_table, four_players, client):
    _play_until(started_table, four_players, lambda s: s.window, random.Random(3))
    client.force_login(four_players[0])
    html = client.get(started_table.get_absolute_url()).content.decode()
    window = re.search(r'<p class="bomb-window".*?</p>', html, re.S).group(0)
    assert re.search(r'class="clock" data-remaining="[0-3]\.\d"', window)


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
