"""The cooldown ladder as a table: a player's earlier cooldowns and "now" → the next one."""

from datetime import datetime, timedelta, timezone

import pytest

from moderation.ladder import Cooldown, Past, next_cooldown

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=timezone.utc)
MIN, HOUR, DAY = timedelta(minutes=1), timedelta(hours=1), timedelta(days=1)


def served(start: timedelta, length: timedelta) -> Past:
    """A cooldown that started `start` after T0 and ran its full length."""
    return Past(started=T0 + start, ended=T0 + start + length)


FIRST_FOUR = [served(0 * DAY, 5 * MIN), served(1 * DAY, 30 * MIN), served(2 * DAY, 2 * HOUR), served(3 * DAY, DAY)]


@pytest.mark.parametrize(
    ("history", "now", "level", "duration"),
    [
        pytest.param([], T0, 1, 5 * MIN, id="a first expulsion costs 5 minutes"),
        pytest.param(FIRST_FOUR[:1], T0 + DAY, 2, 30 * MIN, id="the second within 7 days: 30 minutes"),
        pytest.param(FIRST_FOUR[:2], T0 + 2 * DAY, 3, 2 * HOUR, id="the third: 2 hours"),
        pytest.param(FIRST_FOUR[:3], T0 + 3 * DAY, 4, DAY, id="the fourth: 24 hours"),
        pytest.param(FIRST_FOUR, T0 + 5 * DAY, 5, 7 * DAY, id="the fifth: 7 days"),
        pytest.param(
            [*FIRST_FOUR, served(5 * DAY, 7 * DAY)], T0 + 13 * DAY, 6, 7 * DAY, id="the sixth: 7 days again"
        ),
        pytest.param(
            FIRST_FOUR[:1], T0 + 5 * MIN + 7 * DAY, 1, 5 * MIN, id="7 clean days after the end reset the ladder"
        ),
        pytest.param(
            FIRST_FOUR[:1],
            T0 + 5 * MIN + 7 * DAY - timedelta(seconds=1),
            2,
            30 * MIN,
            id="a second short of 7 clean days still climbs",
        ),
        pytest.param(
            FIRST_FOUR[:3], T0 + 2 * DAY + 2 * HOUR + 7 * DAY, 1, 5 * MIN, id="a reset from the third step too"
        ),
        pytest.param(
            [served(0 * DAY, 5 * MIN), served(10 * DAY, 5 * MIN)],
            T0 + 11 * DAY,
            2,
            30 * MIN,
            id="after a reset the count starts over from the first",
        ),
        pytest.param(
            [served(0 * DAY, DAY)], T0 + 7 * DAY, 2, 30 * MIN, id="clean days count from the end, not the start"
        ),
        pytest.param(
            [Past(started=T0, ended=T0 + 10 * MIN)],
            T0 + 10 * MIN + 7 * DAY,
            1,
            5 * MIN,
            id="a lifted cooldown ended when it was lifted",
        ),
        pytest.param(
            [served(0 * DAY, 7 * DAY), served(DAY, 5 * MIN)],
            T0 + 9 * DAY,
            3,
            2 * HOUR,
            id="overlapping cooldowns: clean days start after the last one ends",
        ),
        pytest.param(
            list(reversed(FIRST_FOUR[:2])), T0 + 2 * DAY, 3, 2 * HOUR, id="the order of the history does not matter"
        ),
    ],
)
def test_the_next_cooldown(history, now, level, duration):
    assert next_cooldown(history, now) == Cooldown(level=level, duration=duration, needs_review=level >= 5)


def test_only_the_fifth_and_later_steps_need_review():
    flags = []
    history: list[Past] = []
    now = T0
    for _ in range(6):
        cooldown = next_cooldown(history, now)
        flags.append(cooldown.needs_review)
        history.append(Past(started=now, ended=now + cooldown.duration))
        now += cooldown.duration + HOUR
    assert flags == [False, False, False, False, True, True]


def test_operators_can_set_other_steps_and_clean_period():
    steps = (MIN, 2 * MIN)
    history = [Past(started=T0, ended=T0 + MIN)]
    assert next_cooldown(history, T0 + MIN + DAY, steps=steps, clean_period=DAY) == Cooldown(1, MIN, False)
    assert next_cooldown(history, T0 + HOUR, steps=steps, clean_period=DAY) == Cooldown(2, 2 * MIN, True)
