"""The engines' one state idiom (gamekit.state): a copy to change shares every value but the
fields its engine changes in place, which it copies one level; equality reads the fields."""

import pytest

from daifugo.engine.state import State as DaifugoState
from gamekit.state import EngineState
from riichi.engine.state import State as RiichiState
from riichi.table_engine import TableState
from tests.dummygame.engine import State as DummyState
from tichu.engine.state import State as TichuState


class Hand(EngineState, copied=("river",)):
    __slots__ = ("turn", "tiles", "river")

    def __init__(self, turn, tiles, river):
        self.turn, self.tiles, self.river = turn, tiles, river


def test_a_copy_shares_the_values_and_copies_one_level_of_the_fields_changed_in_place():
    first = Hand(0, (1, 2, 3), [[4], [5]])
    second = first.evolve()
    assert second == first and second is not first
    assert second.tiles is first.tiles
    assert second.river is not first.river and second.river[0] is first.river[0]
    second.river[1] = [6]
    second.turn = 1
    assert (first.turn, first.river) == (0, [[4], [5]])
    assert second != first


def test_but_replaces_the_named_fields_of_a_copy():
    first = Hand(0, (1, 2, 3), [])
    second = first.but(turn=2, tiles=())
    assert (second.turn, second.tiles, first.turn, first.tiles) == (2, (), 0, (1, 2, 3))


def test_a_field_copied_must_be_a_field():
    with pytest.raises(TypeError, match="rivers"):
        class Broken(EngineState, copied=("rivers",)):
            __slots__ = ("river",)


@pytest.mark.parametrize("state", [TichuState, DaifugoState, RiichiState, TableState, DummyState])
def test_every_engine_keeps_its_state_this_way(state):
    assert issubclass(state, EngineState) and "__dict__" not in dir(state)
    assert set(state.__slots__) <= set(state.copy_fields.__code__.co_names)
