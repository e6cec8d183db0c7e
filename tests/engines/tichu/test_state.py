"""The state: JSON round trip, immutability, and an engine free of Django."""

import json
import subprocess
import sys

from games.engines.tichu import apply, from_json, to_json
from games.engines.tichu.errors import MESSAGES, IllegalAction
from games.engines.tichu.state import FIELDS

from .helpers import play, rejected, table


def test_json_round_trip_is_lossless():
    state = play(table(S=["mahjong", "jade-2", "phoenix"]), "S", "mahjong", wish="7")
    assert from_json(to_json(state)) == state
    assert from_json(json.dumps(to_json(state))) == state


def test_apply_never_changes_the_state_it_was_given():
    state = table(S=["mahjong", "jade-2"])
    snapshot = json.dumps(to_json(state))
    new, events = apply(state, {"seat": "S", "type": "play", "cards": ["mahjong"]})
    assert json.dumps(to_json(state)) == snapshot and new != state
    assert events[0]["type"] == "play"


def test_evolve_copies_every_field():
    """``evolve`` names the fields one by one (slots, for speed): a field added to ``FIELDS``
    but not to ``evolve`` would be lost."""
    state = table(S=["mahjong", "jade-2"])
    for index, name in enumerate(FIELDS):
        setattr(state, name, ("marker", index))
    copy = state.evolve()
    assert copy is not state and copy == state
    assert all(getattr(copy, name) == ("marker", index) for index, name in enumerate(FIELDS))


def test_an_illegal_action_leaves_the_state_alone():
    state = table(S=["mahjong", "jade-2"])
    assert rejected(state, {"seat": "E", "type": "pass"}) == "not_your_turn"


def test_errors_carry_a_code_an_english_message_and_params():
    error = IllegalAction("not_in_hand", card="jade-7")
    assert error.code == "not_in_hand"
    assert error.message == "You do not hold this card: jade-7"
    assert error.params == {"card": "jade-7"}
    assert all(message.count("%(") == message.count(")s") for message in MESSAGES.values())


def test_the_engine_does_not_import_django():
    code = "import sys, games.engines.tichu; print('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_malformed_actions_are_refused_with_a_code():
    state = table(S=["mahjong", "jade-2"])
    assert rejected(state, "pass") == "bad_action"
    assert rejected(state, {"seat": "S"}) == "bad_action"
    assert rejected(state, {"seat": "S", "type": "fly"}) == "unknown_action"
    assert rejected(state, {"seat": "X", "type": "pass"}) == "bad_seat"
    assert rejected(state, {"seat": ["S"], "type": "pass"}) == "bad_seat"
    assert rejected(state, {"seat": "S", "type": "pass", "cards": []}) == "bad_action"
    assert rejected(state, {"seat": "S", "type": "play", "cards": "mahjong"}) == "bad_action"
    assert rejected(state, {"seat": "S", "type": "play", "cards": [["mahjong"]]}) == "unknown_card"
    assert rejected(state, {"type": "collect", "seat": "S"}) == "bad_action"
