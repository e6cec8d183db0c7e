"""What a tournament says about its tables to the platform (games.hooks)."""

from tournaments.errors import TournamentError
from tournaments.models import Pairing


def no_rematch(table) -> None:
    """A tournament game's players go back to the tournament to be paired again."""
    if Pairing.objects.filter(table_id=table.pk).exists():
        raise TournamentError("no_rematch")
