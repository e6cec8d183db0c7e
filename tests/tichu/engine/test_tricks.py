"""Tricks, passing, the bomb window and collecting (tichu.md "Tricks and passing")."""

from .helpers import collect, pass_, play, rejected, table


def test_the_trick_waits_for_collect_after_all_others_passed():
    """tichu.md "Bomb window": the trick is not collected at once."""
    state = play(table(S=["jade-K", "jade-3"]), "S", "jade-K")
    for seat in "ENW":
        state = pass_(state, seat)
    assert state.window and state.turn is None and state.trick


def test_collect_is_refused_while_a_player_can_still_answer():
    state = play(table(S=["jade-K", "jade-3"]), "S", "jade-K")
    state = pass_(state, "E")
    assert rejected(state, {"type": "collect"}) == "nothing_to_collect"


def test_the_last_player_takes_the_trick_and_leads_next():
    """Seed 001 4.4: whoever wins the trick plays the next lead."""
    state = play(table(S=["jade-3", "jade-2"], E=["jade-K", "jade-4"]), "S", "jade-3")
    state = play(state, "E", "jade-K")
    for seat in "NWS":
        state = pass_(state, seat)
    state = collect(state)
    assert state.turn == 1 and state.won[1] & (1 << (13 * 4)) and not state.trick


def test_the_lead_goes_on_when_the_trick_winner_is_out():
    """tichu.md: if the winner is out, the next player in turn order with cards leads."""
    state = play(table(S=["jade-3", "jade-2"], E=["jade-K"]), "S", "jade-3")
    state = play(state, "E", "jade-K")
    for seat in "NWS":
        state = pass_(state, seat)
    state = collect(state)
    assert state.turn == 2


def test_a_finished_players_trick_still_waits_for_the_others_to_pass():
    """tichu.md: a trick ends when all other players still holding cards have passed."""
    state = play(table(S=["jade-3", "jade-2"], E=["jade-K"]), "S", "jade-3")
    state = play(state, "E", "jade-K")
    state = pass_(state, "N")
    state = pass_(state, "W")
    assert not state.window and state.turn == 0


def test_players_who_are_out_are_skipped():
    state = play(table(S=["jade-3", "jade-2"], out=("E",)), "S", "jade-3")
    assert state.turn == 2


def test_the_leader_cannot_pass():
    """Seed 001 4.6.1 FAQ: the Mahjong's holder must begin, passing is not allowed."""
    assert rejected(table(S=["mahjong", "jade-3"]), {"seat": "S", "type": "pass"}) == "cannot_pass_lead"


def test_a_pass_out_of_turn_is_refused():
    state = table(S=["jade-3", "jade-2"])
    state = play(state, "S", "jade-3")
    assert rejected(state, {"seat": "N", "type": "pass"}) == "not_your_turn"


def test_a_play_out_of_turn_is_refused():
    state = table(S=["jade-3", "jade-2"], E=["jade-4", "jade-5"])
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["jade-4"]}) == "not_your_turn"


def test_play_passes_to_the_right_south_east_north_west():
    """Seed 000 "Sitzplätze und Teams": from South to East, then North, West, South."""
    state = play(table(S=["jade-3", "jade-2"], E=["jade-4", "jade-5"], N=["jade-6", "jade-7"],
                       W=["jade-8", "jade-9"]), "S", "jade-3")
    assert state.turn == 1
    state = play(state, "E", "jade-4")
    assert state.turn == 2
    state = play(state, "N", "jade-6")
    assert state.turn == 3
    state = play(state, "W", "jade-8")
    assert state.turn == 0
