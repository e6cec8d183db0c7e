"""The heuristics of ``policy``, ``calls`` and ``exchange`` applied to a view: the normal
bot's every choice but its moves in turn (``normal``), and the first candidate of every
look ahead (``lookahead``; the playouts call ``policy`` on masks directly)."""

from ..engine.cards import CARD_NAMES, MAHJONG, RANK_NAMES, SEAT_INDEX, SEATS
from ..engine.combinations import top_card_rank
from . import calls as hand_calls
from . import policy
from .actions import action_for, find, play_options
from .exchange import choose_gives
from .knowledge import Knowledge, mask_of_names


def choose(view: dict, rng, memory=None):
    legal = view["legal_actions"]
    if not legal:
        return None
    grand = find(legal, "grand")
    if grand:
        call = hand_calls.grand_worthy(mask_of_names(view["hand"]))
        return next(a for a in grand if a["call"] == call)
    template = find(legal, "exchange")
    if template:
        return exchange_action(view, template[0])
    gifts = find(legal, "gift")
    if gifts:
        return gift_action(view, gifts)
    know = Knowledge(view, memory)
    if find(legal, "tichu") and wants_tichu(view, know):
        return find(legal, "tichu")[0]
    if know.turn == know.me:
        return play_action(know, legal)
    return bomb_action(know, legal)


def wants_tichu(view, know) -> bool:
    """Called once the exchanged cards are in, and only if nobody of the team has called."""
    if view["phase"] != "play" or know.calls[know.me ^ 2]:
        return False
    return hand_calls.tichu_worthy(know.hand)


def exchange_action(view, template):
    me = SEAT_INDEX[view["seat"]]
    calls = [view["calls"][s] for s in SEATS]
    return give_action(view["seat"], choose_gives(mask_of_names(view["hand"]), me, calls))


def give_action(seat: str, gives: dict) -> dict:
    """The exchange action for ``gives`` (seat index → card id)."""
    return {"seat": seat, "type": "exchange", "give": {SEATS[s]: CARD_NAMES[c] for s, c in gives.items()}}


def gift_action(view, gifts):
    counts = [view["hand_counts"][s] for s in SEATS]
    to = SEATS[policy.gift_to(SEAT_INDEX[view["seat"]], counts)]
    return next(a for a in gifts if a["to"] == to)


def with_wish(action, know):
    """A play of the Mahjong names a wish (the engine lists it without one)."""
    if CARD_NAMES[MAHJONG] not in action["cards"]:
        return action
    rest = know.hand & ~mask_of_names(action["cards"])
    partner_gift = know.given[know.me ^ 2]
    wish = policy.wish_for(rest, partner_gift)
    return dict(action, wish=RANK_NAMES[wish]) if wish else action


def policy_choice(know, legal):
    """The normal policy's (combo, action) for a turn; combo None for a pass."""
    pairs = play_options(legal, know.top)
    may_pass = any(a["type"] == "pass" for a in legal)
    if know.top is None:
        combo = policy.lead(know.hand, know.me, know.counts, know.calls, know.others())
        action = action_for(combo, pairs)
        if action is None:
            # the wish obliges another lead: the cheapest of those listed
            combo, action = min(pairs, key=lambda p: (policy.is_bomb(p[0]), top_card_rank(p[0]), -p[0][1]))
        return combo, action
    combo = policy.follow(know.hand, [c for c, _ in pairs], may_pass, know.me, know.top,
                          know.top_seat, know.counts, know.calls, know.trick_points, know.others())
    if combo is None:
        return None, next(a for a in legal if a["type"] == "pass")
    return combo, action_for(combo, pairs)


def play_action(know, legal):
    combo, action = policy_choice(know, legal)
    return action if combo is None else with_wish(action, know)


def bomb_action(know, legal):
    """An out-of-turn bomb on an opponent, where it lets the hand go out (``policy.bomb_to_go_out``)
    or where ``policy.should_bomb`` says a bomb is worth it."""
    pairs = [(c, a) for c, a in play_options(legal, know.top) if policy.is_bomb(c)]
    if not pairs:
        return None
    if know.top_seat is not None and (know.top_seat ^ know.me) & 1:
        out = policy.bomb_to_go_out(know.hand, [c for c, _ in pairs])
        if out:
            return next(a for c, a in pairs if c is out)
    if not policy.should_bomb(know.me, know.top_seat, know.counts, know.calls, know.trick_points):
        return None
    return min(pairs, key=lambda p: p[0][2])[1]
