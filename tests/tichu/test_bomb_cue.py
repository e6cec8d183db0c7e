"""A bomb on the trick is the one play Tichu marks with the platform's "alarm" cue: the table
page's script plays the sound a cue names, and knows no game's combinations."""

import re

import pytest

from games import services
from tests.tichu.test_bomb_race import SUITS, _started

pytestmark = pytest.mark.django_db


def _top_of_trick(client, table) -> str:
    page = client.get(table.get_absolute_url()).content.decode()
    return re.search(r'<div class="play-top[^>]*>', page).group(0)


def test_a_bomb_carries_the_alarm_cue_and_the_page_offers_its_sound(client, four_players, monkeypatch):
    table, by_seat = _started(four_players, monkeypatch)
    client.force_login(by_seat["W"])
    assert "data-cue" not in _top_of_trick(client, table)  # the Mahjong alone: no cue
    services.submit(table_id=table.pk, user=by_seat["S"], action={"type": "play", "cards": [f"{s}-2" for s in SUITS]})
    assert 'data-cue="alarm"' in _top_of_trick(client, table)
    page = client.get(table.get_absolute_url()).content.decode()
    sound = re.search(r'data-alarm-sound="([^"]+)"', page).group(1)
    assert sound.endswith("alarm.wav")
