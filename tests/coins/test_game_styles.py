"""What the styles shop sells for a game beyond the platform's kinds comes from that game
(`Game.styles_module`): its kind, its styles, its preview, bought and chosen like any other."""

import pytest
from django.urls import reverse

from coins import staff
from coins.models import ActiveStyle, Ownership
from games import registry
from tests.coins.conftest import coins_of, said

pytestmark = pytest.mark.django_db


@pytest.fixture
def dummy_sells_counters(monkeypatch):
    dummy = registry.get("dummy")
    monkeypatch.setattr(dummy, "styles_module", "tests.dummygame.styles")
    monkeypatch.setattr(dummy, "style_kinds", ("counter_back", "felt"))
    return dummy


def test_a_game_brings_its_own_kind_of_style_to_the_shop(client, alice, staffer, dummy_sells_counters):
    client.force_login(alice)
    section = client.get(reverse("coins:shop")).content.decode().split('id="coin-counter_back"')[1]
    section = section.split("</section>")[0]
    assert "Counter backs" in section and "Plum counters" in section and "Dummy" in section
    assert 'class="coin-preview coin-preview--' in section and "dummy-counter" in section  # the game's drawing
    staff.grant_coins(user=alice, amount=10, by=staffer, why="test budget")
    client.post(reverse("coins:buy"), {"style": "counter-plum"})
    client.post(reverse("coins:choose"), {"game": "dummy", "kind_counter_back": "counter-plum"})
    assert ActiveStyle.objects.get(user=alice, game="dummy").style == "counter-plum"


def test_a_kind_no_registered_game_brings_is_not_sold(client, alice, staffer):
    client.force_login(alice)
    staff.grant_coins(user=alice, amount=10, by=staffer, why="test budget")
    page = client.get(reverse("coins:shop")).content.decode()
    assert 'id="coin-counter_back"' not in page and "Plum counters" not in page
    answer = client.post(reverse("coins:buy"), {"style": "counter-plum"}, follow=True)
    assert "There is no such style." in said(answer)
    assert not Ownership.objects.filter(user=alice).exists() and coins_of(alice) == 10
