"""The state: JSON round trip, immutability, and an engine free of Django."""

import copy
import json
import pickle
import subprocess
import sys

from tichu.engine import apply, from_json, to_json
from tichu.engine.errors import MESSAGES, IllegalAction
from tichu.engine.state import FIELDS

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


def test_the_log_of_appended_actions_reads_as_the_plain_tuple():
    """``apply`` chains each logged action onto the previous log (``State.log``): every state
    along a line, read early or late, copied or pickled, reads the whole log as tuples."""
    state = table(S=["mahjong", "jade-2", "jade-3"], E=["sword-4", "star-9"], N=["jade-K"],
                  W=["pagoda-5"])
    before = state.log[-1][1]
    line = [state]
    for action in ({"seat": "S", "type": "play", "cards": ["mahjong"]},
                   {"seat": "E", "type": "play", "cards": ["sword-4"]},
                   {"seat": "N", "type": "pass"}, {"seat": "W", "type": "pass"}):
        line.append(apply(line[-1], action)[0])
    line[2].log  # read in the middle: the later states chain onto the chain, not onto this
    for index, later in enumerate(line):
        copied, unpickled = copy.deepcopy(later), pickle.loads(pickle.dumps(later))
        assert later.log[:-1] == state.log[:-1] and type(later.log[-1][1]) is tuple
        actions = later.log[-1][1]
        assert actions[:len(before)] == before
        assert [a["type"] for a in actions[len(before):]] == ["play", "play", "pass", "pass"][:index]
        assert copied == later == unpickled


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
    code = "import sys, tichu.engine; print('django' in sys.modules)"
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
