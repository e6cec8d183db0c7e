"""Staff grant and revoke coins and styles in the admin, each with a reason, each an audit row
in the moderators' log; a revoke that would take a balance below zero is refused."""

import pytest
from django.urls import reverse

from coins.models import Entry, Ownership
from moderation.models import AuditLog
from tests.coins.conftest import coins_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, staffer):
    client.force_login(staffer)
    return client


def audit_rows():
    return list(AuditLog.objects.order_by("when", "pk").values_list(
        "moderator__username", "action", "target__username", "why", "detail"))


def move_coins(client, user, direction: str, coins, why: str = "a reason"):
    return client.post(reverse("admin:coins_entry_add"),
                       {"user": user.pk, "direction": direction, "coins": coins, "why": why}, follow=True)


def test_staff_grant_and_revoke_coins_with_a_reason_and_each_is_audited(admin_client, alice):
    move_coins(admin_client, alice, "grant", 50, "tournament prize")
    move_coins(admin_client, alice, "revoke", 20, "granted twice by mistake")
    assert coins_of(alice) == 30
    assert list(Entry.objects.order_by("pk").values_list("amount", "reason", "note", "by__username")) == [
        (50, "grant", "tournament prize", "sid"), (-20, "revoke", "granted twice by mistake", "sid")]
    assert audit_rows() == [("sid", "grant_coins", "alice", "tournament prize", "+50"),
                            ("sid", "revoke_coins", "alice", "granted twice by mistake", "-20")]
    log = admin_client.get(reverse("admin:moderation_auditlog_changelist")).content.decode()
    assert "granted coins" in log and "revoked coins" in log


@pytest.mark.parametrize(("direction", "coins", "why", "error"), [
    ("revoke", 1, "no coins to take", "That would take the balance below zero."),
    ("grant", 0, "zero", "Ensure this value is greater than or equal to 1."),
    ("grant", "lots", "words", "Enter a whole number."),
    ("grant", 10, "", "This field is required."),
    ("gift", 10, "to a friend", "Select a valid choice."),
])
def test_a_bad_staff_change_is_refused_with_a_clear_error_and_changes_nothing(admin_client, alice, direction,
                                                                               coins, why, error):
    page = move_coins(admin_client, alice, direction, coins, why).content.decode()
    assert error in page
    assert not Entry.objects.exists() and not AuditLog.objects.exists()


def test_staff_grant_and_revoke_a_style_with_a_reason_and_each_is_audited(admin_client, alice):
    admin_client.post(reverse("admin:coins_ownership_add"),
                      {"user": alice.pk, "style": "felt-wine", "why": "bug bounty"}, follow=True)
    owned = Ownership.objects.get(user=alice, style="felt-wine", revoked_at=None)
    again = admin_client.post(reverse("admin:coins_ownership_add"),
                              {"user": alice.pk, "style": "felt-wine", "why": "twice"}, follow=True)
    assert "You already own this style." in again.content.decode()
    change = admin_client.get(reverse("admin:coins_ownership_change", args=[owned.pk])).content.decode()
    decide = reverse("admin:coins_ownership_decide", args=[owned.pk, "revoke"])
    assert decide in change
    admin_client.post(decide, {"why": "bounty was for someone else"}, follow=True)
    owned.refresh_from_db()
    assert owned.revoked_by.username == "sid" and owned.revoked_at is not None
    assert audit_rows() == [("sid", "grant_style", "alice", "bug bounty", "felt-wine"),
                            ("sid", "revoke_style", "alice", "bounty was for someone else", "felt-wine")]
    assert coins_of(alice) == 0  # styles given by staff cost nothing, and taking one back pays nothing


def test_a_player_without_staff_rights_cannot_reach_the_coin_admin(client, alice):
    client.force_login(alice)
    for url in (reverse("admin:coins_entry_add"), reverse("admin:coins_ownership_add")):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/admin/login/")
    response = client.post(reverse("admin:coins_entry_add"), {"user": alice.pk, "direction": "grant", "coins": 5,
                                                              "why": "myself"})
    assert response.status_code == 302 and not Entry.objects.exists()


def test_the_ledger_is_never_edited_or_deleted_in_the_admin(admin_client, alice):
    move_coins(admin_client, alice, "grant", 5)
    entry = Entry.objects.get()
    page = admin_client.get(reverse("admin:coins_entry_change", args=[entry.pk])).content.decode()
    assert 'name="_save"' not in page
    assert admin_client.post(reverse("admin:coins_entry_delete", args=[entry.pk]), {"post": "yes"}).status_code == 403
    assert Entry.objects.count() == 1
