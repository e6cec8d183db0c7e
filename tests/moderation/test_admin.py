"""Moderators run the site from the admin: lift, ban, mute, unban, resolve — each with its
immediate effect and an audit row; nobody else gets in."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from moderation import services
from moderation.errors import Blocked
from moderation.models import AuditLog, Ban, Incident, Mute, Report
from tests.conftest import PASSWORD
from tests.moderation.conftest import listening

pytestmark = pytest.mark.django_db
BAN_MIDDLEWARE = "moderation.middleware.BanMiddleware"


@pytest.fixture(autouse=True)
def _ban_middleware(settings):
    """Until config/settings.py lists it, these tests add the middleware themselves."""
    if BAN_MIDDLEWARE not in settings.MIDDLEWARE:
        settings.MIDDLEWARE = [*settings.MIDDLEWARE, BAN_MIDDLEWARE]


@pytest.fixture
def mod_client(client, moderator):
    client.force_login(moderator)
    return client


def sanction_form(user, reason: str, until) -> dict:
    return {"user": user.pk, "reason": reason, "until_0": f"{until:%Y-%m-%d}", "until_1": f"{until:%H:%M:%S}"}


def log_in(client, username: str):
    return client.post(reverse("login"), {"username": username, "password": PASSWORD}, follow=True)


def audit_rows():
    return list(AuditLog.objects.values_list("moderator__username", "action", "target__username", "why"))


def test_a_player_without_staff_rights_is_sent_to_the_admin_login(client, alice):
    client.force_login(alice)
    for url in ("/admin/", reverse("admin:moderation_ban_add"), reverse("admin:moderation_reviewqueue_changelist")):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/admin/login/")


def test_a_moderator_sees_exactly_the_models_they_look_after(mod_client):
    apps = mod_client.get("/admin/").context["app_list"]
    shown = {(app["app_label"], model["object_name"]) for app in apps for model in app["models"]}
    assert shown == {
        ("accounts", "User"),
        ("games", "Table"),
        ("games", "Action"),
        ("games", "ChatMessage"),
        ("ratings", "Rating"),
        ("ratings", "Settlement"),
        ("ratings", "RatingChange"),
        ("ratings", "PlayerRank"),
        ("ratings", "RankChange"),
        ("ratings", "PlayerStats"),
        ("moderation", "Incident"),
        ("moderation", "Ban"),
        ("moderation", "Mute"),
        ("moderation", "Report"),
        ("moderation", "ReviewQueue"),
        ("moderation", "VoteKick"),
        ("moderation", "AuditLog"),
    }


def test_a_ban_through_the_admin_logs_the_player_out_at_once(mod_client, alice, django_capture_on_commit_callbacks):
    player = Client()
    player.force_login(alice)
    until = timezone.now() + timedelta(days=3)
    with listening(f"user-{alice.pk}") as receive:
        with django_capture_on_commit_callbacks(execute=True):
            response = mod_client.post(reverse("admin:moderation_ban_add"), sanction_form(alice, "abusive chat", until))
        event = receive()
    assert response.status_code == 302
    assert event == {"type": "user.moderated", "action": "ban", "until": Ban.objects.get().until.isoformat()}
    ban = Ban.objects.get()
    assert (ban.user, ban.created_by.username, ban.reason) == (alice, "mara", "abusive chat")
    assert audit_rows() == [("mara", "ban", "alice", "abusive chat")]
    page = player.get(reverse("lobby"))
    assert page.status_code == 403 and "Your account is banned" in page.content.decode()
    assert "_auth_user_id" not in player.session


def test_a_banned_player_cannot_log_in(client, alice, moderator):
    services.ban(user=alice, by=moderator, reason="cheating")
    response = log_in(client, "alice")
    assert response.status_code == 403
    assert "This ban has no end date" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_unbanning_through_the_admin_restores_the_account(mod_client, alice, moderator):
    ban = services.ban(user=alice, by=moderator, reason="cheating")
    response = mod_client.post(reverse("admin:moderation_ban_decide", args=[ban.pk, "lift"]), {"why": "appeal upheld"})
    assert response.status_code == 302
    assert not services.is_banned(alice)
    player = Client()
    assert log_in(player, "alice").status_code == 200
    assert player.session["_auth_user_id"] == str(alice.pk)
    assert [row[1] for row in audit_rows()] == ["unban", "ban"]


def test_a_ban_must_end_in_the_future(mod_client, alice):
    response = mod_client.post(
        reverse("admin:moderation_ban_add"), sanction_form(alice, "x", timezone.now() - timedelta(minutes=1))
    )
    assert response.status_code == 200
    assert not Ban.objects.exists() and not AuditLog.objects.exists()


def test_a_mute_through_the_admin_silences_the_player(mod_client, alice, django_capture_on_commit_callbacks):
    until = timezone.now() + timedelta(hours=2)
    with listening(f"user-{alice.pk}") as receive:
        with django_capture_on_commit_callbacks(execute=True):
            mod_client.post(reverse("admin:moderation_mute_add"), sanction_form(alice, "spam", until))
        event = receive()
    assert (event["type"], event["action"]) == ("user.moderated", "mute")
    assert services.is_muted(alice)
    assert not services.is_banned(alice)
    with pytest.raises(Blocked) as blocked:
        services.ensure_may_chat(alice)
    assert (blocked.value.code, blocked.value.until) == ("muted", Mute.objects.get().until)
    services.ensure_may_play(alice, public=True)
    mute = Mute.objects.get()
    mod_client.post(reverse("admin:moderation_mute_decide", args=[mute.pk, "lift"]), {"why": "calmed down"})
    assert not services.is_muted(alice)
    services.ensure_may_chat(alice)
    assert [row[1] for row in audit_rows()] == ["unmute", "mute"]


def test_lifting_a_cooldown_through_the_admin_keeps_the_incident(mod_client, alice):
    incident = services.record_expulsion(user=alice, table_id=None)
    change = mod_client.get(reverse("admin:moderation_incident_change", args=[incident.pk])).content.decode()
    lift_url = reverse("admin:moderation_incident_decide", args=[incident.pk, "lift"])
    assert lift_url in change
    mod_client.post(lift_url, {"why": "their router died"})
    assert services.participation_block(alice) is None
    incident = Incident.objects.get()
    assert (incident.lifted_by.username, incident.lift_reason) == ("mara", "their router died")
    assert audit_rows() == [("mara", "lift_cooldown", "alice", "their router died")]


def test_a_decision_needs_a_reason(mod_client, alice):
    incident = services.record_expulsion(user=alice, table_id=None)
    response = mod_client.post(reverse("admin:moderation_incident_decide", args=[incident.pk, "lift"]), {"why": ""})
    assert response.status_code == 200
    assert services.participation_block(alice) == incident
    assert not AuditLog.objects.exists()


def test_records_can_be_neither_edited_nor_deleted(mod_client, alice, moderator):
    incident = services.record_expulsion(user=alice, table_id=None)
    ban = services.ban(user=alice, by=moderator, reason="x")
    delete = reverse("admin:moderation_incident_delete", args=[incident.pk])
    assert mod_client.post(delete, {"post": "yes"}).status_code == 403
    mod_client.post(reverse("admin:moderation_ban_change", args=[ban.pk]), {"user": alice.pk, "reason": "changed"})
    ban.refresh_from_db()
    assert ban.reason == "x"
    assert mod_client.get(reverse("admin:moderation_auditlog_add")).status_code == 403
    assert Incident.objects.count() == 1 and Ban.objects.count() == 1


def test_the_review_queue_lists_open_reports_and_top_step_cooldowns(mod_client, alice, bob):
    services.file_report(reporter=bob, reported=alice, reason="abuse", text="insults")
    at = timezone.now() - timedelta(days=20)
    for _ in range(5):
        incident = services.record_expulsion(user=alice, table_id=None, now=at)
        at = incident.cooldown_end + timedelta(hours=1)
    queue = reverse("admin:moderation_reviewqueue_changelist")
    html = mod_client.get(queue).content.decode()
    assert reverse("admin:moderation_report_change", args=[Report.objects.get().pk]) in html
    assert reverse("admin:moderation_incident_change", args=[incident.pk]) in html
    assert incident.level == 5
    mod_client.post(
        reverse("admin:moderation_report_decide", args=[Report.objects.get().pk, "resolve"]), {"why": "warned"}
    )
    mod_client.post(reverse("admin:moderation_incident_decide", args=[incident.pk, "review"]), {"why": "habitual"})
    html = mod_client.get(queue).content.decode()
    assert reverse("admin:moderation_report_change", args=[Report.objects.get().pk]) not in html
    assert reverse("admin:moderation_incident_change", args=[incident.pk]) not in html
    assert Report.objects.get().status == Report.Status.RESOLVED
    assert [row[1] for row in audit_rows()] == ["review_cooldown", "resolve_report"]


def test_the_players_page_shows_their_whole_record(mod_client, alice, bob, moderator):
    services.record_expulsion(user=alice, table_id=None)
    services.mute(user=alice, by=moderator, reason="spam in chat")
    services.file_report(reporter=bob, reported=alice, reason="name", text="")
    html = mod_client.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode().lower()
    for shown in ("Participation cooldown", "Muted", "spam in chat", "offensive name", "No rated games yet.",
                  "incidents and cooldowns", "votes to remove this player", f"?user={alice.pk}"):
        assert shown.lower() in html


def test_a_moderator_cannot_grant_rights(mod_client, alice, moderator):
    html = mod_client.get(reverse("admin:accounts_user_change", args=[moderator.pk])).content.decode()
    assert 'name="is_superuser"' not in html and 'name="groups"' not in html
    assert mod_client.get(reverse("admin:auth_user_password_change", args=[alice.pk])).status_code == 403


def test_every_moderation_page_opens_for_a_moderator(mod_client, moderator, waiting_table, four_players):
    sam, eve, nia, wes = four_players
    vote = services.open_vote(table=waiting_table, opened_by=sam, target=wes, reason="abuse", text="rude")
    services.cast_ballot(vote=vote, voter=eve, yes=False)
    incident = services.record_expulsion(user=sam, table_id=waiting_table.pk)
    ban = services.ban(user=nia, by=moderator, reason="cheating")
    mute = services.mute(user=eve, by=moderator, reason="spam", until=timezone.now() + timedelta(days=1))
    report = services.file_report(reporter=eve, reported=wes, reason="abuse", table_id=waiting_table.pk)
    log = AuditLog.objects.first()
    records = {"incident": incident, "ban": ban, "mute": mute, "report": report, "votekick": vote, "auditlog": log}
    for name, record in records.items():
        assert mod_client.get(reverse(f"admin:moderation_{name}_changelist")).status_code == 200, name
        assert mod_client.get(reverse(f"admin:moderation_{name}_change", args=[record.pk])).status_code == 200, name
    assert "rude" in mod_client.get(reverse("admin:moderation_votekick_change", args=[vote.pk])).content.decode()
    for user in four_players:
        assert mod_client.get(reverse("admin:accounts_user_change", args=[user.pk])).status_code == 200
    decide = reverse("admin:moderation_incident_decide", args=[incident.pk, "lift"])
    assert "Why it is lifted" in mod_client.get(decide).content.decode()
