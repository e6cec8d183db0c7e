"""Dealing the cards a bot cannot see to the other seats, consistently with its view: card
counts, every play of this hand, and what it learnt in its own exchange."""

from ..engine.cards import CARD_IDS, rank_of
from .hands import counts_of


class Knowledge:
    """What one view tells about the hidden cards, prepared once per decision."""

    def __init__(self, view):
        seats = view["seats"]
        self.me = seats.index(view["seat"])
        self.players = len(seats)
        self.mine = counts_of(view["hand"])
        played = {name for play in view["played"] for name in play["cards"]}
        seen = set(view["hand"]) | played
        self.located = [[0] * 13 for _ in seats]
        self.cap = [12] * len(seats)
        own = view.get("my_exchange")
        if own:
            partner = seats.index(own["partner"])
            for name in own["gave"] or ():
                if name not in played:
                    self.located[partner][rank_of(CARD_IDS[name])] += 1
                    seen.add(name)
            if own["got"] and partner_is_giver(view, partner):
                # The giver handed over its highest cards: nothing higher stayed with it.
                self.cap[partner] = min(rank_of(CARD_IDS[n]) for n in own["got"])
        self.pool = [rank_of(CARD_IDS[name]) for name in CARD_IDS if name not in seen]
        self.need = [view["hand_counts"][seat] - sum(self.located[i]) for i, seat in enumerate(seats)]

    def sample(self, rng) -> list:
        """Per seat 13 counts: own hand, located cards, and a random share of the rest."""
        pool = self.pool[:]
        rng.shuffle(pool)
        hands = [row[:] for row in self.located]
        hands[self.me] = self.mine[:]
        order = sorted((s for s in range(self.players) if s != self.me), key=lambda s: self.cap[s])
        for seat in order:
            need = self.need[seat]
            cap = self.cap[seat]
            fits = [r for r in pool if r <= cap]
            taken = fits[:need] if len(fits) >= need else pool[:need]
            for rank in taken:
                pool.remove(rank)
                hands[seat][rank] += 1
        return hands


def partner_is_giver(view, partner: int) -> bool:
    """Whether the seat's exchange partner is the one who had to give its highest cards."""
    return any(x["from"] == view["seats"][partner] for x in view["exchange"])
