"""Riichi on the platform, through the one write path: a whole hanchan played by the bots'
choices for four signed-in players, call windows that ask only who may call and time out
into passes (no strikes),
the results window between hands, the Outcome, and the record replaying."""

import json
import random

import pytest
from django.core.management import call_command

from games import events, registry, services, snapshots, timekeeping
from games.errors import TableError
from games.models import Table
from riichi.bots import choose_action
from tests.riichi.conftest import SEATS, seated_table, state_of

pytestmark = pytest.mark.django_db
game = registry.get("riichi")
engine = game.engine


@pytest.fixture
def outcomes():
    caught = []

    def receive(sender, outcome, **kwargs):
        caught.append(outcome)
    events.game_finished.connect(receive, weak=False)
    yield caught
    events.game_finished.disconnect(receive)


def _due(table) -> float:
    table.refresh_from_db()
    return table.deadline.timestamp() + 0.01


def play_out(table, players, rng, *, let_calls_expire=0.5, steps=20000):
    """Everyone plays as a normal bot would; a call window is left to run out now and then,
    and the results window between hands is closed by the clock."""
    by_seat = dict(zip(SEATS, players))
    stats = {"expired_windows": 0, "calls": 0, "hands": 0}
    for _ in range(steps):
        state = state_of(table)
        if state.phase == "game_over":
            return state, stats
        view = engine.view(state, None)
        if state.phase == "round_over":
            assert game.window(view) == "results" and not game.pending_decisions(view)
            stats["hands"] += 1
            timekeeping.run_deadline(table_id=table.pk, now=_due(table), from_beat=True)
            continue
        pending = game.pending_decisions(view)
        if set(pending.values()) == {"call"} and rng.random() < let_calls_expire:
            stats["expired_windows"] += 1
            timekeeping.run_deadline(table_id=table.pk, now=_due(table), from_beat=True)
            continue
        for seat in pending:
            action = choose_action(engine.view(state, seat), "normal", rng)
            if action is not None:
                stats["calls"] += action["type"] in ("chi", "pon", "kan") and pending[seat] == "call"
                services.submit(table_id=table.pk, user=by_seat[seat], action=action)
                break
        else:
            raise AssertionError(f"nobody acts: {pending}")
    raise AssertionError("the match did not end")


def test_a_whole_hanchan_through_the_write_path(players, django_capture_on_commit_callbacks, monkeypatch,
                                                  outcomes, tmp_path, capsys):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch)
    assert table.status == Table.Status.PLAYING and table.rated
    state, stats = play_out(table, players, random.Random(5))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert stats["expired_windows"] > 0 and stats["hands"] >= 7
    view = engine.view(state, None)
    assert view["strikes"] == {seat: 0 for seat in SEATS}, "a call window that runs out is no strike"
    (outcome,) = outcomes
    assert outcome.reason == "normal" and outcome.weight == 1.0 and outcome.rated
    assert sorted(side.place for side in outcome.sides) == [1, 2, 3, 4]
    assert [side.players for side in outcome.sides] == [(p.pk,) for p in players]
    assert [side.place for side in outcome.sides] == state.game.final["places"]
    # the row keeps the hand in play only; the record is the action log replayed
    record = engine.build_record(snapshots.full_state(table))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    call_command("replay", str(path))
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["ok"] and replayed["places"] == state.game.final["places"]
    assert replayed["scores"] == state.game.final["scores"]


def test_a_call_window_asks_only_the_seats_that_may_call_and_expires_into_passes_without_a_strike(
        players, django_capture_on_commit_callbacks, monkeypatch):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch)
    rng = random.Random(3)
    by_seat = dict(zip(SEATS, players))
    for _ in range(400):
        state = state_of(table)
        view = engine.view(state, None)
        if view["calling"]:
            break
        (seat,) = game.pending_decisions(view)
        services.submit(table_id=table.pk, user=by_seat[seat], action=choose_action(
            engine.view(state, seat), "beginner", rng))
    else:
        pytest.fail("this seeded deal opens no call window any more: choose one that does")
    table.refresh_from_db()
    discarder = view["pending_discard"]["from"]
    able = {s for s in SEATS if s != discarder and set(a["type"] for a in engine.view(state, s)["legal_actions"]) - {"pass"}}
    assert able and set(table.clock["decisions"]) == able == set(view["calling"])
    assert {d["kind"] for d in table.clock["decisions"].values()} == {"call"}
    started = table.clock["decisions"][view["calling"][0]]["started"]
    assert {d["deadline"] - started for d in table.clock["decisions"].values()} == {8}
    for seat in set(SEATS) - able:
        assert engine.view(state, seat)["legal_actions"] == []
        with pytest.raises(engine.IllegalAction) as error:
            services.submit(table_id=table.pk, user=by_seat[seat], action={"type": "pass"})
        assert error.value.code == "cannot_call"
    timekeeping.run_deadline(table_id=table.pk, now=_due(table), from_beat=True)
    after = engine.view(state_of(table), None)
    assert not after["calling"] and after["strikes"] == {s: 0 for s in SEATS}


def test_a_discard_timeout_is_a_strike_and_the_third_ends_the_match_with_the_leaver_last(
        players, django_capture_on_commit_callbacks, monkeypatch, outcomes):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch)
    for n in (1, 2, 3):
        timekeeping.run_deadline(table_id=table.pk, now=_due(table), from_beat=True)
        view = engine.view(state_of(table), None)
        assert view["strikes"]["0"] == n
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    (outcome,) = outcomes
    assert outcome.reason == "abandonment" and outcome.leaver == 0 and outcome.expelled == players[0].pk
    assert outcome.sides[0].place == 4 and sorted(s.place for s in outcome.sides) == [1, 2, 3, 4]
    assert not outcome.progressed
    replayed = engine.replay(engine.build_record(snapshots.full_state(table)))
    assert replayed["ok"] and replayed["end"] == {"reason": "strikes", "seat": "0"} and replayed["places"][0] == 4


def test_a_played_action_names_a_string_seat_and_a_wrong_turn_is_refused(
        players, django_capture_on_commit_callbacks, monkeypatch):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch)
    state = state_of(table)
    tile = engine.view(state, "0")["hand"][0]
    with pytest.raises(engine.IllegalAction) as error:
        services.submit(table_id=table.pk, user=players[1], action={"type": "discard", "tile": tile})
    assert error.value.code == "not_your_turn"
    services.submit(table_id=table.pk, user=players[0], action={"type": "discard", "tile": tile})
    assert engine.view(state_of(table), None)["rivers"][0][0]["tile"] == tile


@pytest.mark.parametrize("options", [{"length": "short"}, {"uma": [1, 2, 3, 4]}, {"clock": "reserve"},
                                     {"red_fives": "yes"}, {"colour": "red"}])
def test_bad_riichi_options_are_refused(players, options):
    with pytest.raises(TableError) as error:
        services.create_table(user=players[0], game="riichi", options=options)
    assert error.value.code == "bad_options"


def test_the_results_window_closes_once_all_four_said_go_on(players, django_capture_on_commit_callbacks,
                                                             monkeypatch):
    table = seated_table(players, django_capture_on_commit_callbacks, monkeypatch)
    by_seat = dict(zip(SEATS, players))
    rng = random.Random(3)
    while (state := state_of(table)).phase != "round_over":
        pending = game.pending_decisions(engine.view(state, None))
        seat = next(iter(pending))
        services.submit(table_id=table.pk, user=by_seat[seat],
                        action=choose_action(engine.view(state, seat), "normal", rng))
    hands = len(state.game.results)
    for seat in SEATS[:3]:
        assert not services.go_on(table_id=table.pk, user=by_seat[seat])
        assert state_of(table).phase == "round_over", "the window closed before everyone said go on"
    assert not services.go_on(table_id=table.pk, user=by_seat[SEATS[0]]), "said twice, it counts once"
    assert services.go_on(table_id=table.pk, user=by_seat[SEATS[3]])
    state = state_of(table)
    assert state.phase == "play" and len(state.game.results) == hands, "the next hand is dealt"
