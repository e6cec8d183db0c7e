"""The Dragon (tichu.md "Dragon"; seed 000 "Drache" and FAQ; seed 001 4.6.2)."""

from tichu.engine import legal_actions

from .helpers import act, collect, pass_, play, rejected, table

TWOS = ["jade-2", "sword-2", "pagoda-2", "star-2"]


def _dragon_trick(**hands):
    state = table(**hands)
    state = play(state, "S", "dragon")
    for seat in "ENW":
        state = pass_(state, seat)
    return collect(state)


def test_the_dragon_beats_every_single():
    """Seed 001 4.6.2: the Dragon is the highest single."""
    state = table(S=["jade-A", "jade-3"], E=["dragon", "jade-4"])
    state = play(state, "S", "jade-A")
    state = play(state, "E", "dragon")
    assert state.trick[-1][0] == 1


def test_the_dragon_is_played_only_as_a_single():
    """Seed 000 "Drache": it cannot be combined."""
    state = table(S=["dragon", "jade-A", "sword-A"])
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["dragon", "jade-A"]}) == "not_a_combination"


def test_the_dragon_trick_goes_to_an_opponent_of_its_players_choice():
    """Seed 000 FAQ "Wer erhält einen mit dem Drachen gewonnenen Stich?"."""
    state = _dragon_trick(S=["dragon", "jade-3"])
    assert state.gift_by == 0 and state.turn is None
    assert sorted(a["to"] for a in legal_actions(state, "S")) == ["E", "W"]
    state = act(state, "S", "gift", to="W")
    assert state.won[3] >> 2 & 1


def test_the_dragon_trick_never_goes_to_the_partner():
    """Seed 000 FAQ: "Der eigene Partner darf ihn nie erhalten"."""
    state = _dragon_trick(S=["dragon", "jade-3"])
    assert rejected(state, {"seat": "S", "type": "gift", "to": "N"}) == "gift_to_opponent"
    assert rejected(state, {"seat": "E", "type": "gift", "to": "W"}) == "not_your_turn"


def test_a_bombed_dragon_is_not_given_away():
    """Seed 000 FAQ "Was passiert, wenn eine Bombe den Drachen schlägt?"."""
    state = table(S=["dragon", "jade-3"], W=TWOS + ["jade-4"])
    state = play(state, "S", "dragon")
    state = play(state, "W", *TWOS)
    for seat in "SEN":
        state = pass_(state, seat)
    state = collect(state)
    assert state.gift_by is None and state.won[3] >> 2 & 1 and state.turn == 3
    assert rejected(state, {"seat": "S", "type": "gift", "to": "E"}) == "no_gift_pending"


def test_only_a_tichu_call_may_come_before_the_gift():
    """records.md ``gift``: nothing else but a small Tichu call may happen before it."""
    state = _dragon_trick(S=["dragon", "jade-3"], E=TWOS + ["jade-4"])
    assert rejected(state, {"seat": "S", "type": "play", "cards": ["jade-3"]}) == "gift_pending"
    assert rejected(state, {"seat": "E", "type": "play", "cards": TWOS}) == "gift_pending"
    state = act(state, "N", "tichu")
    assert state.calls[2] == "tichu"


def test_the_dragons_player_keeps_the_lead_after_the_gift():
    """Seed 000 "Drache": if they still have cards they keep the next lead."""
    state = act(_dragon_trick(S=["dragon", "jade-3"]), "S", "gift", to="E")
    assert state.turn == 0


def test_the_lead_passes_on_when_the_dragons_player_is_out():
    """tichu.md "Tricks": the lead goes to the next player who still has cards."""
    state = act(_dragon_trick(S=["dragon"]), "S", "gift", to="E")
    assert state.turn == 1 and state.out == (0,)
