"""What a tournament page shows: standings, the games in play, and each player's results."""

from collections import defaultdict
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import ngettext

from games import registry, results
from games.models import Seat, Table
from tournaments import team_registration
from tournaments.models import Entry, Pairing, Result, Tournament
from tournaments.teams import team_size
from tournaments.scoring import scored

SHOWN = 200


def page_context(tournament: Tournament, user=None) -> dict:
    return shared_context(tournament) | own_context(tournament, user)


def own_context(tournament: Tournament, user) -> dict:
    """The viewer's own line: whether they are in, waiting, or at a game (its table)."""
    if user is None or not user.is_authenticated:
        return {"mine": None, "own_table": None}
    seat = (Seat.objects.filter(user=user, table__status=Table.Status.PLAYING,
                                table__tournament_pairing__tournament=tournament).select_related("table").first())
    mine = Entry.objects.filter(tournament=tournament, user=user).first()
    now = timezone.now()
    waiting = (seat is None and mine is not None and not (mine.withdrawn or mine.paused) and not tournament.swiss
               and tournament.starts_at <= now and not tournament.over(now))
    # A team whose invitation is still open waits for it (tournaments.teams).
    unanswered = (mine is not None and mine.team_id is not None
                  and len(mates_of([mine.team_id]).get(mine.team_id, ())) < team_size(game_of(tournament).teams))
    return {"mine": mine, "own_table": seat.table if seat else None, "waiting": waiting and not unanswered,
            "unanswered": waiting and unanswered}


def shared_context(tournament: Tournament) -> dict:
    """What every viewer of the page sees alike (drawn once per update for all of them)."""
    game = registry.get(tournament.game)
    now = timezone.now()
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user")[:SHOWN])
    if tournament.swiss:
        entries = by_tie_break(tournament, entries)
    if game.teams:
        mates = mates_of({e.team_id for e in entries if e.team_id})
        for entry in entries:
            entry.mates = [name for name in mates.get(entry.team_id, ()) if name != entry.user.username]
    running = list(Pairing.objects.filter(tournament=tournament, table__status=Table.Status.PLAYING)
                   .select_related("table").prefetch_related("table__seats__user"))
    over = tournament.over(now)
    finished = over and not running
    return {
        "tournament": tournament, "game": game, "entries": entries, "running": running,
        "rule": game.tournament_rule(tournament.options),
        "started": tournament.starts_at <= now, "over": over, "finished": finished,
        "joinable": tournament.joinable(now),
        "starts_in": max(0, int((tournament.starts_at - now).total_seconds())),
        "ends_in": max(0, int((tournament.ends_at - now).total_seconds())),
        "podium": entries[:3] if finished else [],
        "games_of": games_of(tournament, [e.user_id for e in entries]) if finished else {},
        **countdown_units(),
    }


def game_of(tournament: Tournament):
    return registry.get(tournament.game)


def mates_of(team_ids) -> dict[int, list[str]]:
    """Each team's players' names."""
    names = defaultdict(list)
    for team_id, username in (Entry.objects.filter(team_id__in=team_ids).order_by("pk")
                              .values_list("team_id", "user__username")):
        names[team_id].append(username)
    return dict(names)


def team_context(tournament: Tournament, user, code: str = "") -> dict:
    """The viewer's team, where the game has teams: theirs (its players, the one invited by
    name, its link) and a team that offers them a place (by its link's code, or by name)."""
    size = team_size(game_of(tournament).teams)
    if size < 2:
        return {"teams": False}
    now = timezone.now()
    context = {"teams": True, "team_size": size,
               "teams_open": tournament.joinable(now) and not (tournament.swiss and tournament.starts_at <= now)}
    if user is None:
        return context
    mine = Entry.objects.filter(tournament=tournament, user=user).select_related("team__invited").first()
    team = mine.team if mine else None
    if team is not None:
        members = mates_of([team.pk]).get(team.pk, [])
        link = tournament.get_absolute_url()
        context |= {"my_team": team, "team_members": members, "team_full": len(members) >= size,
                    "team_link": f"{link}{'&' if '?' in link else '?'}team={team.code}"}
    if team is None or len(context["team_members"]) < size:
        context["offered"] = team_registration.offered(tournament, user, code)
    return context


def countdown_units() -> dict:
    """How the countdown script spells days, in the page's language."""
    return {"day_one": ngettext("%(n)s day", "%(n)s days", 1), "day_other": ngettext("%(n)s day", "%(n)s days", 2)}


def by_tie_break(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Swiss standings: by score, then by Buchholz — the sum of the final scores of every
    opponent the player met at a table (team mates, bots and byes add nothing); each entry gets
    its `buchholz`."""
    score = dict(Entry.objects.filter(tournament=tournament).values_list("user_id", "score"))
    team_of = {seat: n for n, seats in enumerate(game_of(tournament).teams) for seat in seats}
    opponents = defaultdict(list)
    for seats in _tables_of(tournament).values():
        for user, position in seats:
            opponents[user] += [other for other, at in seats
                                if other != user and (position not in team_of or team_of.get(at) != team_of[position])]
    for entry in entries:
        entry.buchholz = sum(score.get(other, 0) for other in opponents[entry.user_id])
    return sorted(entries, key=lambda e: (-e.score, -e.buchholz, e.joined_at))


def _tables_of(tournament: Tournament) -> dict[int, list[tuple[int, str]]]:
    """Each counted table's players with their seats."""
    tables = defaultdict(list)
    for table_id, user_id, position in (Seat.objects.filter(table__tournament_pairing__tournament=tournament,
                                                            table__tournament_pairing__voided=False,
                                                            user__isnull=False)
                                        .values_list("table_id", "user_id", "position")):
        tables[table_id].append((user_id, position))
    return tables


def games_of(tournament: Tournament, user_ids: list[int]) -> dict[int, list[Result]]:
    """Each player's counted results, oldest first, for the winner's page."""
    by_user = defaultdict(list)
    for result in (Result.objects.filter(pairing__tournament=tournament, user_id__in=user_ids)
                   .select_related("pairing").order_by("pairing_id")):
        by_user[result.user_id].append(result)
    return dict(by_user)


def listed(now=None) -> list[Tournament]:
    """Public tournaments not over, soonest first, for the lobby."""
    now = now or timezone.now()
    return [t for t in Tournament.objects.filter(private=False).order_by("starts_at")[:50] if not t.over(now)]


@dataclass
class Standing:
    """An entry's line as its games make it."""

    score: int = 0
    games: int = 0
    streak: int = 0
    withdrawn: bool = False

    @property
    def on_fire(self) -> bool:
        return self.streak >= 2


def recompute(tournament: Tournament) -> dict[int, Standing]:
    """Every entry's line counted afresh from the finished games of the tournament, as their
    tables ended them (a voided game counts for nobody, a game in play not yet), to hold
    against the stored standings (`stored`) after a fault or a doubt."""
    lines = {user_id: Standing() for user_id in Entry.objects.filter(tournament=tournament)
             .values_list("user_id", flat=True)}
    # A player's games never overlap, so the order of the tables is the order of their results.
    for pairing in (Pairing.objects.filter(tournament=tournament, table__status=Table.Status.FINISHED)
                    .select_related("table").order_by("pk")):
        outcome = results.outcome_of(pairing.table)
        if outcome.reason != "void":
            scored(outcome, lines, swiss=tournament.swiss)
    return lines


def stored(tournament: Tournament) -> dict[int, Standing]:
    return {e.user_id: Standing(e.score, e.games, e.streak, e.withdrawn)
            for e in Entry.objects.filter(tournament=tournament)}
