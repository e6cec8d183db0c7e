"""The Dog (tichu.md "Dog"; seed 000 "Hund" and FAQ; seed 001 4.6.4)."""

from .helpers import play, rejected, table


def test_the_dog_passes_the_lead_to_the_partner():
    """Seed 001 4.6.4: A plays the Dog, C (the partner) leads."""
    state = play(table(S=["dog", "jade-3"]), "S", "dog")
    assert state.turn == 2 and state.trick == ()


def test_the_dog_cannot_answer():
    """Seed 000 "Hund": only as the lead of a trick, never as an answer."""
    state = table(S=["jade-3", "jade-K"], E=["dog", "jade-2"])
    state = play(state, "S", "jade-3")
    assert rejected(state, {"seat": "E", "type": "play", "cards": ["dog"]}) == "dog_only_as_lead"


def test_the_dog_cannot_be_combined():
    """Seed 001 4.6.4: it belongs in no combination."""
    assert rejected(table(S=["dog", "jade-3", "sword-3"]), {"seat": "S", "type": "play", "cards": ["dog", "jade-3"]}) == "not_a_combination"


def test_after_the_dog_the_partner_must_lead():
    """Seed 001 4.6.4 FAQ "Kann ich passen?" — no, the Dog forces the partner to lead."""
    state = play(table(S=["dog", "jade-3"]), "S", "dog")
    assert rejected(state, {"seat": "N", "type": "pass"}) == "cannot_pass_lead"


def test_the_dog_lead_goes_past_a_partner_who_is_out():
    """Seed 000 FAQ "Was passiert, wenn ich den Hund spiele und mein Partner schon fertig ist?"."""
    state = play(table(S=["dog", "jade-3"], out=("N",)), "S", "dog")
    assert state.turn == 3


def test_the_dog_can_bring_the_lead_back_to_its_player():
    """Seed 001 4.6.4 FAQ: partner out and the seat after the partner out too: the Dog's
    player leads again."""
    state = play(table(S=["dog", "jade-3"], out=("W", "N")), "S", "dog")
    assert state.turn == 0
