"""The views a seat has had so far in a match, rebuilt from the match's record: what an mjai
seat must have observed, one view per applied action, before it can answer at a table whose
bots are asked one decision at a time (games.bots).

A record leaves declined calls out: a recorded action that does not answer the open call
window means every seat still to answer passed first, one seat after another, as at the
table; in a window still open, the passes already given at the table come last.
"""

from riichi import engine

_DEAL_KEYS = ("haipai", "draws", "dora_indicators", "ura_indicators", "rinshan")
_CALLS = ("ron", "pon", "chi", "kan")


def _answers(state, action) -> bool:
    window = state.window
    return (str(action.get("seat")) in window["options"] and str(action.get("seat")) not in window["answers"]
            and action.get("type") in _CALLS and (action.get("type") != "kan" or action.get("kind") == "open"))


def _passes(state, seat, views):
    while state.phase == "play" and state.step == "calls":
        window = state.window
        passing = next(int(s) for s in window["options"] if s not in window["answers"])
        state, _ = engine.apply(state, {"seat": passing, "type": "pass"})
        views.append(engine.view(state, seat))
    return state


def seat_views(state, seat: int) -> list[dict]:
    """Every view ``seat`` had in the match that led to ``state``, the current one last."""
    record = engine.build_record(state)
    rounds = record["rounds"]
    # A window still open at the table is the seat's to answer, not one to pass through.
    window_open = state.phase == "play" and state.step == "calls"
    views, replayed = [], None
    for h, entry in enumerate(rounds):
        deal = {key: entry[key] for key in _DEAL_KEYS if key in entry}
        replayed = engine.new_game(record["rules"], deal) if replayed is None else engine.next_hand(replayed, deal)
        views.append(engine.view(replayed, seat))
        for action in entry["actions"]:
            if replayed.phase == "play" and replayed.step == "calls" and not _answers(replayed, action):
                replayed = _passes(replayed, seat, views)
            replayed, _ = engine.apply(replayed, action)
            views.append(engine.view(replayed, seat))
        if h < len(rounds) - 1 or not window_open:
            replayed = _passes(replayed, seat, views)
    if window_open:
        for key, answer in state.window["answers"].items():
            if answer["type"] == "pass" and key not in replayed.window["answers"]:
                replayed, _ = engine.apply(replayed, {"seat": int(key), "type": "pass"})
                views.append(engine.view(replayed, seat))
    return views
