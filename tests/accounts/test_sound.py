"""The table's sound switch is kept on the account: switched on one device, the table page
on any other shows it, and the page's script reads the answer of the post."""

import re

import pytest
from django.urls import reverse

from games import services

pytestmark = pytest.mark.django_db


def _switch(client, off, **headers):
    return client.post(reverse("set_sound"), {"off": off, "next": "/lobby/"}, **headers)


def _toggle(page: str) -> str:
    return re.search(r'<button[^>]*id="sound-toggle"[^>]*>([^<]*)</button>', page).group(1)


def test_a_player_switching_the_sound_off_finds_it_off_on_another_device(client, alice):
    table = services.create_table(game="dummy", user=alice, options={"rated": False})
    client.force_login(alice)
    assert _toggle(client.get(table.get_absolute_url()).content.decode()) == "Sound on"
    answer = _switch(client, "1", HTTP_ACCEPT="application/json")
    assert answer.status_code == 200 and answer.json() == {"off": True}
    other_device = type(client)()
    other_device.force_login(alice)
    page = other_device.get(table.get_absolute_url()).content.decode()
    assert _toggle(page) == "Sound off" and 'data-sound-off="1"' in page
    assert 'name="off" value="0"' in page  # the switch now turns it back on
    assert _switch(other_device, "0").url == "/lobby/"  # without the script: back to the page
    alice.refresh_from_db()
    assert alice.sound_off is False


def test_a_bad_switch_is_refused_and_changes_nothing(client, alice):
    client.force_login(alice)
    answer = _switch(client, "loud", HTTP_ACCEPT="application/json")
    assert answer.status_code == 400 and "on or off" in answer.json()["error"]
    assert client.get(reverse("set_sound")).status_code == 405
    alice.refresh_from_db()
    assert alice.sound_off is False


def test_a_visitor_who_is_not_signed_in_has_no_account_switch(client, alice):
    table = services.create_table(game="dummy", user=alice, options={"rated": False})
    answer = _switch(client, "1")
    assert answer.status_code == 302 and reverse("login") in answer.url
    page = client.get(table.get_absolute_url() + f"?invite={table.invite_code}").content.decode()
    assert 'id="sound-form"' not in page and 'data-sound-off' not in page
    assert _toggle(page) == "Sound on"  # kept in the visitor's browser by the script
