"""What the bots know how to measure about a hand seen in a view."""

from mahjong.shanten import Shanten

from ..engine.tiles import KIND, parse

_SHANTEN = Shanten()


def counts_of(tile_names) -> list:
    counts = [0] * 34
    for text in tile_names:
        counts[KIND[parse(text)]] += 1
    return counts


def shanten(counts) -> int:
    """Tiles away from ready (0 tenpai, -1 complete); open hands count as fewer sets."""
    return _SHANTEN.calculate_shanten(counts)


def visible_counts(view) -> list:
    """Tiles the seat can see: its hand, every river, every meld, the dora indicators."""
    seen = counts_of(view["hand"])
    for river in view["rivers"]:
        for entry in river:
            seen[KIND[parse(entry["tile"])]] += 1
    for melds in view["melds"]:
        for meld in melds:
            for text in meld["tiles"]:
                seen[KIND[parse(text)]] += 1
    for text in view["dora_indicators"]:
        seen[KIND[parse(text)]] += 1
    return seen


def discard_options(view):
    """The plain and riichi discards the view allows, by tile name."""
    plain, riichi = {}, {}
    for action in view["legal_actions"]:
        if action["type"] == "discard":
            (riichi if action.get("riichi") else plain)[action["tile"]] = action
    return plain, riichi


def winning_action(view):
    for action in view["legal_actions"]:
        if action["type"] in ("tsumo", "ron"):
            return action
    return None


def pass_action(view):
    for action in view["legal_actions"]:
        if action["type"] == "pass":
            return action
    return None
