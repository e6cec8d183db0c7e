"""The review of one seat of a finished Tichu game (Game.review): the record replayed
through the engine, that seat's view at every moment, and each of its decisions (calls,
exchange, plays, Dragon gifts) judged by the expert's playouts on that view alone (tichu.bots.review)."""

from tichu import engine
from tichu.bots import review as judging


def review(record: dict, seat: str, seed: int, progress=None) -> list[dict]:
    """Every judged decision as {hand, step, kind, played, best, cost, flagged, score,
    best_score}; `step` is the moment the decision was taken in (its action comes next),
    `kind` what was decided (tichu.bots.review.decisions: grand, exchange, tichu, play,
    gift).
    `progress(done, total)` is told after each decision."""
    found = []
    state = None
    for h, entry in enumerate(record["hands"]):
        state = engine.new_game({"target": record["target"]}, entry["deal"]) if state is None else engine.next_hand(state, entry["deal"])
        moments = []
        for action in entry["actions"]:
            moments.append((engine.view(state, seat), action))
            state, _ = engine.apply(state, action)
        found.extend((h, *decision) for decision in judging.decisions(moments))
    judged = []
    for done, (h, step, kind, view, memory, action) in enumerate(found, 1):
        rng = judging.seeded(seed, h, step, kind)
        judged.append({"hand": h, "step": step, "kind": kind} | judging.judge(kind, view, memory, action, rng))
        if progress is not None:
            progress(done, len(found))
    return judged
