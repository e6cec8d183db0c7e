"""Between the view's legal actions (card names) and the bots' combination tuples."""

from ..engine.cards import CARD_IDS, PHOENIX, RANK_VALUES, mask_of
from ..engine.combinations import SINGLE, phoenix_single_rank, readings


def play_options(legal, top) -> list:
    """``(combo, action)`` for every play among the legal actions."""
    pairs = []
    for action in legal:
        if action["type"] != "play":
            continue
        cards = [CARD_IDS[n] for n in action["cards"]]
        mask = mask_of(cards)
        if cards == [PHOENIX]:
            combo = (SINGLE, 1, phoenix_single_rank(top), mask, 0)
        else:
            options = readings(cards, mask)
            named = RANK_VALUES.get(action.get("phoenix"), 0)
            if named:
                options = [o for o in options if o[4] == named]
            combo = max(options, key=lambda o: o[2])
        pairs.append((combo, action))
    return pairs


def action_for(combo, pairs):
    """The legal action playing exactly ``combo``'s cards (and Phoenix rank), if any."""
    for known, action in pairs:
        if known[3] == combo[3] and (not combo[4] or known[4] == combo[4]):
            return action
    return None


def played_candidate(know, legal, played: dict):
    """The played action as a (combo or None for a pass, action) candidate of the bots."""
    if played["type"] == "pass":
        return None, played
    cards = set(played["cards"])
    for combo, action in play_options(legal, know.top):
        if set(action["cards"]) == cards and action.get("phoenix") in (None, played.get("phoenix")):
            return combo, played
    raise ValueError("the played move is not among the legal plays")


def find(legal, kind: str):
    return [a for a in legal if a["type"] == kind]


def must_decide(view: dict) -> bool:
    """Whether the seat has a decision the game waits for (as opposed to an optional call or
    an out-of-turn bomb)."""
    legal = view["legal_actions"]
    if any(a["type"] in ("grand", "exchange", "gift") for a in legal):
        return True
    return view["turn"] == view["seat"] and any(a["type"] in ("play", "pass") for a in legal)
