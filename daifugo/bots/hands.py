"""Converting between a view's card names and the bots' rank counts."""

from ..engine.cards import CARD_IDS, rank_of


def counts_of(names) -> list:
    counts = [0] * 13
    for name in names:
        counts[rank_of(CARD_IDS[name])] += 1
    return counts


def cards_for(hand_names, rank: int, size: int) -> list:
    """``size`` of the hand's cards of ``rank`` (the lowest suits)."""
    of_rank = sorted((n for n in hand_names if rank_of(CARD_IDS[n]) == rank), key=CARD_IDS.get)
    return of_rank[:size]


def top_of(view):
    """``(rank, size, seat index)`` of the trick's last play, or None."""
    top = view["top"]
    if top is None:
        return None
    return rank_of(CARD_IDS[top["cards"][0]]), len(top["cards"]), view["seats"].index(top["seat"])
