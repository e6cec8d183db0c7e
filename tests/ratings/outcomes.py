"""A finished two-team game as the games app announces it, for tests that need ratings."""

from games.outcome import Outcome, Side


def two_teams(players, *, game_id: int, winner: int = 0, game: str = "dummy") -> Outcome:
    """`players[:2]` against `players[2:]`, a full game won by team `winner`."""
    return Outcome(
        game=game,
        game_id=game_id,
        sides=tuple(Side(players=tuple(p.pk for p in team), place=1 if k == winner else 2)
                    for k, team in enumerate((players[:2], players[2:]))),
        reason="normal",
        leaver=None,
        weight=1.0,
        progressed=True,
        rated=True,
        has_bots=False,
        expelled=None,
    )
