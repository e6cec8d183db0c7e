"""A finished tournament game counts once, in the transaction that ends it: the game says the
points of each side (Game.tournament_points); two wins in a row put a player on fire and
every further game scores double until one is not a win (lichess's arena streaks; a Swiss has
none). A game
voided by a server fault counts for nobody; a player who left it is withdrawn, and their
registered team dissolved."""

from games import registry
from games.outcome import LEAVING_REASONS, Outcome
from tournaments.models import Entry, Pairing, Result, Team
from tournaments.services import announce


def count_finished_game(sender, *, outcome: Outcome, **kwargs) -> None:
    pairing = (Pairing.objects.select_for_update().filter(table_id=outcome.game_id, counted=False)
               .select_related("tournament").first())
    if pairing is None:
        return
    pairing.counted = True
    pairing.voided = outcome.reason == "void"
    pairing.save(update_fields=["counted", "voided"])
    if not pairing.voided:
        _score(pairing, outcome)
    announce(pairing.tournament_id, users=outcome.users)


def _score(pairing: Pairing, outcome: Outcome) -> None:
    entries = {e.user_id: e for e in Entry.objects.select_for_update()
               .filter(tournament_id=pairing.tournament_id, user_id__in=outcome.users)}
    results = scored(outcome, entries, swiss=pairing.tournament.swiss)
    for user_id, *_ in results:
        if user_id in _leavers(outcome):
            _leave_team(entries[user_id])
        # Not the team: a leaver's team mate's row here still names the team just dissolved.
        entries[user_id].save(update_fields=["score", "games", "streak", "withdrawn"])
    Result.objects.bulk_create([Result(pairing=pairing, user_id=user_id, place=place, points=points, doubled=doubled)
                                for user_id, place, points, doubled in results])


def scored(outcome: Outcome, entries: dict, *, swiss: bool) -> list[tuple[int, int, int, bool]]:
    """What a counted game gives each entered player: (user, place, points, doubled). Each of
    their `entries` (an Entry, or anything with its score, games, streak and withdrawn) moves on
    by it; the stored standings and their recomputation (`standings.recompute`) both count so."""
    game = registry.get(outcome.game)
    leavers = _leavers(outcome)
    results = []
    for side in outcome.sides:
        base = game.tournament_points(outcome, side)
        for user_id in side.players:
            entry = entries.get(user_id)
            if entry is None:
                continue
            won = side.place == 1 and user_id not in leavers
            points, doubled = (base, False) if swiss else points_after_streak(entry, base, won=won)
            if user_id in leavers:
                points, doubled, entry.withdrawn = 0, False, True
            entry.score += points
            entry.games += 1
            results.append((user_id, side.place, points, doubled))
    return results


def _leave_team(entry: Entry) -> None:
    """A withdrawn player's team is no more: its others are paired again, alone (drawn into
    teams with other players)."""
    if entry.team_id is not None:
        Entry.objects.filter(team_id=entry.team_id).update(team=None)
        Team.objects.filter(pk=entry.team_id).delete()


def _leavers(outcome: Outcome) -> set[int]:
    """Who left: the expelled player, else a leaving side of one; a teammate stays in."""
    if outcome.expelled is not None:
        return {outcome.expelled}
    if outcome.reason in LEAVING_REASONS and len(outcome.sides[outcome.leaver].players) == 1:
        return {user for user in outcome.sides[outcome.leaver].players if user is not None}
    return set()


def points_after_streak(entry: Entry, base: int, *, won: bool) -> tuple[int, bool]:
    """The points a result scores for this entry, and whether they were doubled; the entry's
    streak moves on (a win adds one, anything else ends it)."""
    doubled = entry.on_fire and base > 0
    entry.streak = entry.streak + 1 if won else 0
    return (base * 2 if doubled else base), doubled
