"""The review of one seat of a finished Tichu game (Game.review): the record replayed
through the engine, that seat's view at every moment, and each of its decisions (calls,
exchange, plays, Dragon gifts) judged by the expert's playouts on that view alone (tichu.bots.review)."""

from gamekit.fold import steps
from tichu import engine
from tichu.bots import review as judging


def review(record: dict, seat: str, seed: int, progress=None) -> list[dict]:
    """Every judged decision as {hand, step, kind, played, best, cost, flagged, score,
    best_score}; `step` is the moment the decision was taken in (its action comes next),
    `kind` what was decided (tichu.bots.review.decisions: grand, exchange, tichu, play,
    gift).
    `progress(done, total)` is told after each decision."""
    moments = [[] for _ in record["hands"]]
    for step in steps(engine, {"target": record["target"]}, record["hands"]):
        if step.action is not None:
            moments[step.hand].append((engine.view(step.before, seat), step.action))
    found = [(h, *decision) for h, hand in enumerate(moments) for decision in judging.decisions(hand)]
    judged = []
    for done, (h, step, kind, view, memory, action) in enumerate(found, 1):
        rng = judging.seeded(seed, h, step, kind)
        judged.append({"hand": h, "step": step, "kind": kind} | judging.judge(kind, view, memory, action, rng))
        if progress is not None:
            progress(done, len(found))
    return judged
