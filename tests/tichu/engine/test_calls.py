"""Grand and small Tichu (tichu.md "Calls"; seed 000 "Tichu-Ansagen" and FAQ "TICHU";
seed 001 5.2)."""

from tichu.engine import legal_actions

from .helpers import act, collect, pass_, play, rejected, start, table


def test_small_tichu_can_be_called_after_the_exchange():
    """Seed 000 FAQ "Kann ich nach dem Kartentausch noch ein Kleines Tichu ansagen?" — yes."""
    state = act(start(), "E", "tichu")
    assert state.calls == (None, "tichu", None, None)


def test_small_tichu_can_be_called_when_it_is_not_ones_turn():
    state = play(table(S=["jade-3", "jade-K"]), "S", "jade-3")
    state = act(state, "W", "tichu")
    assert state.calls[3] == "tichu"


def test_small_tichu_can_be_called_during_the_bomb_window():
    state = play(table(S=["jade-3", "jade-K"]), "S", "jade-3")
    for seat in "ENW":
        state = pass_(state, seat)
    state = act(state, "N", "tichu")
    assert state.calls[2] == "tichu" and state.window


def test_small_tichu_is_refused_after_the_first_card():
    """Seed 001 5.2.1: only with all 14 cards still in hand."""
    state = play(start({"S": ["mahjong"]}), "S", "mahjong")
    assert rejected(state, {"seat": "S", "type": "tichu"}) == "too_late_to_call"


def test_one_call_per_player_per_hand():
    """Seed 000: a call can be neither withdrawn nor raised."""
    state = start(grand=("S",))
    assert rejected(state, {"seat": "S", "type": "tichu"}) == "already_called"
    state = act(state, "E", "tichu")
    assert rejected(state, {"seat": "E", "type": "tichu"}) == "already_called"


def test_both_partners_and_opponents_may_call():
    """Seed 001 5.2.3: partners may both call; an opponent may call too (Gegentichu)."""
    state = start()
    for seat in "SENW":
        state = act(state, seat, "tichu")
    assert state.calls == ("tichu",) * 4


def test_a_tichu_succeeds_only_for_the_first_player_out():
    """Seed 000 "Kleines und Grosses Tichu": +100 when the caller goes out first."""
    state = table(S=["jade-3"], out=("E", "N"))
    state = state.evolve()
    state.calls = ("tichu", "tichu", None, None)
    state = play(state, "S", "jade-3")
    result = state.results[-1]
    assert result["calls"] == {"S": "tichu", "E": "tichu"}
    assert result["called_ok"] == {"S": False, "E": True}
    assert result["score"]["EW"] - result["card_points"]["EW"] == 100
    assert result["score"]["NS"] - result["card_points"]["NS"] == -100


def test_a_tichu_fails_when_the_partner_goes_out_first():
    """Seed 000 FAQ "Ist mein Tichu erfolgreich, wenn mein Partner statt mir zuerst fertig
    wird?" — no; seed 001 5.2.3."""
    state = table(S=["jade-3"], out=("N",))
    state = state.evolve()
    state.calls = ("tichu", None, None, None)
    state = play(state, "S", "jade-3")
    assert state.results[-1]["called_ok"] == {"S": False}
    assert state.results[-1]["score"] == {"NS": 100, "EW": 0}


def test_a_grand_tichu_is_worth_200():
    """Seed 000: Grosses Tichu +200/−200."""
    state = table(S=["jade-3"], out=("E", "N"), grand=("W",))
    state = play(state, "S", "jade-3")
    result = state.results[-1]
    assert result["calls"] == {"W": "grand"} and result["called_ok"] == {"W": False}
    assert result["score"]["EW"] == result["card_points"]["EW"] - 200


def test_a_tichu_can_be_called_while_the_dragon_gift_is_pending():
    """tichu.md: also while a Dragon gift is pending."""
    state = play(table(S=["dragon", "jade-3"]), "S", "dragon")
    for seat in "ENW":
        state = pass_(state, seat)
    state = collect(state)
    assert {"seat": "E", "type": "tichu"} in legal_actions(state, "E")
    state = act(state, "E", "tichu")
    assert state.gift_by == 0
