"""The moderation API in one place, for games, lobby, consumers, admin and tasks alike.
Each name lives in a small module by topic; this module only gathers them."""

from moderation.access import ensure_may_chat, ensure_may_play, ensure_may_sit, ensure_not_banned
from moderation.cooldowns import (
    close_ended_cooldowns,
    lift_cooldown,
    next_cooldown,
    participation_block,
    record_expulsion,
    review_cooldown,
)
from moderation.notify import user_group
from moderation.reports import file_report, resolve_report
from moderation.devices import linked_accounts
from moderation.sanctions import (
    active_ban,
    active_mute,
    ban,
    ensure_may_sanction,
    extend_ban,
    is_banned,
    is_muted,
    lift,
    mute,
)
from moderation.votes import cast_ballot, expire_votes, open_vote, open_votes, table_bar_until

__all__ = [
    "active_ban",
    "active_mute",
    "ban",
    "cast_ballot",
    "close_ended_cooldowns",
    "ensure_may_chat",
    "ensure_may_play",
    "ensure_may_sanction",
    "ensure_may_sit",
    "ensure_not_banned",
    "expire_votes",
    "extend_ban",
    "file_report",
    "is_banned",
    "is_muted",
    "lift",
    "lift_cooldown",
    "linked_accounts",
    "mute",
    "next_cooldown",
    "open_vote",
    "open_votes",
    "participation_block",
    "record_expulsion",
    "resolve_report",
    "review_cooldown",
    "table_bar_until",
    "user_group",
]
