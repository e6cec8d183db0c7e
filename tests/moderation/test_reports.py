"""The "report player" page: signed-in players only, a reason from the list, the game linked."""

import pytest
from django.utils import translation
from django.urls import reverse

from games import services as games
from moderation.models import Report

pytestmark = pytest.mark.django_db


def report_url(username: str, table=None) -> str:
    url = reverse("report_player", args=[username])
    return f"{url}?table={table.pk}" if table else url


def test_signed_out_visitors_are_sent_to_log_in(client, alice):
    response = client.get(report_url("alice"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_report_about_a_game_links_the_table(client, alice, bob):
    table = games.create_table(game="dummy", user=alice, options={})
    client.force_login(bob)
    form = client.get(report_url("alice", table)).content.decode()
    assert 'name="csrfmiddlewaretoken"' in form and f"table {table.pk}" in form
    response = client.post(report_url("alice", table), {"reason": "abuse", "text": "insults in chat"})
    assert response.status_code == 200 and "has reached the moderators" in response.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.reason, report.text, report.table) == (
        bob, alice, "abuse", "insults in chat", table
    )
    assert report.status == Report.Status.OPEN


def test_the_same_open_report_is_not_filed_twice(client, alice, bob):
    client.force_login(bob)
    client.post(report_url("alice"), {"reason": "name", "text": ""})
    response = client.post(report_url("alice"), {"reason": "name", "text": "again"})
    assert response.status_code == 400
    assert Report.objects.count() == 1


@pytest.mark.parametrize(("username", "data", "status"), [("bob", {"reason": "abuse"}, 400),
                                                          ("alice", {"reason": "rude"}, 400),
                                                          ("nobody", {"reason": "abuse"}, 404)])
def test_bad_reports_are_refused(client, alice, bob, username, data, status):
    client.force_login(bob)
    assert client.post(report_url(username), data).status_code == status
    assert not Report.objects.exists()


@pytest.mark.parametrize("language", ["en", "de", "el"])
def test_the_question_on_the_form_ends_in_its_own_question_mark(client, alice, bob, language):
    """Django adds ":" to a label unless it ends in ":?.!"; Greek's question mark is ";", so
    the label read "Τι συνέβη;:"."""
    client.force_login(bob)
    page = client.get(report_url("alice"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    with translation.override(language):
        question = translation.gettext("What happened?")
    assert f">{question}</label>" in page
