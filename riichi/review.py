"""The review of one seat of a finished Riichi match (Game.review): the record replayed
through the engine, and each decision of that seat (its turns, and the call windows where it
could call; a pass is the record's silence) judged by riichi.bots.review on that seat's view
alone. Steps are the replay viewer's: a decision's step is the moment before its action; a
turn right after a call window the seat passed shares that window's step (the viewer draws
the tile with the passes, before the next recorded action)."""

from riichi import engine
from riichi.bots import review as judging
from riichi.engine.record import _DEAL_KEYS, _answers_window, next_hand, pass_pending


def review(record: dict, seat: str, seed: int, progress=None) -> list[dict]:
    """Every judged decision as {hand, step, kind (discard, riichi, call), played, best,
    cost (points), flagged, score, best_score}. `progress(done, total)` is told after each."""
    me = int(seat)
    found = list(decisions(record, me))
    judged = []
    for done, (h, step, state, action) in enumerate(found, 1):
        rng = judging.seeded(seed, h, step)
        judged.append({"hand": h, "step": step, "kind": kind_of(state, me)} | judging.judge(state, me, action, rng))
        if progress is not None:
            progress(done, len(found))
    return judged


def kind_of(state, me) -> str:
    """``call`` in a call window; ``riichi`` for a turn where the seat could declare it
    (the choice of riichi or not comes with the discard); ``discard`` for any other turn."""
    if state.step == "calls":
        return "call"
    return "riichi" if any(a.get("riichi") for a in engine.legal_actions(state, me)) else "discard"


def decisions(record: dict, me: int):
    """(round, step, state, action) for each decision of seat `me`: a turn with more than one
    legal action, or a call window offering it a call, with what it did (a pass when the
    record goes on without its call)."""
    state = None
    for h, entry in enumerate(record["rounds"]):
        deal = {k: entry[k] for k in _DEAL_KEYS if k in entry}
        state = engine.new_game(record.get("rules"), deal) if state is None else next_hand(state, deal)
        window = None  # (step, state) of a call window waiting for this seat's answer
        for step, action in enumerate(entry["actions"]):
            if window is None and _may_call(state, me):
                window = (step, state)
            if window is not None and not _answers_window(state, action):
                yield h, *window, {"seat": me, "type": "pass"}
                window = None
            if state.phase == "play" and state.step == "calls" and not _answers_window(state, action):
                state = pass_pending(state)
            if action.get("seat") == me:
                if window is not None:
                    yield h, *window, _plain(action)
                    window = None
                elif state.step == "discard" and len(engine.legal_actions(state, me)) > 1:
                    yield h, step, state, _plain(action)
            state, _ = engine.apply(state, action)
        if window is None and _may_call(state, me):
            window = (len(entry["actions"]), state)
        if window is not None:
            yield h, *window, {"seat": me, "type": "pass"}
        state = pass_pending(state)


def _may_call(state, me) -> bool:
    return (state.phase == "play" and state.step == "calls" and str(me) in state.window["options"]
            and str(me) not in state.window["answers"])


def _plain(action) -> dict:
    return {k: v for k, v in action.items() if k != "tedashi"}
