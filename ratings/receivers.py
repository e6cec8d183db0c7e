"""Ratings hear of finished games through the platform's one event, never by a game's call."""

from games import registry
from games.outcome import Outcome
from ratings.services import settle_outcome


def settle_finished_game(sender, *, outcome: Outcome, **kwargs) -> None:
    # A game that is never rated (one played only in practice and private rooms) leaves no settlement.
    if registry.get(outcome.game).rated:
        settle_outcome(outcome)
