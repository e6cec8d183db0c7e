"""The review of one seat of a finished Daifugo game (Game.review): the record replayed
through the engine, that seat's view at every moment, and each of its decisions (plays,
passes, the cards given back in the exchange) judged by the expert's playouts on that view
alone (daifugo.bots.review)."""

from daifugo import engine
from daifugo.bots import review as judging


def review(record: dict, seat: str, seed: int, progress=None) -> list[dict]:
    """Every judged decision as {hand, step, kind, played, best, cost, flagged, score,
    best_score}; `step` is the moment the decision was taken in (its action comes next),
    `cost` in points of the hand (a place is one). `progress(done, total)` is told after
    each decision."""
    options = {"players": record["players"], "hands": record["hands_total"], "revolution": record["revolution"]}
    found = []
    state = None
    for h, entry in enumerate(record["hands"]):
        state = engine.new_game(options, entry["deal"]) if state is None else engine.next_hand(state, entry["deal"])
        moments = []
        for action in entry["actions"]:
            moments.append((engine.view(state, seat), action))
            state, _ = engine.apply(state, action)
        found.extend((h, *decision) for decision in judging.decisions(moments))
    judged = []
    for done, (h, step, kind, view, action) in enumerate(found, 1):
        verdict = judging.judge(kind, view, action, judging.seeded(seed, h, step))
        judged.append({"hand": h, "step": step, "kind": kind} | verdict)
        if progress is not None:
            progress(done, len(found))
    return judged
