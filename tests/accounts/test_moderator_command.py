import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_it_creates_a_staff_moderator_who_can_open_the_admin(client, monkeypatch, django_user_model):
    monkeypatch.setenv("MODERATOR_PASSWORD", "moderate with care 5")
    call_command("create_moderator", "mara")
    mara = django_user_model.objects.get(username="mara")
    assert mara.is_staff and not mara.is_superuser
    assert mara.groups.filter(name="Moderators").exists()
    assert mara.has_perm("accounts.change_user")
    client.force_login(mara)
    assert "Site administration" in client.get("/admin/").content.decode()


def test_it_refuses_a_weak_password(monkeypatch, django_user_model):
    monkeypatch.setenv("MODERATOR_PASSWORD", "123")
    with pytest.raises(CommandError):
        call_command("create_moderator", "mara")
    assert not django_user_model.objects.filter(username="mara").exists()


def test_a_player_without_staff_rights_is_sent_to_the_admin_login(client, alice):
    client.force_login(alice)
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response.url
