"""What a bot knows, read from its own ``view`` (and its own ``memory``) only.

The bots think in the engine's internal representation (card ids, bit masks and
combination tuples) because their heuristics and playouts run thousands of times per
decision; names exist only where a view is read and an action is returned.

The view shows the trick on the table but not the tricks already collected. A bot learns
which cards are gone from, in order of preference: a public ``played`` field of the view
(seat → cards played this hand) if the engine provides one, otherwise the ``memory`` dict
its caller keeps between calls (every trick the bot was shown is written into it), otherwise
only the current trick. Who could not follow the wish comes the same way: the view's
``lacks`` (the whole hand), otherwise what the trick on the table shows, kept in ``memory``.
"""

from ..engine.cards import CARD_IDS, FULL_DECK, MAHJONG, RANK_MASKS, RANK_VALUES, SEAT_INDEX, SEATS, mask_of, points_of
from ..engine.combinations import DOG_LEAD, DRAGON_RANK, KIND_NAMES, SINGLE, STRAIGHT_FLUSH

MAHJONG_BIT = 1 << MAHJONG
KIND_INDEX = {name: i for i, name in enumerate(KIND_NAMES)}
SINGLE_RANKS = {"1": 2, "1.5": 3, "dragon": DRAGON_RANK}


def mask_of_names(names) -> int:
    return mask_of(CARD_IDS[n] for n in names)


def combo_from_view(entry: dict) -> tuple:
    """The engine's combination tuple for one play of the view's ``trick``."""
    info = entry["combination"]
    mask = mask_of_names(entry["cards"])
    kind = KIND_INDEX[info["type"]]
    length = info["length"]
    phoenix = RANK_VALUES[info["phoenix"]] if info.get("phoenix") else 0
    if kind == DOG_LEAD:
        return (kind, length, 0, mask, 0)
    rank_name = info["rank"]
    if kind == SINGLE:
        if rank_name in SINGLE_RANKS:
            rank = SINGLE_RANKS[rank_name]
        else:
            whole, _, half = rank_name.partition(".")
            rank = RANK_VALUES[whole] * 2 + (1 if half else 0)
        return (kind, 1, rank, mask, 0)
    rank = RANK_VALUES[rank_name]
    if kind == STRAIGHT_FLUSH:
        rank += 100 * length
    return (kind, length, rank, mask, phoenix)


def _wish_not_followed(know) -> list:
    """Seats that could not follow the wish on the table: per seat, the wished rank's cards
    it cannot hold. Read off the trick: a lead that kept the wish open, a single played
    below the wished rank, a pass on a single below it (every one of them had to play the
    wished card if it held one)."""
    wish = know.wish
    lacks = [0] * 4
    if not wish or not know.trick:
        return lacks
    wished = RANK_MASKS[wish]
    start = next((i + 1 for i, (_, combo) in enumerate(know.trick) if combo[3] & MAHJONG_BIT), 0)
    singles = know.top[0] == SINGLE
    for index in range(start, len(know.trick)):
        seat, combo = know.trick[index]
        if index == 0:
            lacks[seat] = wished
        elif singles and combo[0] == SINGLE and know.trick[index - 1][1][2] < 2 * wish:
            lacks[seat] = wished
    if singles and know.top[2] < 2 * wish:
        for seat in range(4):
            if know.passed >> seat & 1:
                lacks[seat] = wished
    return lacks


def _lacks(know, view, memory) -> list:
    """Per seat, cards it is known not to hold: the view's ``lacks`` (the whole hand's) if it
    has them, and what the trick on the table shows, kept in ``memory`` for the rest of the
    hand."""
    found = _wish_not_followed(know)
    for seat, ranks in view.get("lacks", {}).items():
        for rank in ranks:
            found[SEAT_INDEX[seat]] |= RANK_MASKS[RANK_VALUES[rank]]
    if memory is None:
        return found
    if memory.get("lacks_hand") != view["hand_no"]:
        memory["lacks_hand"] = view["hand_no"]
        memory["lacks"] = [0] * 4
    kept = memory["lacks"]
    for seat in range(4):
        kept[seat] |= found[seat]
    return list(kept)


def remember(view: dict, memory: dict | None) -> dict:
    """Record the visible trick in ``memory``; returns seat → mask of cards seen played."""
    played = view.get("played")
    if played is not None:
        return {seat: mask_of_names(cards) for seat, cards in played.items()}
    seen = {seat: 0 for seat in SEATS}
    if memory is not None:
        if memory.get("hand_no") != view["hand_no"]:
            memory.clear()
            memory["hand_no"] = view["hand_no"]
            memory["played"] = {seat: [] for seat in SEATS}
        for entry in view["trick"]:
            known = memory["played"][entry["seat"]]
            known.extend(card for card in entry["cards"] if card not in known)
        for seat, cards in memory["played"].items():
            seen[seat] = mask_of_names(cards)
    else:
        for entry in view["trick"]:
            seen[entry["seat"]] |= mask_of_names(entry["cards"])
    return seen


class Knowledge:
    """The public situation plus the bot's own cards, in internal form."""

    __slots__ = ("me", "hand", "counts", "calls", "trick", "top", "top_seat", "trick_points",
                 "passed", "wish", "out", "played", "given", "turn", "lacks")

    def __init__(self, view: dict, memory: dict | None = None):
        self.me = SEAT_INDEX[view["seat"]]
        self.hand = mask_of_names(view["hand"])
        self.counts = [view["hand_counts"][s] for s in SEATS]
        self.calls = [view["calls"][s] for s in SEATS]
        self.trick = [(SEAT_INDEX[e["seat"]], combo_from_view(e)) for e in view["trick"]]
        self.top_seat, self.top = self.trick[-1] if self.trick else (None, None)
        self.trick_points = sum(points_of(combo[3]) for _, combo in self.trick)
        self.passed = sum(1 << SEAT_INDEX[s] for s in view["passed"])
        self.wish = RANK_VALUES[view["wish"]] if view["wish"] else 0
        self.out = [SEAT_INDEX[s] for s in view["out"]]
        self.turn = SEAT_INDEX[view["turn"]] if view["turn"] else None
        seen = remember(view, memory)
        self.played = [seen[s] for s in SEATS]
        # the cards this seat gave away stay known to be in the receivers' hands until seen played
        given = view.get("exchange") if view.get("received") else None
        self.given = [0] * 4
        if given:
            for seat, name in given.items():
                self.given[SEAT_INDEX[seat]] = 1 << CARD_IDS[name]
        self.lacks = _lacks(self, view, memory)

    def gone(self) -> int:
        """Cards known to be out of every hidden hand: seen played or on the table."""
        mask = 0
        for m in self.played:
            mask |= m
        for _, combo in self.trick:
            mask |= combo[3]
        return mask

    def others(self) -> int:
        """Cards some other player may still hold."""
        return FULL_DECK & ~self.hand & ~self.gone()
