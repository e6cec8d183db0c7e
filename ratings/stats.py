"""Players' statistics per game, kept as running sums: when a game finishes (the platform's
game_finished event), the game's own `record_stats` reads its record once, and each seated
player's counts are added to their row. A player page reads the rows; it replays nothing.

Every finished game that was not voided counts (rated or not, with bots or not): these are
what a player did, not what they are rated on."""

import logging

from django.db import IntegrityError, transaction

from games import registry, snapshots
from games.models import Seat, Table
from games.outcome import Outcome
from ratings.models import CountedGame, PlayerStats

log = logging.getLogger(__name__)


def count_finished_game(sender, *, outcome: Outcome, **kwargs) -> None:
    if outcome.reason == "void" or not outcome.users:
        return
    game = registry.get(outcome.game)
    try:
        with transaction.atomic():
            CountedGame.objects.create(game_kind=outcome.game, game_id=outcome.game_id)
    except IntegrityError:
        return  # counted already: an event told twice adds nothing
    table = Table.objects.get(pk=outcome.game_id)
    per_seat = _record_stats(game, table) if game.keeps_stats else {}
    seated = dict(Seat.objects.filter(table_id=table.pk, user__isnull=False).values_list("position", "user_id"))
    add(outcome.game, {user: per_seat.get(position, {}) for position, user in seated.items()})


def add(game_kind: str, counts_by_user: dict[int, dict[str, float]]) -> None:
    """Add one game to each player's row: one more game, and its counts to their sums."""
    users = sorted(counts_by_user)
    PlayerStats.objects.bulk_create([PlayerStats(user_id=user, game_kind=game_kind) for user in users],
                                    ignore_conflicts=True)
    for row in PlayerStats.objects.select_for_update().filter(game_kind=game_kind, user__in=users).order_by("user_id"):
        totals = dict(row.totals)
        for name, value in counts_by_user[row.user_id].items():
            totals[name] = totals.get(name, 0) + value
        row.games, row.totals = row.games + 1, totals
        row.save(update_fields=["games", "totals", "updated_at"])


def lines(row: PlayerStats) -> list[tuple[str, str]]:
    game = registry.GAMES.get(row.game_kind)
    return game.stat_lines(row.totals, row.games) if game is not None and game.keeps_stats else []


def _record_stats(game: registry.Game, table: Table) -> dict:
    # This runs in the transaction that ends the game: a statistic that cannot be read from
    # the record must not keep the table from finishing. The game still counts as played.
    try:
        return game.record_stats(game.engine.build_record(snapshots.full_state(table)))
    except Exception:
        log.exception("no statistics from %s table %s", table.game, table.pk)
        return {}
