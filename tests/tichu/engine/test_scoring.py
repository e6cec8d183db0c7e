"""End of hand and scoring (tichu.md "End of hand and scoring"; seed 000 "Wertung" and FAQ
"Rundenwertung"; seed 001 5)."""

import random

import pytest

from tichu.engine import IllegalAction, new_game, next_hand, shuffled_deal
from tichu.engine.cards import FULL_DECK, points_of

from .helpers import act, play, table


def test_the_56_cards_are_worth_100_points():
    """Seed 000 "Wertung" and seed 001 5.1: 5s, 10s, kings, Dragon +25, Phoenix -25."""
    assert points_of(FULL_DECK) == 100


def test_a_double_victory_scores_200_and_no_card_points():
    """Seed 000 "Eine Ausnahme" and seed 001 5.3.4."""
    state = play(table(S=["jade-3"], out=("N",)), "S", "jade-3")
    result = state.results[-1]
    assert result["double_victory"] and result["out"] == ["N", "S"]
    assert result["card_points"] == {"NS": 0, "EW": 0}
    assert result["score"] == {"NS": 200, "EW": 0}
    assert state.phase == "hand_over"


def test_calls_still_count_in_a_double_victory():
    """Seed 000 FAQ "Entfallen Tichu-Boni bei einem Doppelsieg?" — no; seed 001 5.3.4: 300
    with a small Tichu, 400 with a Grand Tichu."""
    state = table(S=["jade-3"], out=("N",))
    state = state.evolve()
    state.calls = (None, None, "grand", None)
    state = play(state, "S", "jade-3")
    assert state.results[-1]["score"] == {"NS": 400, "EW": 0}
    assert state.results[-1]["called_ok"] == {"N": True}


def test_the_hand_ends_when_three_are_out_and_the_fourth_stops_mid_trick():
    """Seed 000 "Eine Runde beenden": the fourth stops at once."""
    state = play(table(S=["jade-3"], out=("E", "N")), "S", "jade-3")
    assert state.phase == "hand_over" and state.results[-1]["out"] == ["E", "N", "S"]
    assert not state.trick


def test_the_last_players_tricks_go_to_the_first_out_whatever_the_team():
    """Seed 000 FAQ "Wer erhält die gewonnenen Stiche des letzten Spielers?"; seed 001 5.3.5."""
    state = table(S=["jade-3"], W=["jade-4", "jade-2"], out=("E", "N"))
    piles = state.won
    state = play(state, "S", "jade-3")
    assert state.results[-1]["card_points"]["EW"] == points_of(piles[1] | piles[3])


def test_the_last_players_hand_cards_go_to_the_opponents():
    """Seed 000 FAQ "Was passiert mit den restlichen Handkarten des letzten Spielers?"."""
    state = table(S=["jade-3"], W=["jade-K", "sword-10", "jade-2"], out=("E", "N"))
    piles = state.won
    state = play(state, "S", "jade-3")
    ns = points_of(piles[0] | piles[2]) + 20
    assert state.results[-1]["card_points"] == {"NS": ns, "EW": 100 - ns}


def test_the_trick_on_the_table_goes_to_its_top_player_at_hand_end():
    """tichu.md: the trick lying on the table when the hand ends goes to the player whose
    play is on top; no bomb window and no collect."""
    state = table(S=["jade-5", "jade-A"], W=["jade-K"], out=("N", "E"))
    piles = state.won
    state = play(state, "S", "jade-5")
    state = play(state, "W", "jade-K")
    assert state.phase == "hand_over"
    assert state.results[-1]["card_points"]["EW"] == points_of(piles[1] | piles[3]) + 15


def test_a_dragon_on_top_at_hand_end_is_given_before_scoring():
    """tichu.md: if the top play is the Dragon its player gives it to an opponent first."""
    state = table(S=["dragon"], W=["jade-K", "jade-2"], out=("E", "N"))
    state = play(state, "S", "dragon")
    assert state.phase == "play" and state.gift_by == 0 and state.ending
    state = act(state, "S", "gift", to="E")
    assert state.phase == "hand_over"
    assert sum(state.results[-1]["card_points"].values()) == 100


def test_no_gift_after_a_double_victory():
    """tichu.md: after a double victory nothing is given."""
    state = play(table(S=["dragon"], out=("N",)), "S", "dragon")
    assert state.phase == "hand_over" and state.gift_by is None


def test_card_points_of_both_teams_sum_to_100():
    """Seed 000 "Wertung": all cards together are worth 100."""
    state = play(table(S=["jade-3"], out=("E", "N")), "S", "jade-3")
    assert sum(state.results[-1]["card_points"].values()) == 100


def test_the_game_ends_when_a_team_reached_the_target_with_more_points():
    """Seed 000 "Das Spiel gewinnen" and seed 001 5.3.3."""
    state = table(S=["jade-3"], out=("N",), target=200)
    state = play(state, "S", "jade-3")
    assert state.phase == "game_over" and state.winner == "NS"
    with pytest.raises(IllegalAction) as caught:
        next_hand(state, shuffled_deal(random.Random(1)))
    assert caught.value.code == "game_over"


def test_a_tie_at_the_target_plays_another_hand():
    """Seed 000: "Bei Gleichstand wird eine weitere Runde gespielt"."""
    state = table(S=["jade-3"], out=("N",), target=200)
    state = state.evolve()
    state.totals = (0, 200)
    state = play(state, "S", "jade-3")
    assert state.totals == (200, 200) and state.phase == "hand_over" and state.winner is None
    state = next_hand(state, shuffled_deal(random.Random(2)))
    assert state.phase == "grand" and state.hand_no == 1


def test_a_short_game_is_played_to_500():
    """Seed 000: 1000 points, or 500 in the short format."""
    assert new_game({"target": 500}, shuffled_deal(random.Random(3))).target == 500


def test_next_hand_is_refused_while_the_hand_runs():
    state = table(S=["jade-3", "jade-4"])
    with pytest.raises(IllegalAction) as caught:
        next_hand(state, shuffled_deal(random.Random(1)))
    assert caught.value.code == "hand_not_over"
