"""The one fold of a record through an engine (gamekit.fold), over a counting engine: each
hand starts at its deal's number and each action adds to it; negative numbers are refused."""

from types import SimpleNamespace

import pytest

from gamekit.fold import final, hand_states, steps
from gamekit.records import InvalidRecord


class Refused(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code, self.message = code, f"refused: {code}"


def _add(state, action):
    if action < 0:
        raise Refused("negative")
    return state + action, [{"added": action}]


COUNTER = SimpleNamespace(new_game=lambda options, deal: deal * options["scale"],
                          next_hand=lambda state, deal: state + deal, apply=_add)
HANDS = [{"deal": 1, "actions": [2, 3]}, {"deal": 10, "actions": [4]}]


def test_every_deal_and_action_is_a_step_with_the_states_around_it():
    walked = list(steps(COUNTER, {"scale": 1}, HANDS))
    assert [(s.hand, s.action_no, s.before, s.action, s.after) for s in walked] == [
        (0, None, None, None, 1), (0, 0, 1, 2, 3), (0, 1, 3, 3, 6),
        (1, None, None, None, 16), (1, 0, 16, 4, 20)]
    assert walked[1].events == [{"added": 2}]
    assert final(steps(COUNTER, {"scale": 2}, HANDS)) == 21 and final(steps(COUNTER, {}, [])) is None


def test_a_hands_states_start_at_its_deal():
    assert hand_states(COUNTER, {"scale": 1}, HANDS, 1) == [16, 20]


def test_a_refused_action_is_an_invalid_record_at_its_place_or_goes_up_as_it_is():
    bad = [{"deal": 1, "actions": [2]}, {"deal": 1, "actions": [5, -1]}]
    with pytest.raises(InvalidRecord) as caught:
        final(steps(COUNTER, {"scale": 1}, bad, illegal=Refused))
    assert (caught.value.hand, caught.value.action, caught.value.code) == (1, 1, "negative")
    with pytest.raises(Refused):
        final(steps(COUNTER, {"scale": 1}, bad))


def test_each_hand_is_checked_before_it_is_dealt():
    def check(h, entry, state):
        if state is not None and state > 5:
            raise InvalidRecord(h, None, "too_high", "too high")
    with pytest.raises(InvalidRecord) as caught:
        final(steps(COUNTER, {"scale": 1}, HANDS, check=check))
    assert caught.value.hand == 1
