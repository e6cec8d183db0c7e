"""Tichu's seat plates: each seat's page names its partner, the seat opposite (moved from the
platform's tests/games/test_moment.py, whose "you" part runs over the dummy game)."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser

from games.moment import load
from tests.games.conftest import SEATS
from tests.games.test_moment import _page

pytestmark = pytest.mark.django_db


def test_each_seat_page_names_only_its_own_partner(started_table, four_players):
    moment = load(started_table.pk)
    for user, seat in zip(four_players, SEATS):
        html, _ = _page(started_table.pk, user)._render(moment, False)
        plates = dict(re.findall(r'data-position="(\w)">\s*<p class="seat-name">(.*?)</p>', html, re.S))
        assert set(plates) == set(SEATS)
        partner = SEATS[(SEATS.index(seat) + 2) % 4]
        assert [p for p in SEATS if "your partner" in plates[p]] == [partner]
    audience, _ = _page(started_table.pk, AnonymousUser())._render(moment, False)
    assert "your partner" not in audience
