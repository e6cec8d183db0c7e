"""The pages' view of beat's heartbeat: frozen from beat's last tick once it is silent."""

from django.conf import settings

from games import beat_watch


def test_a_fresh_heartbeat_means_the_clocks_run():
    assert beat_watch.frozen_since(100.0, 100.0 + settings.CLOCK_OUTAGE_SECONDS) is None
    assert beat_watch.frozen_since(None, 100.0) is None


def test_a_silent_beat_freezes_the_clocks_where_the_catch_up_will_give_them_back():
    assert beat_watch.frozen_since(100.0, 100.0 + settings.CLOCK_OUTAGE_SECONDS + 0.1) == (
        100.0 + settings.CLOCK_TICK_SECONDS)
