"""Normal: the heuristics of ``policy`` applied to the bot's own hand."""

from ..engine.cards import CARD_IDS, rank_of
from .hands import cards_for, counts_of, top_of
from .policy import follow, lead, returns


def give_back(template) -> dict:
    """Complete the exchange template with the lowest single cards (normal order)."""
    hand = template["hand"]
    ranks = returns(counts_of(hand), template["count"])
    chosen = []
    for rank in ranks:
        chosen.append(next(n for n in sorted(hand, key=CARD_IDS.get)
                           if rank_of(CARD_IDS[n]) == rank and n not in chosen))
    return {"seat": template["seat"], "type": "give", "cards": chosen, "to": template["to"]}


def play_action(view, choice) -> dict:
    if choice is None:
        return {"seat": view["seat"], "type": "pass"}
    rank, size = choice
    return {"seat": view["seat"], "type": "play", "cards": cards_for(view["hand"], rank, size)}


def policy_choice(view):
    """The normal policy's ``(rank, size)`` for this view, or None to pass."""
    counts = counts_of(view["hand"])
    top = top_of(view)
    if top is None:
        return lead(counts, view["reversed"], view["revolution_rule"])
    return follow(counts, top[0], top[1], view["reversed"], view["revolution_rule"])


def choose(view, rng):
    legal = view.get("legal_actions") or []
    if not legal:
        return None
    if legal[0]["type"] == "give":
        return give_back(legal[0])
    return play_action(view, policy_choice(view))
