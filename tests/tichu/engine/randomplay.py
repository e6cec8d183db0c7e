"""Random legal play for property tests: every decision is drawn from ``legal_actions``."""

from tichu.engine import apply, legal_actions, new_game, next_hand, shuffled_deal
from tichu.engine.cards import SEATS

WISHES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def concrete(action, rng):
    """Turn a listed action into one to apply (fill the exchange template, maybe a wish)."""
    if action["type"] == "exchange":
        return {"seat": action["seat"], "type": "exchange",
                "give": dict(zip(action["to"], rng.sample(action["hand"], 3)))}
    if action["type"] == "play" and "mahjong" in action["cards"] and rng.random() < 0.7:
        return dict(action, wish=rng.choice(WISHES))
    return action


def random_step(state, rng):
    """One random legal action for the state (or the server's ``collect``)."""
    options = {seat: legal_actions(state, seat) for seat in SEATS}
    if state.window and rng.random() < 0.8:
        return {"type": "collect"}
    bombs = [a for seat in SEATS for a in options[seat]
             if a["type"] == "play" and state.turn != SEATS.index(seat)]
    if bombs and rng.random() < 0.1:
        return rng.choice(bombs)
    calls = [a for seat in SEATS for a in options[seat] if a["type"] == "tichu"]
    if calls and rng.random() < 0.02:
        return rng.choice(calls)
    if state.window:
        return {"type": "collect"}
    seats = [s for s in SEATS if any(a["type"] != "tichu" and not (a["type"] == "play" and state.turn != SEATS.index(s)) for a in options[s])]
    seat = rng.choice(seats)
    choices = [a for a in options[seat] if a["type"] != "tichu" and not a.get("call")]
    choices = choices or [a for a in options[seat] if a["type"] != "tichu"]
    return concrete(rng.choice(choices), rng)


def random_hand(state, rng, on_step=None):
    """Play the current hand to its end; ``on_step(old, action, new)`` sees every step."""
    while state.phase not in ("hand_over", "game_over"):
        action = random_step(state, rng)
        new, _ = apply(state, action)
        if on_step:
            on_step(state, action, new)
        state = new
    return state


def random_game(rng, hands=2, target=1000, on_step=None):
    state = new_game({"target": target}, shuffled_deal(rng))
    for _ in range(hands):
        state = random_hand(state, rng, on_step)
        if state.phase == "game_over":
            break
        state = next_hand(state, shuffled_deal(rng))
    return state
