"""What one seat (or a spectator) may see of the table."""

from .play import legal_actions
from .state import round_wind, seat_wind
from .tiles import name, names, sort_key

_WIND_NAMES = {27: "east", 28: "south", 29: "west", 30: "north"}


def _meld_view(meld):
    meld_type, tiles, called, source = meld
    shown = {"type": meld_type, "tiles": names(tiles), "from": source}
    if called is not None:
        shown["called"] = name(called)
    return shown


def view(state, seat) -> dict:
    """A JSON-able picture for ``seat`` (0-3), or for a spectator when ``seat`` is None.

    Never includes another seat's hand, the wall, the dead wall or unrevealed indicators
    (ura-dora only once a riichi winner revealed them at the round's end)."""
    playing = state.phase == "play"
    result = {
        "seat": seat,
        "phase": state.phase,
        "step": state.step,
        "rules": dict(state.rules),
        "round": state.round_no,
        "round_wind": _WIND_NAMES[round_wind(state)],
        "dealer": state.dealer,
        "seat_winds": [_WIND_NAMES[seat_wind(state, s)] for s in range(4)],
        "honba": state.honba,
        "sticks": state.sticks,
        "scores": list(state.scores),
        "turn": state.turn if playing else None,
        "live_left": state.live_left,
        "dora_indicators": names(state.dora_indicators()),
        "hand_counts": [len(h) for h in state.hands],
        "melds": [[_meld_view(m) for m in state.melds[s]] for s in range(4)],
        "rivers": [[{"tile": name(e[0]), "tsumogiri": e[1], "riichi": e[2], "called": e[3]}
                    for e in state.river[s]] for s in range(4)],
        "riichi": [bool(r) for r in state.riichi],
        "results": [dict(r) for r in state.results],
        "last_result": _public_result(state),
        "final": state.final,
    }
    if playing and state.step == "calls":
        window = state.window
        result["pending_discard"] = {"from": window["from"], "tile": name(window["tile"]),
                                     "kind": window["kind"]}
    if seat is not None:
        hand = sorted(state.hands[seat], key=sort_key)
        result["hand"] = names(hand)
        mine = playing and state.turn == seat and state.step == "discard"
        result["drawn"] = name(state.drawn) if mine and state.drawn is not None else None
        result["legal_actions"] = legal_actions(state, seat)
        # The seat's own passed wins (until its next discard, or for good under riichi): only it
        # knows it let a winning tile go, so only its view says so.
        result["furiten"] = bool(state.furiten_temp[seat] or state.furiten_riichi[seat])
    return result


def _public_result(state):
    """The last round's outcome; hands are shown only for the winners, as at the table."""
    last = state.last_result
    if last is None or state.phase == "play":
        return None
    shown = {"result": last["result"], "deltas": last["deltas"], "details": last["details"]}
    if last.get("revealed"):
        shown["revealed"] = last["revealed"]
    return shown
