"""Expulsions climb the ladder; a running cooldown keeps a player from public tables only."""

from datetime import timedelta

import re

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.utils import translation

from games import services as games
from games.errors import translated_message
from moderation import services, tasks
from moderation.errors import Blocked
from moderation.models import Incident
from moderation.templatetags.moderation import time_left
from tests.moderation.conftest import NOW

pytestmark = pytest.mark.django_db
MIN, DAY = timedelta(minutes=1), timedelta(days=1)


def expel(user, at):
    return services.record_expulsion(user=user, table_id=None, now=at)


def test_each_expulsion_climbs_one_step_and_the_fifth_is_flagged(alice):
    at, incidents = NOW, []
    for _ in range(6):
        incidents.append(expel(alice, at))
        at = incidents[-1].cooldown_end + DAY
    assert [i.level for i in incidents] == [1, 2, 3, 4, 5, 6]
    assert [i.cooldown_end - i.cooldown_start for i in incidents] == [
        5 * MIN, 30 * MIN, timedelta(hours=2), DAY, 7 * DAY, 7 * DAY
    ]
    assert [i.needs_review for i in incidents] == [False, False, False, False, True, True]


def test_seven_clean_days_after_the_end_start_the_ladder_again(alice):
    first = expel(alice, NOW)
    second = expel(alice, first.cooldown_end + 7 * DAY)
    assert (second.level, second.cooldown_end - second.cooldown_start) == (1, 5 * MIN)


def test_the_cooldown_is_the_expelled_players_alone(alice, bob):
    expel(alice, NOW)
    assert services.participation_block(bob, now=NOW + MIN) is None
    assert services.participation_block(alice, now=NOW + MIN).user == alice


def test_a_cooldown_keeps_a_player_from_public_tables_but_not_private_ones(alice):
    incident = expel(alice, NOW)
    with pytest.raises(Blocked) as blocked:
        services.ensure_may_play(alice, public=True, now=NOW + MIN)
    assert (blocked.value.code, blocked.value.until) == ("cooldown", incident.cooldown_end)
    services.ensure_may_play(alice, public=False, now=NOW + MIN)
    services.ensure_may_play(alice, public=True, now=incident.cooldown_end)


def test_a_ban_keeps_a_player_from_private_tables_too(alice, moderator):
    services.ban(user=alice, by=moderator, reason="cheating", until=NOW + DAY, now=NOW)
    for public in (True, False):
        with pytest.raises(Blocked) as blocked:
            services.ensure_may_play(alice, public=public, now=NOW + MIN)
        assert (blocked.value.code, blocked.value.until) == ("banned", NOW + DAY)
    services.ensure_may_play(alice, public=True, now=NOW + DAY)


def test_seating_at_a_table_checks_its_privacy(alice, bob):
    public = games.create_table(game="dummy", user=bob, options={})
    games.stand(table_id=public.pk, user=bob)  # a player sits at one table at a time
    private = games.create_table(game="dummy", user=bob, options={"private": True})
    incident = expel(alice, NOW)
    with pytest.raises(Blocked):
        services.ensure_may_sit(alice, table=public, now=NOW + MIN)
    services.ensure_may_sit(alice, table=private, now=NOW + MIN)
    assert incident.running(NOW + MIN)


def test_a_lifted_cooldown_stays_on_record_and_still_counts(alice, moderator):
    incident = expel(alice, NOW)
    services.lift_cooldown(incident=incident, by=moderator, reason="server trouble", now=NOW + MIN)
    assert services.participation_block(alice, now=NOW + 2 * MIN) is None
    incident.refresh_from_db()
    assert (incident.lifted_by, incident.lift_reason) == (moderator, "server trouble")
    assert expel(alice, NOW + DAY).level == 2


def test_lifting_a_cooldown_that_is_over_is_refused(alice, moderator):
    incident = expel(alice, NOW)
    with pytest.raises(Exception) as error:
        services.lift_cooldown(incident=incident, by=moderator, reason="late", now=NOW + DAY)
    assert error.value.code == "not_running"


def test_the_beat_task_closes_ended_cooldowns_once(alice, bob):
    ended = expel(alice, NOW - DAY)
    running = services.record_expulsion(user=bob, table_id=None)
    assert tasks.close_ended_cooldowns() == 1
    assert tasks.close_ended_cooldowns() == 0
    assert Incident.objects.filter(closed_at__isnull=False).get() == ended
    assert Incident.objects.get(pk=running.pk).closed_at is None


@override_settings(COOLDOWN_STEPS_SECONDS=[60, 120], COOLDOWN_CLEAN_DAYS=1)
def test_operators_set_the_steps_and_the_clean_period(alice):
    first = expel(alice, NOW)
    assert (first.cooldown_end - first.cooldown_start, first.needs_review) == (MIN, False)
    second = expel(alice, NOW + 2 * MIN)
    assert (second.cooldown_end - second.cooldown_start, second.needs_review) == (2 * MIN, True)


BANNER = Template("{% load moderation %}{% cooldown_banner user %}")


def test_the_lobby_banner_shows_the_time_left(alice):
    services.record_expulsion(user=alice, table_id=None)
    html = BANNER.render(Context({"user": alice}))
    assert "Temporary warning: participation cooldown" in html
    left = re.search(r'<span id="cooldown-left" [^>]*data-countdown="(\d+)"[^>]*>([0-9:]+)</span>', html)
    assert int(left[1]) in (299, 300)
    assert left[2] == time_left(int(left[1]))


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(0, "0:00"), (299, "4:59"), (3600, "1:00:00"), (86399, "23:59:59"), (86400, "1 day 0:00:00"),
     (7 * 86400 - 1, "6 days 23:59:59")],
)
def test_the_time_left_reads_like_a_clock(seconds, shown):
    assert time_left(seconds) == shown


def test_without_a_cooldown_the_banner_is_an_empty_placeholder(alice, bob):
    expel(bob, NOW)
    assert BANNER.render(Context({"user": alice})) == '<div id="cooldown-banner" hidden></div>\n'


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("de", "Vorübergehende Warnung: Wartezeit für die Teilnahme"),
        ("el", "Προσωρινή προειδοποίηση: περίοδος αναμονής συμμετοχής"),
    ],
)
def test_the_banner_speaks_the_readers_language(alice, language, title):
    services.record_expulsion(user=alice, table_id=None)
    with translation.override(language):
        html = BANNER.render(Context({"user": alice}))
    assert title in html


def test_a_refusal_reads_in_the_players_language_like_any_table_error(alice):
    with pytest.raises(Blocked) as blocked:
        services.ensure_may_play(services.record_expulsion(user=alice, table_id=None).user, public=True)
    with translation.override("de"):
        assert translated_message(blocked.value).startswith("Du hast eine Wartezeit für die Teilnahme")
