"""A moderator looks after players, never after the people who oversee them: staff accounts,
anyone's e-mail address and sign-in are out of a moderator's reach in the admin, and no ban
or mute ever applies to a superuser."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.moderators import make_moderator
from moderation import services
from moderation.errors import ModerationError
from moderation.models import Ban, Mute
from tests.moderation.test_admin import sanction_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(django_user_model):
    return django_user_model.objects.create_superuser("root", email="root@example.com", password="x")


@pytest.fixture
def other_moderator(db):
    return make_moderator(username="otto", password="moderate with care 6")


@pytest.fixture
def mod_client(client, moderator):
    client.force_login(moderator)
    return client


def change_form(client, user, **changes) -> dict:
    """What the user's admin change form posts back, with `changes` typed over it."""
    page = client.get(reverse("admin:accounts_user_change", args=[user.pk]))
    data = {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "is_active": "on" if user.is_active else "",
        "date_joined_0": f"{user.date_joined:%Y-%m-%d}",
        "date_joined_1": f"{user.date_joined:%H:%M:%S}",
        "language": user.language,
        "email_verified": "on" if user.email_verified else "",
    }
    for inline in page.context["inline_admin_formsets"]:
        prefix = inline.formset.prefix
        data |= {f"{prefix}-TOTAL_FORMS": "0", f"{prefix}-INITIAL_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": "1000"}
    return {key: value for key, value in (data | changes).items() if value != ""}


def post_change(client, user, **changes):
    return client.post(reverse("admin:accounts_user_change", args=[user.pk]), change_form(client, user, **changes))


def test_a_moderator_cannot_change_a_players_email_or_mark_it_verified(mod_client, alice):
    response = post_change(mod_client, alice, email="mara@evil.example", email_verified="on", first_name="Al")
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.email, alice.email_verified, alice.first_name) == ("", False, "Al")


def test_a_moderator_cannot_edit_or_deactivate_staff(mod_client, root, other_moderator):
    for staff in (root, other_moderator):
        page = mod_client.get(reverse("admin:accounts_user_change", args=[staff.pk])).content.decode()
        assert 'name="is_active"' not in page and 'name="email"' not in page
        response = post_change(mod_client, staff, email="mara@evil.example", is_active="", email_verified="on")
        assert response.status_code == 403
        staff.refresh_from_db()
        assert staff.is_active and not staff.email_verified and staff.email != "mara@evil.example"


def test_a_moderator_cannot_ban_or_mute_staff(mod_client, root, other_moderator):
    until = timezone.now() + timedelta(days=1)
    for admin_page in ("admin:moderation_ban_add", "admin:moderation_mute_add"):
        for staff in (root, other_moderator):
            response = mod_client.post(reverse(admin_page), sanction_form(staff, "takeover", until))
            assert response.status_code == 200
            assert "cannot be banned or muted" in response.content.decode()
    assert not Ban.objects.exists() and not Mute.objects.exists()


def test_a_superuser_may_ban_a_moderator_but_nobody_bans_a_superuser(client, root, moderator, django_user_model):
    client.force_login(root)
    until = timezone.now() + timedelta(days=1)
    assert client.post(reverse("admin:moderation_ban_add"), sanction_form(moderator, "abuse", until)).status_code == 302
    assert services.is_banned(moderator)
    other_root = django_user_model.objects.create_superuser("root2", password="x")
    response = client.post(reverse("admin:moderation_mute_add"), sanction_form(other_root, "x", until))
    assert response.status_code == 200 and not Mute.objects.exists()
    with pytest.raises(ModerationError):
        services.ban(user=other_root, by=root, reason="x")


def test_a_ban_on_a_superuser_from_before_never_applies(root, moderator):
    Ban.objects.create(user=root, created_by=moderator, reason="takeover", created_at=timezone.now())
    Mute.objects.create(user=root, created_by=moderator, reason="takeover", created_at=timezone.now())
    assert not services.is_banned(root) and not services.is_muted(root)
    services.ensure_may_play(root, public=True)
    services.ensure_may_chat(root)


def test_no_admin_action_reaches_a_staff_account(mod_client, root):
    changelist = reverse("admin:accounts_user_changelist")
    response = mod_client.post(changelist, {"action": "delete_selected", "_selected_action": [root.pk], "post": "yes"})
    assert response.status_code in (200, 302, 403)
    root.refresh_from_db()
    assert root.is_active
