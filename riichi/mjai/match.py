"""A match of the Riichi engine between players that each see only their own seat's view:
mjai bot seats (``MjaiSeat``) and Stich's own bots (``OwnBot``), for the tests and the
benchmark."""

from riichi import engine
from riichi.bots import choose_action


class OwnBot:
    """One of Stich's bots (riichi.bots) at a seat."""

    def __init__(self, strength, rng):
        self.strength = strength
        self.rng = rng

    def observe(self, view):
        return []

    def decide(self, view):
        return choose_action(view, self.strength, self.rng)

    def close(self):
        pass


def play_match(players, rng, options=None, deal=engine.shuffled_deal, max_actions=100_000):
    """Play a whole match (walls ``deal(rng)``) and return its final engine state. Every
    player observes every view of its seat; the first seat with legal actions acts."""
    state = engine.new_game(options, deal(rng))
    try:
        for _ in range(max_actions):
            views = [engine.view(state, seat) for seat in range(4)]
            for player, view in zip(players, views):
                player.observe(view)
            if state.phase == "game_over":
                return state
            if state.phase == "round_over":
                state = engine.next_hand(state, deal(rng))
                continue
            seat = next(s for s in range(4) if views[s]["legal_actions"])
            action = players[seat].decide(views[seat])
            state, _ = engine.apply(state, action | {"seat": seat})
        raise RuntimeError("the match did not end")
    finally:
        for player in players:
            player.close()
