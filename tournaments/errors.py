from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "bad_game": _("There is no such game."),
    "bad_options": _("These table options are not valid for this game."),
    "bad_times": _("A tournament starts in the future and lasts from 5 minutes to 24 hours."),
    "over": _("This tournament is over."),
    "not_open": _("This Swiss tournament has started: players join before its first round."),
    "bad_rounds": _("A Swiss tournament has from 1 to 15 rounds."),
    "withdrawn": _("You were withdrawn from this tournament for leaving a game."),
    "not_entered": _("You have not joined this tournament."),
    "accounts_only": _("Tournaments are rated: keep your account to play in them."),
    "no_teams": _("In this game everyone plays for themselves: there are no teams to register."),
    "teams_closed": _("Teams can no longer change: the tournament has started or is over."),
    "in_a_team": _("You are already in a full team."),
    "no_such_player": _("There is no player of that name."),
    "self_invite": _("Invite someone else: you are in your team already."),
    "invited_taken": _("That player is already in a full team or was withdrawn."),
    "no_such_team": _("This invitation is no longer open."),
    "team_full": _("This team is full."),
    "no_team": _("You are not in a team."),
    "team_in_game": _("Your team is in a game: change it once the game is over."),
    "no_rematch": _("A tournament game has no rematch: go back to the tournament to be paired again."),
}


class TournamentError(Exception):
    def __init__(self, code: str):
        super().__init__(code)
        self.code = code

    @property
    def message(self) -> str:
        return str(MESSAGES[self.code])
