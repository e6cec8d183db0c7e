"""Refusals moderation gives, with a code and a sentence. They have the same shape as
games.errors.TableError (code, params, MESSAGES beside the class), so the table and lobby
sockets answer them with `games.errors.translated_message` like any other refusal."""

from datetime import datetime, timezone

from django.utils.formats import date_format
from django.utils.translation import gettext_noop

MESSAGES = {
    "banned": gettext_noop("Your account is banned."),
    "muted": gettext_noop("A moderator has muted you: you cannot write in the chat for now."),
    "cooldown": gettext_noop(
        "You have a participation cooldown: you can watch and play at private tables until it ends."
    ),
    "device_banned": gettext_noop(
        "An account used in this browser is banned until %(until)s (UTC): no new accounts or guests can be made "
        "in this browser until then."
    ),
    "device_banned_for_good": gettext_noop(
        "An account used in this browser is banned without an end date: no new accounts or guests can be made "
        "in this browser."
    ),
    "address_banned": gettext_noop(
        "A moderator has blocked new accounts and guests from your network address until %(until)s (UTC), "
        "after a ban."
    ),
    "device_cooldown": gettext_noop(
        "An account used in this browser has a participation cooldown until %(until)s (UTC): until then this "
        "browser plays at private tables and against bots only."
    ),
    "table_bar": gettext_noop("You were voted off this table; you can sit down here again in a few seconds."),
    "not_seated": gettext_noop("Only players seated at this table can vote."),
    "target_not_seated": gettext_noop("That player is not seated at this table."),
    "self_vote": gettext_noop("You cannot open a vote against yourself."),
    "bad_reason": gettext_noop("Choose a reason from the list."),
    "vote_running": gettext_noop("A vote against this player is already running."),
    "vote_used": gettext_noop("You already opened a vote against this player at this table."),
    "not_voter": gettext_noop("You cannot vote on this."),
    "already_voted": gettext_noop("You have already voted."),
    "vote_closed": gettext_noop("This vote is over."),
    "table_over": gettext_noop("This table has finished."),
    "no_vote": gettext_noop("There is no such vote."),
    "not_running": gettext_noop("This cooldown is not running."),
    "self_report": gettext_noop("You cannot report yourself."),
    "already_reported": gettext_noop("You already reported this player for this; a moderator will look at it."),
    "already_lifted": gettext_noop("This has already been lifted."),
    "ban_not_in_force": gettext_noop("This ban is not in force."),
    "no_linked_accounts": gettext_noop("No chosen account is left to ban: each is banned as long already, or "
                                       "out of your reach."),
    "not_linked": gettext_noop("Only accounts linked to the banned player can be banned this way."),
    "superuser_protected": gettext_noop("A superuser cannot be banned or muted."),
    "staff_protected": gettext_noop("A staff account cannot be banned or muted by a moderator, only by a superuser."),
}


class ModerationError(Exception):
    def __init__(self, code: str):
        self.code = code
        self.params: dict = {}
        self.message = MESSAGES[code]
        super().__init__(self.message)


class Blocked(ModerationError):
    """The player may not take a seat: banned, cooling down, or just voted off this table.
    `until` is when that ends (None for a permanent ban)."""

    def __init__(self, code: str, until: datetime | None = None):
        super().__init__(code)
        self.until = until

    @classmethod
    def with_until(cls, code: str, until: datetime | None) -> "Blocked":
        """A refusal whose sentence says until when; the `_for_good` variant when it never ends."""
        if until is None:
            return cls(f"{code}_for_good")
        blocked = cls(code, until)
        blocked.params = {"until": date_format(until.astimezone(timezone.utc), "DATETIME_FORMAT", use_l10n=True)}
        return blocked


class VoteError(ModerationError):
    """A vote-kick request refused; nothing was changed."""
