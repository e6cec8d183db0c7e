"""The status line of a paused Tichu table, as a player's page shows it."""

import re
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


def test_pages_in_several_languages_drawn_in_turn_each_name_the_seats_in_their_own(started_table, four_players):
    """The compass letters and names are kept per language: a German page drawn after an English
    one, and a Greek one after it, each show their own (the socket's draw of a moment)."""
    from games.moment import load
    from tests.games.test_moment import _page

    moment = load(started_table.pk)
    east = {}
    for language in ("en", "de", "el", "en"):
        html, _ = _page(started_table.pk, four_players[0], language)._render(moment, False)
        east[language] = re.search(r'data-position="E">\s*<p class="seat-name">\s*<abbr class="compass" '
                                   r'title="([^"]+)">([^<]+)</abbr>', html).groups()
    assert east == {"en": ("East", "E"), "de": ("Ost", "O"), "el": ("Ανατολή", "Α")}
