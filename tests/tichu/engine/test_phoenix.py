"""The Phoenix (tichu.md "Phoenix"; seed 000 "Phönix"; seed 001 4.6.3)."""

import pytest

from tichu.engine import legal_actions

from .helpers import play, rejected, table


def test_a_led_phoenix_is_1_5_a_2_beats_it_the_mahjong_does_not():
    """Seed 001 4.6.3 FAQ "Wie hoch ist der Wert dann? 0,5?" — 1.5."""
    state = table(S=["phoenix", "jade-K"], E=["mahjong", "jade-2", "jade-3"])
    state = play(state, "S", "phoenix")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["mahjong"]}) == "does_not_beat"
    state = play(state, "E", "jade-2")
    assert state.trick[-1][0] == 1


def test_the_phoenix_is_half_a_rank_above_the_single_it_beats():
    """Seed 001 4.6.3: Phoenix on a 10 is 10½; a J beats it, another 10 does not."""
    state = table(S=["jade-10", "jade-K"], E=["phoenix", "jade-2"], N=["sword-10", "jade-J"])
    state = play(state, "S", "jade-10")
    state = play(state, "E", "phoenix")
    assert rejected(state, {"seat": "N", "type": "play", "cards": ["sword-10"]}) == "does_not_beat"
    state = play(state, "N", "jade-J")
    assert state.trick[-1][0] == 2


def test_the_phoenix_beats_an_ace_but_never_the_dragon():
    """Seed 000 "Phönix" and seed 001 4.6.3: A½ exists; the Dragon stays above."""
    state = table(S=["jade-A", "jade-K"], E=["phoenix", "jade-2"], N=["dragon", "jade-3"])
    state = play(state, "S", "jade-A")
    state = play(state, "E", "phoenix")
    state = play(state, "N", "dragon")
    state = table(S=["dragon", "jade-K"], E=["phoenix", "jade-2"])
    state = play(state, "S", "dragon")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["phoenix"]}) == "does_not_beat"


def test_the_phoenix_fills_a_gap_in_a_straight():
    """Seed 001 4.6.3: 2 3 4 Ph 6."""
    state = table(S=["jade-2", "sword-3", "star-4", "phoenix", "jade-6", "jade-K"])
    state = play(state, "S", "jade-2", "sword-3", "star-4", "phoenix", "jade-6")
    assert state.trick[-1][1][:3] == (5, 5, 6)


def test_the_phoenix_cannot_be_the_1_of_a_straight():
    """Seed 001 4.6.3 FAQ "Kann ich den Phönix als 1 ... spielen?" — no."""
    cards = ["phoenix", "jade-2", "sword-3", "star-4", "jade-5"]
    state = table(S=cards + ["jade-K"])
    state = play(state, "S", *cards)
    assert state.trick[-1][1][2] == 6
    assert rejected(table(S=cards + ["jade-K"]), {"seat": "S", "type": "play", "cards": cards, "phoenix": "A"}) == "bad_phoenix"


def test_the_phoenix_cannot_extend_a_straight_beyond_the_ace():
    """Seed 001 4.6.3: a straight ends at the ace at the latest."""
    cards = ["jade-10", "sword-J", "star-Q", "jade-K", "jade-A", "phoenix"]
    state = table(S=cards + ["jade-2"])
    state = play(state, "S", *cards)
    assert state.trick[-1][1][2] == 14 and state.trick[-1][1][4] == 9


def test_the_phoenix_is_never_part_of_a_bomb():
    """Seed 000 FAQ "Darf der Phönix Teil einer Bombe sein?": three 7s and the Phoenix are
    no bomb (and no other combination)."""
    state = table(S=["jade-7", "sword-7", "pagoda-7", "phoenix", "jade-2"])
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["jade-7", "sword-7", "pagoda-7", "phoenix"]}) == "not_a_combination"


def test_it_takes_the_named_rank_when_ambiguous():
    """tichu.md: when the Phoenix's rank is ambiguous the player names it."""
    cards = ["jade-3", "sword-4", "star-5", "jade-6", "phoenix"]
    state = play(table(S=cards + ["jade-K"]), "S", *cards, phoenix="2")
    assert state.trick[-1][1][2] == 6


def test_it_takes_the_highest_legal_reading_when_not_named():
    """records.md: absent ``phoenix``, the highest reading legal at that moment is taken."""
    cards = ["jade-3", "sword-4", "star-5", "jade-6", "phoenix"]
    state = play(table(S=cards + ["jade-K"]), "S", *cards)
    assert state.trick[-1][1][2] == 7
    house = ["jade-7", "sword-7", "jade-9", "sword-9", "phoenix"]
    state = play(table(S=house + ["jade-K"]), "S", *house)
    assert state.trick[-1][1][2] == 9


def test_the_highest_reading_is_the_highest_that_beats_the_table():
    """records.md: "legal at that moment" — a lower reading that beats wins over none."""
    state = table(S=["jade-8", "sword-8", "star-8", "jade-2", "sword-2", "jade-K"],
                  E=["jade-7", "sword-7", "jade-9", "sword-9", "phoenix", "jade-3"])
    state = play(state, "S", "jade-8", "sword-8", "star-8", "jade-2", "sword-2")
    state = play(state, "E", "jade-7", "sword-7", "jade-9", "sword-9", "phoenix")
    assert state.trick[-1][1][2] == 9
    assert rejected(table(S=["jade-8", "sword-8", "star-8", "jade-2", "sword-2", "jade-K"],
                          E=["jade-7", "sword-7", "jade-9", "sword-9", "phoenix", "jade-3"]),
                    {"seat": "S", "type": "play", "cards": ["jade-8", "sword-8", "star-8", "jade-2", "sword-2"], "phoenix": "8"}) == "bad_phoenix"


@pytest.mark.parametrize("rank", ["5", "A", "2"])
def test_a_rank_the_combination_cannot_take_is_rejected(rank):
    """records.md: a ``phoenix`` rank the combination cannot take makes the action invalid."""
    state = table(S=["jade-7", "phoenix", "jade-K"])
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["jade-7", "phoenix"], "phoenix": rank}) == "bad_phoenix"


def test_it_completes_pairs_triples_and_full_houses():
    """Seed 001 4.6.3: "33 KKPh", "33Ph KK", "As Ph"."""
    state = table(S=["jade-3", "sword-3", "jade-K", "sword-K", "phoenix", "jade-A"])
    plays = [(tuple(a["cards"]), a.get("phoenix")) for a in legal_actions(state, "S") if a["type"] == "play"]
    hand = ("phoenix", "jade-3", "sword-3", "jade-K", "sword-K")
    assert (hand, "K") in plays and (hand, "3") in plays
    assert (("phoenix", "jade-A"), "A") in plays
