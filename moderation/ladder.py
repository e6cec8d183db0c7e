"""The cooldown ladder: how long a player's next participation cooldown lasts, from their
incident history and "now" alone. Pure Python, no Django and no clock, so the rule is tested
as a table of histories.

The rule (platform spec, "Participation cooldowns"): 5 min, 30 min, 2 h, 24 h, then 7 days for
the 5th and every further one, which a moderator reviews. Once a cooldown has ended, 7 clean
days make the next one the first again; an early leave before that climbs one step. Playing or
winning shortens nothing, so only incidents count.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

STEPS = (
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=24),
    timedelta(days=7),
)
CLEAN_PERIOD = timedelta(days=7)


@dataclass(frozen=True)
class Past:
    """One earlier cooldown: when it started and when it really ended (its planned end, or
    the moment a moderator lifted it — lifting ends it, so the clean days count from there)."""

    started: datetime
    ended: datetime


@dataclass(frozen=True)
class Cooldown:
    level: int
    duration: timedelta
    needs_review: bool


def next_cooldown(
    history: Iterable[Past],
    now: datetime,
    *,
    steps: Sequence[timedelta] = STEPS,
    clean_period: timedelta = CLEAN_PERIOD,
) -> Cooldown:
    """The cooldown an incident at `now` earns, given every earlier one."""
    level, last_end = 0, None
    for past in sorted(history, key=lambda p: p.started):
        level = _climb(level, last_end, past.started, clean_period)
        # Cooldowns can overlap (an expulsion at a private table while one runs): the clean
        # days start after the last of them.
        last_end = past.ended if last_end is None else max(last_end, past.ended)
    level = _climb(level, last_end, now, clean_period)
    top = len(steps)
    return Cooldown(level=level, duration=steps[min(level, top) - 1], needs_review=level >= top)


def _climb(level: int, last_end: datetime | None, at: datetime, clean_period: timedelta) -> int:
    if last_end is None or at - last_end >= clean_period:
        return 1
    return level + 1
