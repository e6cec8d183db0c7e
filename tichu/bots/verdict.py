"""The review's measure: choices played out on the same sampled deals, and the verdict on the
one made (``review``). Counted in playouts, never in seconds, so that a verdict is the same
on any machine for a given rng."""

SAMPLES = 64
MIN_COST = 10
Z = 2.0


def paired(rng, sample, choices, score) -> list:
    """Per choice, its scores on the same ``SAMPLES`` deals: ``sample(rng)`` draws a deal
    consistent with the seat's view, ``score(deal, choice)`` plays it out."""
    scores = [[] for _ in choices]
    for _ in range(SAMPLES):
        deal = sample(rng)
        for slot, choice in enumerate(choices):
            scores[slot].append(score(deal, choice))
    return scores


def verdict(actions, scores) -> dict:
    """The verdict on ``actions[0]`` (the choice made) against the others: marked when the
    best beats it by more than the sampling noise (``Z`` standard errors of the paired
    differences) and by at least ``MIN_COST`` points of expected hand score."""
    means = [sum(s) / len(s) for s in scores]
    best = max(range(len(actions)), key=lambda i: (means[i], -i))
    cost = means[best] - means[0]
    flagged = best != 0 and cost >= MIN_COST and _clearly_better(scores[best], scores[0])
    return {"played": actions[0], "score": round(means[0], 1), "best": actions[best],
            "best_score": round(means[best], 1), "cost": round(cost) if flagged else 0,
            "flagged": flagged}


def _clearly_better(scores, baseline) -> bool:
    diffs = [a - b for a, b in zip(scores, baseline)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean > 0 and mean * mean * n > Z * Z * spread
