"""An mjai bot's answer as one of the seat's legal actions, and the legal default that stands
in for an answer that is missing, late or not a legal move."""

from .tiles import from_mjai


def _ours(tiles) -> list | None:
    if not isinstance(tiles, list):
        return None
    names = [from_mjai(t) for t in tiles]
    return None if None in names else names


def _key(action: dict) -> tuple:
    tiles = action.get("tiles")
    return (action["type"], action.get("kind"), tuple(sorted(tiles)) if tiles else None,
            action.get("tile"), bool(action.get("riichi")))


def wanted(answer, riichi: bool) -> dict | None:
    """What an mjai answer asks for, in our action's shape without the seat (``riichi``: the
    bot declared reach just before this discard); None when it is not an answer at all."""
    if not isinstance(answer, dict):
        return None
    kind = answer.get("type")
    if kind == "none":
        return {"type": "pass"}
    if kind == "dahai":
        tile = from_mjai(answer.get("pai"))
        return None if tile is None else {"type": "discard", "tile": tile, "riichi": riichi}
    if kind == "hora":
        return {"type": "hora"}
    if kind == "ryukyoku":
        return {"type": "nine_terminals"}
    consumed = _ours(answer.get("consumed"))
    if consumed is None:
        return None
    if kind == "ankan":
        return {"type": "kan", "kind": "closed", "tiles": consumed}
    called = from_mjai(answer.get("pai"))
    if called is None:
        return None
    if kind in ("chi", "pon"):
        return {"type": kind, "tiles": consumed + [called]}
    if kind in ("daiminkan", "kakan"):
        return {"type": "kan", "kind": "open" if kind == "daiminkan" else "added", "tiles": consumed + [called]}
    return None


def to_action(answer, legal: list, riichi: bool = False) -> dict | None:
    """The legal action the answer names, or None."""
    asked = wanted(answer, riichi)
    if asked is None:
        return None
    if asked["type"] == "hora":
        return next((a for a in legal if a["type"] in ("tsumo", "ron")), None)
    key = _key(asked)
    return next((a for a in legal if _key(a) == key), None)


def may_riichi(legal: list) -> bool:
    return any(a.get("riichi") for a in legal)


def default_action(view, riichi: bool = False) -> dict | None:
    """A pass in a call window; otherwise the drawn tile (tsumogiri), declaring riichi with
    it when the bot had declared reach and that is legal, else any legal discard."""
    legal = view.get("legal_actions") or []
    if not legal:
        return None
    passing = [a for a in legal if a["type"] == "pass"]
    if passing:
        return passing[0]
    discards = [a for a in legal if a["type"] == "discard" and bool(a.get("riichi")) == riichi]
    if not discards:
        discards = [a for a in legal if a["type"] == "discard" and not a.get("riichi")]
    drawn = view.get("drawn")
    return next((a for a in discards if a["tile"] == drawn), discards[-1] if discards else legal[0])
