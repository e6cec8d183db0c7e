"""The platform over a game it has never heard of: the dummy game (tests/dummygame), registered
only in the test settings as a plug-in app would be. Frames go through the real socket and
its parse, clocks through the real timekeeping, the end through the game-finished event."""

import json
import time

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games import registry, services, timekeeping
from games.management.commands.replay import replay_text
from games.models import Action, Table
from ratings.models import RatingChange
from tests.conftest import PASSWORD
from tests.games.conftest import finish_dummy, start_dummy
from tests.games.pages import connect, cookie_of, frames_until, open_page, reply

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name, password=PASSWORD) for name in ("ann", "bob", "cid", "dee")]


def _table(table_id) -> Table:
    return Table.objects.get(pk=table_id)


def test_a_frame_of_the_game_goes_through_the_parse_and_the_write_path_and_stays_hidden(players):
    table = start_dummy(players)
    cookies = [cookie_of(user) for user in players[:2]]

    async def scenario():
        ann, bob = await open_page(table, cookies[0]), await open_page(table, cookies[1])
        await ann.send_to(text_data=json.dumps({"cmd": "pick", "n": "7"}))
        assert "</p>" in await reply(ann)  # an empty error line: accepted
        shown_to_bob = "".join(await frames_until(bob, "picked"))
        await ann.disconnect(), await bob.disconnect()
        return shown_to_bob

    shown_to_bob = async_to_sync(scenario)()
    payloads = list(Action.objects.filter(table=table).values_list("payload", flat=True))
    assert payloads[-1] == {"type": "pick", "n": 7, "seat": "A"}
    assert 'data-seat="A"' not in shown_to_bob  # Bob sees that Ann picked, never what


def test_a_frame_no_one_answers_is_refused_and_changes_nothing(players):
    table = start_dummy(players)
    cookie = cookie_of(players[0])

    async def scenario():
        page = await open_page(table, cookie)
        await page.send_to(text_data=json.dumps({"cmd": "grand", "call": "1"}))  # another game's frame
        answer = await reply(page)
        await page.disconnect()
        return answer

    assert "did not understand" in async_to_sync(scenario)()
    assert _table(table.pk).version == table.version


def test_an_illegal_action_links_to_the_games_own_rule(players):
    table = start_dummy(players)
    cookie = cookie_of(players[0])

    async def scenario():
        page = await open_page(table, cookie)
        await page.send_to(text_data=json.dumps({"cmd": "pick", "n": "12"}))
        answer = await reply(page)
        await page.disconnect()
        return answer

    answer = async_to_sync(scenario)()
    assert "Pick a number from 1 to 9." in answer and 'href="/dummy-rules/#bad_pick"' in answer


def test_a_stale_page_is_refused_and_redrawn(players):
    table = start_dummy(players)
    services.submit(table_id=table.pk, action={"type": "pick", "n": 3}, user=players[0])
    services.submit(table_id=table.pk, action={"type": "pick", "n": 4}, user=players[1])
    stale = _table(table.pk).version - 1
    cookie = cookie_of(players[0])

    async def scenario():
        page = await open_page(table, cookie)
        await page.send_to(text_data=json.dumps({"cmd": "raise", "version": str(stale)}))
        answer = await reply(page)
        await page.disconnect()
        return answer

    assert "The table moved on" in async_to_sync(scenario)()
    assert _table(table.pk).snapshot["picks"] == {"A": 3, "B": 4}


def test_a_simultaneous_decision_runs_for_every_seat_and_one_choice_leaves_the_others_running(players):
    table = start_dummy(players, players=4)
    clock = _table(table.pk).clock["decisions"]
    assert set(clock) == {"A", "B", "C", "D"}
    services.submit(table_id=table.pk, action={"type": "pick", "n": 2}, user=players[0])
    after = _table(table.pk).clock["decisions"]
    assert set(after) == {"B", "C", "D"}
    assert all(after[s]["deadline"] == clock[s]["deadline"] for s in after)


def test_a_timed_window_expires_into_the_games_server_action(players):
    table = start_dummy(players)
    services.submit(table_id=table.pk, action={"type": "pick", "n": 3}, user=players[0])
    services.submit(table_id=table.pk, action={"type": "pick", "n": 8}, user=players[1])
    window = _table(table.pk).clock["window"]
    assert window["kind"] == "raise"
    assert timekeeping.run_deadline(table_id=table.pk, now=window["at"] - 0.1, from_beat=True) == 0
    assert timekeeping.run_deadline(table_id=table.pk, now=window["at"], from_beat=True) == 1
    last = Action.objects.filter(table=table).order_by("version").last()
    assert last.payload == {"type": "close"} and last.user is None
    assert _table(table.pk).snapshot["scores"] == {"A": 0, "B": 1}


def test_a_pending_decision_survives_a_reconnect(players):
    table = start_dummy(players)
    deadline = _table(table.pk).clock["decisions"]["A"]["deadline"]
    now = time.time()
    timekeeping.seat_presence(table_id=table.pk, seat="A", online=False, now=now)
    timekeeping.seat_presence(table_id=table.pk, seat="A", online=True, now=now + 1)
    assert _table(table.pk).clock["decisions"]["A"]["deadline"] == deadline
    assert timekeeping.run_deadline(table_id=table.pk, now=deadline, from_beat=True) == 2  # A and B undecided
    engine = registry.get("dummy").engine
    assert engine.view(engine.from_json(_table(table.pk).snapshot), None)["strikes"]["A"] == 1


def test_a_spectator_counts_and_sees_no_choices(players, django_user_model):
    table = start_dummy(players)
    watcher = django_user_model.objects.create_user("eli", password=PASSWORD)
    cookie = cookie_of(watcher)

    async def scenario():
        page = await connect(table, cookie)
        frames = "".join(await frames_until(page, "1 spectator"))
        await page.disconnect()
        return frames

    frames = async_to_sync(scenario)()
    assert 'class="legal"' not in frames


def test_a_finished_game_serves_its_record_which_replays(players):
    table = start_dummy(players)
    finish_dummy(table, players)
    client = Client()
    response = client.get(f"/tables/{table.pk}/record.json?invite={table.invite_code}")
    record = json.loads(response.content)
    assert record["format"] == "dummy-record/1"
    assert replay_text(json.dumps(record)) == {"ok": True, "scores": {"A": 2, "B": 0}, "winner": ["A"]}


def test_a_rated_team_game_moves_both_teams_ratings(players):
    table = start_dummy(players, players=4, teams=True, rated=True)
    finish_dummy(table, players)
    changes = {c.user.username: c for c in RatingChange.objects.filter(settlement__game_id=table.pk)}
    assert set(changes) == {"ann", "bob", "cid", "dee"}
    assert changes["ann"].rating_after > changes["ann"].rating_before  # A+C won
    assert changes["cid"].rating_after > changes["cid"].rating_before
    assert changes["bob"].rating_after < changes["bob"].rating_before


def test_a_rated_placement_game_ranks_four_players(players):
    table = start_dummy(players, players=4, rated=True)
    finish_dummy(table, players)
    changes = {c.user.username: c.rating_after - c.rating_before
               for c in RatingChange.objects.filter(settlement__game_id=table.pk)}
    assert changes["ann"] > 0 > changes["bob"]
    assert changes["bob"] == pytest.approx(changes["cid"]) == pytest.approx(changes["dee"])  # tied last


def test_the_lobby_offers_the_plugged_in_game(client, players):
    client.force_login(players[0])
    html = client.get("/lobby/").content.decode()
    assert 'action="/lobby/tables/new/dummy/"' in html and 'action="/lobby/tables/practice/dummy/"' in html
    response = client.post("/lobby/tables/practice/dummy/", {"dummy-practice-players": "2",
                                                             "dummy-practice-strength": "normal"})
    table = Table.objects.get(game="dummy")
    assert response.status_code == 302 and table.status == Table.Status.PLAYING and table.private


def test_a_game_that_leaves_out_part_of_the_contract_cannot_be_made(players):
    """A game app without, say, its outcome fails when its AppConfig declares it, not when
    its first table ends."""
    import dataclasses

    from tests.dummygame.game import DUMMY

    parts = {f.name: getattr(DUMMY, f.name) for f in dataclasses.fields(DUMMY)}
    del parts["outcome"]
    with pytest.raises(TypeError, match="outcome"):
        registry.Game(**parts)
    registry.Game(**parts, outcome=DUMMY.outcome)
