"""The post-game reviews' measure, shared by every game's reviewer: the choice made and its
alternatives played out on the same sampled deals (paired), and the verdict on the one made.
Counted in playouts, never in seconds, so that a verdict is the same on any machine for a
given rng."""

Z = 2.0


def paired(rng, sample, choices, score, samples: int) -> list:
    """Per choice, its scores on the same ``samples`` deals: ``sample(rng)`` draws a deal
    consistent with the seat's view, ``score(deal, choice)`` plays it out."""
    scores = [[] for _ in choices]
    for _ in range(samples):
        deal = sample(rng)
        for slot, choice in enumerate(choices):
            scores[slot].append(score(deal, choice))
    return scores


def verdict(actions, scores, min_cost: float, digits: int = 0) -> dict:
    """The verdict on ``actions[0]`` (the choice made) against the others: marked when the
    best beats it by more than the sampling noise (``Z`` standard errors of the paired
    differences) and by at least ``min_cost`` of expected score; the cost is rounded to
    ``digits`` places (the scores to one more)."""
    means = [sum(s) / len(s) for s in scores]
    best = max(range(len(actions)), key=lambda i: (means[i], -i))
    cost = means[best] - means[0]
    flagged = best != 0 and cost >= min_cost and clearly_better(scores[best], scores[0])
    shown = round(cost, digits) if digits else round(cost)
    return {"played": actions[0], "score": round(means[0], digits + 1), "best": actions[best],
            "best_score": round(means[best], digits + 1), "cost": shown if flagged else 0,
            "flagged": flagged}


def clearly_better(scores, baseline) -> bool:
    diffs = [a - b for a, b in zip(scores, baseline)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean > 0 and mean * mean * n > Z * Z * spread
