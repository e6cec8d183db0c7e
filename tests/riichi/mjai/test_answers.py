"""mjai answers into our legal actions: every legal action an mjai bot could name comes back
as itself; anything else is refused, and the default stands in with a legal move."""

import random

from hypothesis import given, settings, strategies as st

from riichi import engine
from riichi.mjai import default_action, to_action, to_mjai

from .helpers import as_answer, random_match


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_spelled_in_mjai_comes_back_as_itself(seed):
    kinds = set()
    for state in random_match(random.Random(seed), rounds=2):
        for seat in range(4):
            view = engine.view(state, seat)
            legal = view["legal_actions"]
            for action in legal:
                answer, riichi = as_answer(action, view)
                assert to_action(answer, legal, riichi) == action
                kinds.add(answer["type"])
            if legal:
                assert default_action(view) in legal
    assert {"dahai", "none"} <= kinds


def _turn_view():
    for state in random_match(random.Random(5), rounds=1):
        view = engine.view(state, state.turn)
        if state.step == "discard" and view["drawn"] and not state.riichi[state.turn]:
            return view
    raise AssertionError("no turn found")


def test_answers_that_are_no_legal_action_are_refused():
    view = _turn_view()
    legal = view["legal_actions"]
    held = view["hand"]
    missing = next(t for t in ("1z", "2z", "3z", "4z", "5z", "6z", "7z", "9m", "1p") if t not in held)
    for answer in (None, "dahai", [], {}, {"type": "none"}, {"type": "dahai"}, {"type": "dahai", "pai": "9z"},
                   {"type": "dahai", "pai": to_mjai(missing)}, {"type": "pon", "pai": "E", "consumed": ["E", "E"]},
                   {"type": "ankan", "consumed": "EEEE"}, {"type": "hora"}, {"type": "reach"}, {"type": 3}):
        assert to_action(answer, legal) is None, answer
    # a riichi discard of a tile that leaves no tenpai is refused too
    assert to_action({"type": "dahai", "pai": to_mjai(view["drawn"])}, legal, riichi=True) is (
        next((a for a in legal if a.get("riichi") and a["tile"] == view["drawn"]), None))


def test_the_default_is_tsumogiri_on_a_turn_and_a_pass_in_a_call_window():
    view = _turn_view()
    assert default_action(view) == {"seat": view["seat"], "type": "discard", "tile": view["drawn"]}
    for state in random_match(random.Random(7)):
        if state.phase == "play" and state.step == "calls":
            seat = int(next(iter(state.window["options"])))
            assert default_action(engine.view(state, seat)) == {"seat": seat, "type": "pass"}
            return
    raise AssertionError("no call window found")
