"""The status line of a paused Tichu table, as a player's page shows it."""

import time

from games import timekeeping
from games.models import Table


def _paused_page(client, table, user):
    now = time.time()
    timekeeping.seat_presence(table_id=table.pk, seat="E", online=False, now=now - 10)
    timekeeping.run_deadline(table_id=table.pk, now=now, from_beat=True)
    assert Table.objects.get(pk=table.pk).clock["paused"]
    client.force_login(user)
    return client.get(table.get_absolute_url()).content.decode()


def test_a_pause_for_a_player_who_left_names_the_offline_strike_period_of_the_setting(
        started_table, four_players, client, settings):
    settings.CLOCK_OFFLINE_STRIKE_SECONDS = 30
    html = _paused_page(client, started_table, four_players[0])
    assert "every 30 s offline is a strike" in html and "every 45 s" not in html


def test_the_pause_line_is_translated_with_its_seconds(started_table, four_players, client, settings):
    settings.CLOCK_OFFLINE_STRIKE_SECONDS = 30
    four_players[0].language = "de"
    four_players[0].save(update_fields=["language"])
    html = _paused_page(client, started_table, four_players[0])
    assert "alle 30 s offline gibt es eine Verwarnung" in html
