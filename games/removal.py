"""The platform's narrow door for apps that remove a player from a table (moderation's
vote-kicks): they reach the one write path through these two functions only."""

from games import services


def kick_from_game(*, table_id: int, seat: str) -> None:
    """The game ends at once as an abandonment by the removed seat (spec: in-game vote-kick)."""
    services.submit(table_id=table_id, action={"type": "kick", "seat": seat}, server=True)


def unseat(*, table_id: int, user) -> None:
    """Off the seat of a waiting table."""
    services.stand(table_id=table_id, user=user)
