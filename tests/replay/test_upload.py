"""Opening a record file in the viewer through the real form: a valid record of any game is
stepped through like a finished table; anything else gets replay's own message."""

import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from daifugo import engine as daifugo_engine
from daifugo.bots import choose_action as daifugo_choice
from games.management.commands.replay import replay_text
from tests.replay.pages import nav_link, shown_hands
from tichu import engine as tichu_engine
from tichu.bots import choose_action as tichu_choice

pytestmark = pytest.mark.django_db


def played(engine, choose, state, seats, deal, hands: int) -> dict:
    """A record of `hands` hands played by bots on their own views; when nobody is to act,
    the server's move (Tichu's bomb window closing, Daifugo's forced gives)."""
    rng = random.Random(len(seats))
    while len(state.results) < hands:
        if state.phase == "hand_over":
            state = engine.next_hand(state, deal())
            continue
        actions = engine.server_actions(state) if hasattr(engine, "server_actions") else []
        for seat in seats:
            if actions:
                break
            action = choose(engine.view(state, seat), "beginner", rng)
            actions = [action] if action is not None else []
        for action in actions or [{"type": "collect"}]:
            state, _ = engine.apply(state, action)
    return engine.build_record(state)


@pytest.fixture
def tichu_record() -> dict:
    rng = random.Random(11)
    return played(tichu_engine, tichu_choice, tichu_engine.new_game({"target": 1000}, tichu_engine.shuffled_deal(rng)),
                  "SENW", lambda: tichu_engine.shuffled_deal(rng), hands=1)


@pytest.fixture
def daifugo_record() -> dict:
    rng = random.Random(12)
    state = daifugo_engine.new_game({"players": 4, "hands": 4, "revolution": True}, daifugo_engine.shuffled_deal(rng, 4))
    return played(daifugo_engine, daifugo_choice, state, "1234", lambda: daifugo_engine.shuffled_deal(rng, 4), hands=2)


def upload(client, content: bytes, name="game.json"):
    return client.post("/replay/open/", {"record": SimpleUploadedFile(name, content, "application/json")})


def test_an_uploaded_tichu_record_steps_like_a_table(client, tichu_record):
    response = upload(client, json.dumps(tichu_record).encode())
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    state = tichu_engine.new_game({"target": 1000}, tichu_record["hands"][0]["deal"])
    for action in tichu_record["hands"][0]["actions"][:40]:
        page = client.get(nav_link(page, "next-step")).content.decode()
        state, _ = tichu_engine.apply(state, action)
        assert shown_hands(page) == {seat: tichu_engine.view(state, seat)["hand"] for seat in "SENW"}
    assert "Seat S" in page and "Replay of a Tichu record" in page


def test_an_uploaded_daifugo_record_shows_the_second_hand_with_its_exchange(client, daifugo_record):
    location = upload(client, json.dumps(daifugo_record).encode())["Location"]
    page = client.get(f"{location}?hand=2&step=0").content.decode()
    assert "Hand 2 of 2" in page
    state = daifugo_engine.new_game({"players": 4, "hands": 4, "revolution": True}, daifugo_record["hands"][0]["deal"])
    for action in daifugo_record["hands"][0]["actions"]:
        state, _ = daifugo_engine.apply(state, action)
    state = daifugo_engine.next_hand(state, daifugo_record["hands"][1]["deal"])
    assert shown_hands(page) == {seat: daifugo_engine.view(state, seat)["hand"] for seat in "1234"}
    page = client.get(nav_link(page, "next-step")).content.decode()
    assert "gives to" in page or "plays:" in page


def test_the_upload_is_kept_in_the_visitors_session_only(client, tichu_record):
    from django.test import Client

    location = upload(client, json.dumps(tichu_record).encode())["Location"]
    assert client.get(location).status_code == 200
    assert Client().get(location).status_code == 404
    assert client.get("/replay/open/not-a-token/").status_code == 404


def broken(record: dict) -> dict:
    record = json.loads(json.dumps(record))
    record["hands"][0]["actions"][5] = {"seat": "S", "type": "play", "cards": ["dragon", "dog"]}
    return record


@pytest.mark.parametrize("content, expected", [
    (b"{not json", "The record is not valid JSON"),
    (b'{"format": "chess-pgn/1"}', "The record format must be one of"),
    (b"\xff\xfe\x00garbage", "The file is not text (UTF-8)"),
    (b'{"format": "tichu-record/1", "target": 1000, "hands": []}', "The record has no hand to show."),
    (b"", "The submitted file is empty."),
])
def test_a_file_that_is_no_record_gets_a_clear_message(client, content, expected):
    response = upload(client, content)
    assert response.status_code == 400
    assert expected in response.content.decode()
    assert "replay_uploads" not in client.session


def test_an_illegal_action_is_named_as_replay_names_it(client, tichu_record):
    text = json.dumps(broken(tichu_record))
    result = replay_text(text)
    assert not result["ok"] and (result["hand"], result["action"]) == (0, 5)
    page = upload(client, text.encode()).content.decode()
    assert "This is not a valid game record. Hand 1, action 6:" in page
    assert f"({result['error']})" in page


def test_a_file_over_the_limit_is_refused_unread(client):
    page = upload(client, b" " * 1_000_001).content.decode()
    assert "The file is larger than 1 MB" in page
