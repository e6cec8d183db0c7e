"""Moderators can read every rating, settled game and change in the admin, and edit none."""

import pytest
from django.urls import reverse

from ratings import services
from ratings.models import PlayerRank, PlayerStats, RankChange, Settlement
from tests.ratings.outcomes import two_teams

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(django_user_model):
    return django_user_model.objects.create_superuser("mod", password="x")


@pytest.fixture
def settled(django_user_model):
    players = [django_user_model.objects.create_user(name) for name in ("ann", "ben", "cat", "dan")]
    return services.settle_outcome(two_teams(players, game_id=7))


@pytest.mark.parametrize(("model", "shown"), [("rating", "ann"), ("settlement", "Dummy #7"), ("ratingchange", "ann")])
def test_a_moderator_can_list_each_kind_of_record_but_not_add_one(client, moderator, settled, model, shown):
    client.force_login(moderator)
    listing = client.get(reverse(f"admin:ratings_{model}_changelist"))
    assert listing.status_code == 200
    assert shown in listing.content.decode()
    assert client.get(reverse(f"admin:ratings_{model}_add")).status_code == 403


def test_a_settled_game_shows_its_changes(client, moderator, settled):
    client.force_login(moderator)
    html = client.get(reverse("admin:ratings_settlement_change", args=[settled[0].settlement_id])).content.decode()
    assert all(c.user.username in html for c in settled)


def test_a_moderator_reads_ranks_their_changes_and_statistics_and_edits_none(client, moderator, django_user_model):
    ann = django_user_model.objects.create_user("ann")
    PlayerRank.objects.create(user=ann, game_kind="riichi", level=12, points=650, games=40)
    PlayerStats.objects.create(user=ann, game_kind="riichi", games=40, totals={"hands": 300})
    settlement = Settlement.objects.create(game_kind="riichi", game_id=9, outcome="normal", rated=True,
                                           has_bots=False, weight=1, sides=[[ann.pk]], places=[1])
    RankChange.objects.create(settlement=settlement, user=ann, game_kind="riichi", place=4, change=-50,
                              level_before=12, points_before=700, level_after=12, points_after=650)
    client.force_login(moderator)
    ranks_page = client.get(reverse("admin:ratings_playerrank_changelist")).content.decode()
    assert "3 dan" in ranks_page and "650" in ranks_page
    assert "-50" in client.get(reverse("admin:ratings_rankchange_changelist")).content.decode()
    assert "ann" in client.get(reverse("admin:ratings_playerstats_changelist")).content.decode()
    for model in ("playerrank", "rankchange", "playerstats"):
        assert client.get(reverse(f"admin:ratings_{model}_add")).status_code == 403
