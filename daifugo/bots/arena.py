"""Whole games between bots, for tests and benchmarks: the server's forced gives are
applied as the platform applies them, and each bot acts on its own ``view`` only."""

from ..engine import apply, new_game, next_hand, server_actions, shuffled_deal, view
from . import choose_action


def _next_action(state, strengths, rng, budgets):
    forced = server_actions(state)
    if forced:
        return forced[0]
    for seat, strength in strengths.items():
        seat_view = view(state, seat)
        if seat_view["legal_actions"]:
            return choose_action(seat_view, strength, rng, budget=budgets.get(seat))
    raise AssertionError(f"nobody can act in phase {state.phase}")


def play_game(options, strengths, rng, *, budgets=None, deals=None):
    """Play a whole game; ``strengths`` maps each seat to a bot strength, ``deals`` (one per
    hand) replaces the shuffled deals. Returns the final state."""
    budgets = budgets or {}
    players = options["players"]
    hands = iter(deals) if deals is not None else None

    def deal():
        return next(hands) if hands is not None else shuffled_deal(rng, players)

    state = new_game(options, deal())
    while state.phase != "game_over":
        if state.phase == "hand_over":
            state = next_hand(state, deal())
            continue
        state, _ = apply(state, _next_action(state, strengths, rng, budgets))
    return state
