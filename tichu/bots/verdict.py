"""The Tichu review's measure (``review``): ``gamekit.verdict`` with Tichu's budget and its
threshold in points of expected hand score."""

from gamekit import verdict as shared

SAMPLES = 64
MIN_COST = 10


def paired(rng, sample, choices, score) -> list:
    return shared.paired(rng, sample, choices, score, SAMPLES)


def verdict(actions, scores) -> dict:
    return shared.verdict(actions, scores, MIN_COST)
