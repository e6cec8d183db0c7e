"""Combinations: what a set of cards can be played as and how combinations compare
(``plays`` lists every combination a hand can form).

A combination is a tuple ``(kind, length, rank, mask, phoenix)``:
``length`` is the number of cards, ``mask`` the cards, ``phoenix`` the rank the Phoenix
stands for (0 when it is not part of a multi-card combination). ``rank`` is what decides
between two combinations of the same kind and length:

* singles use doubled ranks so that the Phoenix can sit half a rank above a card
  (Mahjong 2, a 2 is 4, an A 28, a led Phoenix 3, the Dragon 40);
* full houses rank by their triple, straights and consecutive pairs by their top card;
* bombs carry their strength: a four of a kind its rank (2..14), a straight flush
  ``100 * length + top``, so every straight flush beats every four of a kind, the longer
  straight flush wins and equal lengths compare by the top card.
"""

from .cards import DOG, DRAGON, MAHJONG, PHOENIX, RANK_NAMES

SINGLE, PAIR, TRIPLE, PAIRS, FULL_HOUSE, STRAIGHT, FOUR_OF_A_KIND, STRAIGHT_FLUSH, DOG_LEAD = range(9)
KIND_NAMES = ("single", "pair", "triple", "consecutive_pairs", "full_house", "straight",
              "four_of_a_kind", "straight_flush", "dog")
BOMBS = (FOUR_OF_A_KIND, STRAIGHT_FLUSH)

DRAGON_RANK = 40
LED_PHOENIX_RANK = 3


def is_bomb(combo) -> bool:
    return combo[0] >= FOUR_OF_A_KIND and combo[0] != DOG_LEAD


def beats(new, top) -> bool:
    """Whether ``new`` may be played on ``top`` (singles: Phoenix rank already resolved)."""
    new_kind = new[0]
    if new_kind == FOUR_OF_A_KIND or new_kind == STRAIGHT_FLUSH:
        if top[0] == FOUR_OF_A_KIND or top[0] == STRAIGHT_FLUSH:
            return new[2] > top[2]
        return True
    return new_kind == top[0] and new[1] == top[1] and new[2] > top[2]


def phoenix_single_rank(top):
    """The rank a single Phoenix takes on ``top`` (None: it cannot be played there)."""
    if top is None:
        return LED_PHOENIX_RANK
    if top[0] != SINGLE or top[2] >= DRAGON_RANK:
        return None
    return top[2] + 1


def top_card_rank(combo) -> int:
    """The rank a player reads off a combination (the triple of a full house, the top of a
    straight), undoubled; 0 for the Dog."""
    kind, _, rank = combo[0], combo[1], combo[2]
    if kind == SINGLE:
        return rank // 2
    if kind == STRAIGHT_FLUSH:
        return rank % 100
    return rank


def describe(combo) -> dict:
    kind, length, rank = combo[0], combo[1], combo[2]
    info = {"type": KIND_NAMES[kind], "length": length}
    if kind == SINGLE:
        info["rank"] = {2: "1", 3: "1.5", DRAGON_RANK: "dragon"}.get(rank) or (
            RANK_NAMES[rank // 2] + (".5" if rank & 1 else ""))
    elif kind != DOG_LEAD:
        info["rank"] = RANK_NAMES[top_card_rank(combo)]
    if combo[4]:
        info["phoenix"] = RANK_NAMES[combo[4]]
    return info


# --- classifying a played set of cards -------------------------------------------------

def _shape(ranks, suits):
    """(kind, rank) of a rank multiset, or None; ``suits`` is None when no straight flush
    is possible (a Phoenix or the Mahjong is part of it)."""
    n = len(ranks)
    ranks = sorted(ranks)
    low, high = ranks[0], ranks[-1]
    if n == 2:
        return (PAIR, high) if low == high and low > 1 else None
    if n == 3:
        return (TRIPLE, high) if low == high and low > 1 else None
    if low == high:
        if n == 4 and suits is not None:
            return (FOUR_OF_A_KIND, high)
        return None
    distinct = len(set(ranks))
    if distinct == n:
        if n >= 5 and high - low == n - 1:
            if suits is not None and len(set(suits)) == 1:
                return (STRAIGHT_FLUSH, 100 * n + high)
            return (STRAIGHT, high)
        return None
    if low == 1:
        return None
    if n % 2 == 0 and distinct * 2 == n and high - low == distinct - 1 and all(
            ranks[i] == ranks[i + 1] for i in range(0, n, 2)):
        return (PAIRS, high)
    if n == 5 and distinct == 2:
        if ranks[2] == ranks[0] and ranks[3] == ranks[4]:
            return (FULL_HOUSE, low)
        if ranks[0] == ranks[1] and ranks[2] == ranks[4]:
            return (FULL_HOUSE, high)
    return None


def readings(cards, mask) -> list:
    """Every combination the given distinct cards can be played as (more than one only when
    the Phoenix's rank is ambiguous). A single Phoenix gets ``LED_PHOENIX_RANK``; the
    caller resolves it against the table."""
    n = len(cards)
    if n == 1:
        card = cards[0]
        if card == DOG:
            return [(DOG_LEAD, 1, 0, mask, 0)]
        if card == PHOENIX:
            return [(SINGLE, 1, LED_PHOENIX_RANK, mask, 0)]
        if card == DRAGON:
            return [(SINGLE, 1, DRAGON_RANK, mask, 0)]
        return [(SINGLE, 1, (card >> 2) * 2, mask, 0)]
    if DOG in cards or DRAGON in cards:
        return []
    if PHOENIX not in cards:
        suits = None if MAHJONG in cards else [c & 3 for c in cards]
        shape = _shape([c >> 2 for c in cards], suits)
        return [(shape[0], n, shape[1], mask, 0)] if shape else []
    ranks = [c >> 2 for c in cards if c != PHOENIX]
    found = []
    for rank in range(2, 15):
        shape = _shape(ranks + [rank], None)
        if shape:
            found.append((shape[0], n, shape[1], mask, rank))
    return found
