"""Hidden hands consistent with what a bot has seen.

Every card that is neither in the bot's hand nor seen played is somewhere in the other
hands; the cards the bot gave in the exchange are still with their receivers unless seen
played, and a seat that could not follow the wish holds none of the wished rank
(``Knowledge.lacks``). The rest is dealt at random so that each seat gets its public card
count: first the cards some seat cannot hold, each to a seat that can, then the others.
When the bot's record of played cards is incomplete there are more unseen cards than
places; the extra ones are then treated as played.
"""

from ..engine.cards import FULL_DECK, cards_of


def sample_hands(know, rng) -> list:
    """Four hand masks: the bot's own and a random completion of the other three."""
    gone = know.gone()
    hands = [0, 0, 0, 0]
    hands[know.me] = know.hand
    unknown = FULL_DECK & ~know.hand & ~gone
    need = [0, 0, 0, 0]
    for seat in range(4):
        if seat == know.me:
            continue
        fixed = know.given[seat] & unknown if know.counts[seat] else 0
        hands[seat] = fixed
        unknown &= ~fixed
        need[seat] = max(0, know.counts[seat] - fixed.bit_count())
    lacked = 0
    for seat in range(4):
        if seat != know.me and need[seat]:
            lacked |= know.lacks[seat]
    lacked &= unknown
    for card in cards_of(lacked):
        bit = 1 << card
        allowed = [s for s in range(4) if s != know.me and need[s] and not know.lacks[s] & bit]
        if not allowed:
            continue  # the record contradicts itself (a card seen nowhere): dealt freely below
        seat = _weighted(allowed, need, rng)
        hands[seat] |= bit
        need[seat] -= 1
        unknown &= ~bit
    pool = cards_of(unknown)
    rng.shuffle(pool)
    at = 0
    for seat in range(4):
        for card in pool[at:at + need[seat]]:
            hands[seat] |= 1 << card
        at += need[seat]
    return hands


def _weighted(seats, need, rng):
    """A seat with room, in proportion to the room it has."""
    pick = rng.randrange(sum(need[s] for s in seats))
    for seat in seats:
        pick -= need[seat]
        if pick < 0:
            return seat
    return seats[-1]
