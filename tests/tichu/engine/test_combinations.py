"""Combinations and how they compare (tichu.md "Combinations"; seed 000 "Kartenkombinationen"
and FAQ "Kombinationen"; seed 001 4.4)."""

from .helpers import collect, pass_, play, rejected, table


def test_a_play_must_have_the_kind_and_size_of_the_lead():
    """Seed 001 4.4: pairs were led, so three queens may not be played."""
    state = table(S=["jade-4", "sword-4", "jade-K"], E=["jade-Q", "sword-Q", "star-Q", "jade-2"])
    state = play(state, "S", "jade-4", "sword-4")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["jade-Q", "sword-Q", "star-Q"]}) == "does_not_match"
    state = play(state, "E", "jade-Q", "sword-Q")
    assert state.trick[-1][0] == 1


def test_a_player_may_play_again_after_passing_in_the_same_trick():
    """Seed 001 4.4: A 44, B 55, C passes, D 10 10, A passes, B JJ, C KK wins."""
    state = table(S=["jade-4", "sword-4", "jade-2"], E=["jade-5", "sword-5", "jade-J", "sword-J", "jade-3"],
                  N=["jade-K", "sword-K", "star-3"], W=["jade-10", "sword-10", "star-2"])
    state = play(state, "S", "jade-4", "sword-4")
    state = play(state, "E", "jade-5", "sword-5")
    state = pass_(state, "N")
    state = play(state, "W", "jade-10", "sword-10")
    state = pass_(state, "S")
    state = play(state, "E", "jade-J", "sword-J")
    state = play(state, "N", "jade-K", "sword-K")
    for seat in "WSE":
        state = pass_(state, seat)
    state = collect(state)
    assert state.turn == 2


def test_a_longer_straight_does_not_beat_a_shorter_one():
    """Seed 000 FAQ "Schlägt eine längere Strasse eine kürzere?" and seed 001 4.4."""
    state = table(S=["jade-2", "sword-3", "star-4", "jade-5", "sword-6", "jade-K"],
                  E=["jade-3", "star-5", "sword-4", "star-6", "jade-7", "sword-8", "star-9", "jade-10", "sword-J"])
    state = play(state, "S", "jade-2", "sword-3", "star-4", "jade-5", "sword-6")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["jade-3", "sword-4", "star-5", "star-6", "jade-7", "sword-8", "star-9", "jade-10", "sword-J"]}) == "does_not_match"
    state = play(state, "E", "jade-3", "sword-4", "star-5", "star-6", "jade-7")
    assert state.trick[-1][0] == 1


def test_a_straight_is_beaten_by_a_higher_straight_of_the_same_length():
    """Seed 001 4.4: on 3..J only 4..Q, 5..K, 6..A."""
    low = ["jade-3", "sword-4", "star-5", "jade-6", "sword-7", "star-8", "jade-9", "sword-10", "star-J"]
    high = ["sword-6", "star-7", "jade-8", "sword-9", "star-10", "jade-J", "sword-Q", "star-K", "jade-A"]
    state = play(table(S=low + ["pagoda-2"], E=high + ["pagoda-3"]), "S", *low)
    state = play(state, "E", *high)
    assert state.trick[-1][1][2] == 14


def test_consecutive_pairs_need_the_same_number_of_pairs():
    """Seed 001 4.4.6: on 22 33 a run of three pairs may not be played."""
    state = table(S=["jade-2", "sword-2", "jade-3", "sword-3", "jade-K"],
                  E=["jade-6", "sword-6", "jade-7", "sword-7", "jade-8", "sword-8", "jade-A"])
    state = play(state, "S", "jade-2", "sword-2", "jade-3", "sword-3")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["jade-6", "sword-6", "jade-7", "sword-7", "jade-8", "sword-8"]}) == "does_not_match"
    state = play(state, "E", "jade-7", "sword-7", "jade-8", "sword-8")
    assert state.trick[-1][1][2] == 8


def test_consecutive_pairs_have_no_gaps():
    """Seed 001 4.4.6: 22 33 55 66 cannot be played together."""
    cards = ["jade-2", "sword-2", "jade-3", "sword-3", "jade-5", "sword-5", "jade-6", "sword-6"]
    assert rejected(table(S=cards + ["jade-K"]), {"seat": "S", "type": "play", "cards": cards}) == "not_a_combination"


def test_triples_in_a_row_are_not_consecutive_pairs():
    """Seed 001 4.4.6 FAQ "Darf ich auch 333 444 555 legen?" — no."""
    cards = ["jade-3", "sword-3", "star-3", "jade-4", "sword-4", "star-4"]
    assert rejected(table(S=cards + ["jade-K"]), {"seat": "S", "type": "play", "cards": cards}) == "not_a_combination"


def test_a_full_house_ranks_by_its_triple():
    """Seed 000 FAQ and tichu.md: Q-Q-Q-9-9 beats J-J-J-A-A; seed 001: 22888 beats KK555."""
    state = table(S=["jade-J", "sword-J", "star-J", "jade-A", "sword-A", "jade-2"],
                  E=["jade-Q", "sword-Q", "star-Q", "jade-9", "sword-9", "jade-3"])
    state = play(state, "S", "jade-J", "sword-J", "star-J", "jade-A", "sword-A")
    state = play(state, "E", "jade-Q", "sword-Q", "star-Q", "jade-9", "sword-9")
    assert state.trick[-1][0] == 1


def test_four_of_a_kind_and_the_phoenix_is_not_a_full_house():
    """Seed 000 FAQ "Können vier Karten desselben Werts und der Phönix ein Full House bilden?"."""
    cards = ["jade-7", "sword-7", "pagoda-7", "star-7", "phoenix"]
    assert rejected(table(S=cards + ["jade-K"]), {"seat": "S", "type": "play", "cards": cards}) == "not_a_combination"


def test_five_consecutive_cards_of_one_suit_are_always_a_bomb():
    """Seed 000 FAQ "Kann ich fünf aufeinanderfolgende Karten derselben Farbe als normale
    Strasse ... spielen?" — no: it is a straight-flush bomb."""
    flush = ["sword-5", "sword-6", "sword-7", "sword-8", "sword-9"]
    state = play(table(S=flush + ["jade-K"]), "S", *flush)
    assert state.trick[-1][1][0] == 7


def test_a_mixed_straight_containing_a_one_suit_run_is_a_normal_straight():
    """tichu.md: only a straight of one suit throughout is a bomb."""
    cards = ["sword-5", "sword-6", "sword-7", "sword-8", "sword-9", "jade-10"]
    state = play(table(S=cards + ["jade-K"]), "S", *cards)
    assert state.trick[-1][1][0] == 5


def test_the_mahjong_is_the_1_of_a_straight():
    """Seed 001 4.6.1: Mhj 2 3 4 5; tichu.md: with the Mahjong it is a normal straight."""
    cards = ["mahjong", "sword-2", "sword-3", "sword-4", "sword-5"]
    state = play(table(S=cards + ["jade-K"]), "S", *cards)
    assert state.trick[-1][1][:3] == (5, 5, 5)


def test_a_straight_ends_at_the_ace():
    """Seed 001 4.6.1 FAQ "Bube Dame König As Mahjongg?" — no."""
    cards = ["jade-J", "sword-Q", "star-K", "jade-A", "mahjong"]
    assert rejected(table(S=cards + ["jade-2"]), {"seat": "S", "type": "play", "cards": cards}) == "not_a_combination"


def test_a_straight_needs_five_cards():
    """Seed 001 4.4.5: four are not enough."""
    cards = ["jade-2", "sword-3", "star-4", "jade-5"]
    assert rejected(table(S=cards + ["jade-K"]), {"seat": "S", "type": "play", "cards": cards}) == "not_a_combination"


def test_suits_never_break_ties():
    """Seed 000: suits never decide a tie; seed 001 4.3: a blue ace equals a red one."""
    state = table(S=["jade-A", "jade-K"], E=["star-A", "jade-2"])
    state = play(state, "S", "jade-A")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["star-A"]}) == "does_not_beat"


def test_a_triple_is_beaten_by_a_higher_triple():
    """Seed 001 4.4.3: 333 < 444, 999 < JJJ, QQQ < KKK."""
    state = table(S=["jade-Q", "sword-Q", "star-Q", "jade-2"], E=["jade-K", "sword-K", "star-K", "jade-3"])
    state = play(state, "S", "jade-Q", "sword-Q", "star-Q")
    state = play(state, "E", "jade-K", "sword-K", "star-K")
    assert state.trick[-1][0] == 1


def test_cards_not_in_the_hand_are_rejected():
    state = table(S=["jade-A", "jade-K"])
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["star-A"]}) == "not_in_hand"
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["jade-A", "jade-A"]}) == "duplicate_card"
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["jade-1"]}) == "unknown_card"
