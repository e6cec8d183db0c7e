"""The moderators' admin: records (incidents, bans, mutes, reports, votes, audit log), the
review queue, and the pieces of the user page that accounts/admin.py mixes in."""

from moderation.admin import queue, records

__all__ = ["queue", "records"]
