"""Moderation reaches the tables through the one place that seats players and posts chat."""

import pytest

from games import services, timekeeping
from games.models import Table
from moderation.errors import Blocked
from moderation.models import Incident
from moderation.services import mute, record_expulsion
from tests.games.conftest import view_of

pytestmark = pytest.mark.django_db


def test_a_player_in_a_cooldown_cannot_create_or_join_a_public_table(alice, bob):
    record_expulsion(user=alice, table_id=None)
    with pytest.raises(Blocked) as error:
        services.create_table(game="dummy", user=alice, options={})
    assert error.value.code == "cooldown"
    table = services.create_table(game="dummy", user=bob, options={})
    with pytest.raises(Blocked):
        services.sit(table_id=table.pk, user=alice, position="B")
    assert not table.seats.filter(user=alice).exists()


def test_a_player_in_a_cooldown_may_still_play_at_a_private_table(alice, bob):
    record_expulsion(user=alice, table_id=None)
    table = services.create_table(game="dummy", user=alice, options={"private": True})
    services.sit(table_id=table.pk, user=bob, position="B")
    assert table.seats.filter(user=alice).exists()


def test_a_muted_player_cannot_chat(alice, bob):
    mute(user=alice, by=bob, reason="spam")
    with pytest.raises(Blocked) as error:
        services.post_chat(table_id=None, user=alice, text="hello")
    assert error.value.code == "muted"


def test_the_third_timeout_expels_and_gives_only_that_player_a_cooldown(team_table, four_players):
    t0 = min(d["started"] for d in team_table.clock["decisions"].values())
    for user in four_players[1:]:  # everyone but A picks in time
        services.submit(table_id=team_table.pk, user=user, action={"type": "pick", "n": 1}, now=t0 + 1)
    now = t0
    while now <= t0 + 136:
        timekeeping.tick(now=now)
        now += 1
    team_table.refresh_from_db()
    assert team_table.status == Table.Status.FINISHED
    assert view_of(team_table)["end"] == {"reason": "strikes", "seat": "A"}
    assert list(Incident.objects.values_list("user__username", flat=True)) == ["sam"]
    with pytest.raises(Blocked):
        services.create_table(game="dummy", user=four_players[0], options={})
    services.create_table(game="dummy", user=four_players[2], options={})  # the partner is not punished
