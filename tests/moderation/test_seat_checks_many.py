"""The seat check for many seats at once (a tournament's pairing) refuses exactly whom, and why,
the check of one seat refuses: a ban anywhere, a cooldown (one's own or a browser's) at public
tables only, the bar after a vote-kick at that table only."""

from datetime import timedelta

import pytest

from games import hooks
from games import services as games
from moderation import access, services
from moderation.errors import Blocked
from moderation.models import DeviceUse
from tests.moderation.conftest import NOW

pytestmark = pytest.mark.django_db
SEC = timedelta(seconds=1)


def _one_by_one(seats, now):
    refused = {}
    for user, table in seats:
        try:
            services.ensure_may_sit(user, table=table, now=now)
        except Blocked as error:
            refused[(user.pk, table.pk)] = (error.code, error.until)
    return refused


def test_many_seats_are_refused_as_each_seat_alone(waiting_table, four_players, django_user_model, moderator):
    sam, eve, _, wes = four_players
    vote = services.open_vote(table=waiting_table, opened_by=sam, target=wes, reason="abuse", now=NOW)
    services.cast_ballot(vote=vote, voter=eve, yes=True, now=NOW + SEC)
    banned, cooled, sharing, outsider, clean = (django_user_model.objects.create_user(name) for name in
                                                ("ban", "cool", "share", "out", "clean"))
    services.ban(user=banned, by=moderator, reason="cheating", until=NOW + timedelta(days=1), now=NOW)
    services.record_expulsion(user=cooled, table_id=None, now=NOW)
    services.record_expulsion(user=outsider, table_id=None, now=NOW)
    DeviceUse.objects.create(user=outsider, device="d1", address="a")
    DeviceUse.objects.create(user=sharing, device="d1", address="a")
    private = games.create_table(game="dummy", user=clean, options={"private": True})
    seats = [(user, table) for user in (wes, banned, cooled, sharing, clean, moderator)
             for table in (waiting_table, private)]
    now = NOW + 2 * SEC

    expected = _one_by_one(seats, now)
    refused = {key: (error.code, error.until) for key, error in access.sit_refusals(seats, now=now).items()}
    assert refused == expected
    assert {(user_id, table_id == private.pk, code) for (user_id, table_id), (code, _) in refused.items()} == {
        (wes.pk, False, "table_bar"), (banned.pk, False, "banned"), (banned.pk, True, "banned"),
        (cooled.pk, False, "cooldown"), (sharing.pk, False, "device_cooldown")}


def test_the_platform_asks_the_form_for_many_where_a_check_has_one(waiting_table, four_players, monkeypatch):
    asked = []
    monkeypatch.setitem(hooks.sit_checks_many, access.ensure_may_sit, lambda seats: asked.append(seats) or {})
    seats = [(user, waiting_table) for user in four_players]
    assert hooks.sit_refusals(seats) == {}
    assert asked == [seats]
