"""Ratings hear of finished games through the platform's one event, never by a game's call."""

from games.outcome import Outcome
from ratings.services import settle_outcome


def settle_finished_game(sender, *, outcome: Outcome, **kwargs) -> None:
    settle_outcome(outcome)
