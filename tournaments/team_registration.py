"""Registering a team for a tournament of a game with teams: a player who has joined invites a
team mate by name or by the team's link, the other accepts (and so joins) on the tournament
page; either may dissolve the team before a Swiss starts, or in an arena while neither is at
a table. A player withdrawn for leaving a game leaves their team (scoring), and the others
play on without them. Every change locks the tournament row, as pairing does, so a team is
never changed while it is being paired."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import registry
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Team, Tournament
from tournaments.teams import team_size


def size(tournament: Tournament) -> int:
    """How many play in a registered team of this tournament's game (1: no teams)."""
    return team_size(registry.get(tournament.game).teams)


def _locked(tournament: Tournament) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if size(tournament) < 2:
        raise TournamentError("no_teams")
    if not tournament.joinable() or (tournament.swiss and tournament.starts_at <= timezone.now()):
        raise TournamentError("teams_closed")
    return tournament


def _entry(tournament: Tournament, user) -> Entry:
    entry = Entry.objects.filter(tournament=tournament, user=user, withdrawn=False).select_related("team").first()
    if entry is None:
        raise TournamentError("not_entered")
    return entry


def complete(team: Team, tournament: Tournament) -> bool:
    return team.members.count() >= size(tournament)


@transaction.atomic
def invite(tournament: Tournament, user, username: str) -> Team:
    """Invite `username` into the user's team (made now if they have none yet); without a name,
    the team is made for its link alone."""
    tournament = _locked(tournament)
    entry = _entry(tournament, user)
    team = entry.team
    if team is not None and complete(team, tournament):
        raise TournamentError("in_a_team")
    invited = None
    if username:
        invited = get_user_model().objects.filter(username__iexact=username.strip()).first()
        if invited is None or getattr(invited, "is_guest", False):
            raise TournamentError("no_such_player")
        if invited.pk == user.pk:
            raise TournamentError("self_invite")
        theirs = Entry.objects.filter(tournament=tournament, user=invited).select_related("team").first()
        if theirs is not None and (theirs.withdrawn or (theirs.team and complete(theirs.team, tournament))):
            raise TournamentError("invited_taken")
    if team is None:
        team = Team.objects.create(tournament=tournament, created_by=user)
        entry.team = team
        entry.save(update_fields=["team"])
    told = _concerned(team)
    if invited is not None:
        team.invited = invited
        team.save(update_fields=["invited"])
    services.announce(tournament.pk, users=told | _concerned(team))
    return team


@transaction.atomic
def accept(tournament: Tournament, user, code: str) -> Team:
    """Take the place offered in the team with this code (its link, or the invitation by name
    on the page): the user joins the tournament in that team."""
    tournament = _locked(tournament)
    team = Team.objects.select_for_update().filter(tournament=tournament, code=code).first()
    if team is None:
        raise TournamentError("no_such_team")
    if complete(team, tournament):
        raise TournamentError("team_full")
    mine = Entry.objects.filter(tournament=tournament, user=user).select_related("team").first()
    if mine is not None and mine.team_id == team.pk:
        raise TournamentError("in_a_team")
    told = _concerned(team)
    if mine is not None and mine.team is not None:
        if complete(mine.team, tournament):
            raise TournamentError("in_a_team")
        told |= _concerned(mine.team)
        _dissolve(mine.team)  # the user's own invitation, still open, gives way to this team
    entry = services.join(tournament, user)
    entry.team = team
    entry.save(update_fields=["team"])
    if complete(team, tournament):
        team.invited = None
        team.save(update_fields=["invited"])
    services.announce(tournament.pk, users=told | {user.pk})
    return team


@transaction.atomic
def decline(tournament: Tournament, user, code: str) -> None:
    """The player invited by name says no: the team's invitation to them ends."""
    team = Team.objects.filter(tournament=tournament, code=code, invited=user).first()
    if team is None:
        raise TournamentError("no_such_team")
    told = _concerned(team)
    team.invited = None
    team.save(update_fields=["invited"])
    services.announce(tournament.pk, users=told)


@transaction.atomic
def dissolve(tournament: Tournament, user) -> None:
    """A member ends their team (or withdraws their invitation): all of it plays alone again."""
    tournament = _locked(tournament)
    team = _entry(tournament, user).team
    if team is None:
        raise TournamentError("no_team")
    members = list(team.members.values_list("user_id", flat=True))
    if services.busy_user_ids(members):
        raise TournamentError("team_in_game")
    told = _concerned(team)
    _dissolve(team)
    services.announce(tournament.pk, users=told)


def _concerned(team: Team) -> set[int]:
    """Whose page shows this team: its players and the one it invites by name."""
    return set(team.members.values_list("user_id", flat=True)) | ({team.invited_id} if team.invited_id else set())


def _dissolve(team: Team) -> None:
    team.members.update(team=None)
    team.delete()


def offered(tournament: Tournament, user, code: str = "") -> Team | None:
    """The team that offers the user a place: by the link's code, or an invitation by name."""
    teams = Team.objects.filter(tournament=tournament).select_related("created_by")
    team = (teams.filter(code=code).first() if code else None) or teams.filter(invited=user).first()
    if team is None or complete(team, tournament) or team.members.filter(user=user).exists():
        return None
    return team
