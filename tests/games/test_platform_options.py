"""The platform's own table options (rated, who can join, the clock) are checked once, by the
platform, against what each game allows (Game.rated, public, clocks), and the lobby's table
form asks only where the game leaves a choice. Run over the dummy game, whose declaration
the tests vary, so that no game's rules are needed."""

import dataclasses

import pytest

from games import registry
from games.errors import TableError
from lobby.forms import table_form
from tests.dummygame.game import DUMMY


def _dummy(**declared):
    return dataclasses.replace(DUMMY, **declared)


@pytest.mark.parametrize("options", [
    {"rated": 1}, {"rated": "yes"}, {"private": 0}, {"private": None}, {"clock": "sundial"}, {"clock": 1},
])
def test_an_option_of_the_wrong_kind_is_refused(options):
    with pytest.raises(TableError) as refused:
        _dummy().clean_options(options)
    assert refused.value.code == "bad_options"


def test_a_game_that_allows_less_refuses_the_rest():
    unrated_rooms = _dummy(rated=False, public=False, clocks=("strikes",))
    for options in ({"rated": True}, {"private": False}, {"clock": "reserve"}):
        with pytest.raises(TableError) as refused:
            unrated_rooms.clean_options(options)
        assert refused.value.code == "bad_options"
    assert unrated_rooms.clean_options({"private": True}) == unrated_rooms.default_options | {"private": True}
    assert _dummy().clean_options({"rated": True, "private": True, "clock": "reserve"})["clock"] == "reserve"


def test_the_table_form_asks_only_where_the_game_leaves_a_choice():
    everything = table_form(_dummy())()
    assert [name for name in everything.fields if name in registry.PLATFORM_OPTIONS] == ["rated", "private", "clock"]
    assert [value for value, _ in everything.fields["clock"].choices] == ["strikes", "reserve"]
    rooms = table_form(_dummy(rated=False, public=False, clocks=("strikes",)))()
    assert not set(rooms.fields) & set(registry.PLATFORM_OPTIONS)
    bound = table_form(_dummy())({"players": "2", "rated": "1", "private": "0", "clock": "reserve"})
    assert bound.is_valid()
    assert bound.cleaned_data == {"players": 2, "rated": True, "private": False, "clock": "reserve"}


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_every_registered_game_is_checked_by_what_it_declares(key):
    game = registry.get(key)
    for option in registry.PLATFORM_OPTIONS:
        assert game.default_options[option] in game.allowed(option)
        form = table_form(game)()
        assert (option in form.fields) == (len(game.allowed(option)) > 1)
    if not game.public:
        with pytest.raises(TableError):
            game.clean_options({"private": False})
