"""The operator's knobs, read at call time so a changed setting (or a test override) applies
at once. The defaults are the site's rules; config/settings.py may set any of them."""

from datetime import timedelta

from django.conf import settings

from moderation import ladder


def cooldown_steps() -> tuple[timedelta, ...]:
    seconds = getattr(settings, "COOLDOWN_STEPS_SECONDS", None)
    if seconds is None:
        return ladder.STEPS
    return tuple(timedelta(seconds=s) for s in seconds)


def clean_period() -> timedelta:
    return timedelta(days=getattr(settings, "COOLDOWN_CLEAN_DAYS", ladder.CLEAN_PERIOD.days))


def vote_kick_duration() -> timedelta:
    return timedelta(seconds=getattr(settings, "VOTE_KICK_SECONDS", 60))


def table_bar() -> timedelta:
    return timedelta(seconds=getattr(settings, "VOTE_KICK_TABLE_BAR_SECONDS", 30))
