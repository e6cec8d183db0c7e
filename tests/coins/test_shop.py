"""The styles shop and the profile's choices, through their pages: buying with too few coins or
twice is refused and charges nothing more; a bought style is chosen per game on the profile."""

import pytest
from django.urls import reverse

from coins import staff
from coins.models import ActiveStyle, Entry, Ownership
from games import registry
from tests.coins.conftest import check_in, coins_of, said

pytestmark = pytest.mark.django_db


@pytest.fixture
def rich(client, alice, staffer):
    client.force_login(alice)
    staff.grant_coins(user=alice, amount=100, by=staffer, why="test budget")
    return alice


def buy(client, key: str):
    return client.post(reverse("coins:buy"), {"style": key}, follow=True)


def choose(client, game: str, **kinds):
    return client.post(reverse("coins:choose"), {"game": game, **{f"kind_{k}": v for k, v in kinds.items()}},
                       follow=True)


def test_the_shop_lists_each_kind_with_the_games_that_take_it_and_draws_a_preview(client, alice):
    client.force_login(alice)
    page = client.get(reverse("coins:shop")).content.decode()
    assert 'id="coin-card_back"' in page and 'id="coin-tile_back"' in page
    section = page.split('id="coin-tile_back"')[1].split("</section>")[0]
    assert "Riichi Mahjong" in section and "Tichu" not in section
    assert page.count('<li class="coin-style') == 10 and page.count("<svg class=\"coin-preview") == 10
    assert "0 coins" in page.split("</header>")[0]  # the header's balance


def test_buying_with_too_few_coins_is_refused_and_changes_nothing(client, alice, settings):
    settings.COINS_CHECK_IN = 10
    client.force_login(alice)
    check_in(client)
    response = buy(client, "back-midnight")  # 50 coins
    assert said(response) == ["You do not have enough coins for this style."]
    assert coins_of(alice) == 10 and not Ownership.objects.exists()
    assert "40 more coins needed" in response.content.decode()


def test_buying_a_style_debits_the_ledger_once_and_a_second_purchase_is_refused(client, rich):
    assert said(buy(client, "back-lacquer")) == ["Lacquer red is yours. Choose where it shows on your profile."]
    assert said(buy(client, "back-lacquer")) == ["You already own this style."]
    assert coins_of(rich) == 70
    assert list(Entry.objects.filter(user=rich, reason="purchase").values_list("amount", "style")) == [
        (-30, "back-lacquer")]
    page = client.get(reverse("coins:shop")).content.decode()
    assert "70 coins" in page.split("</header>")[0]
    owned = page.split('data-style="back-lacquer"')[1].split("</li>")[0]
    assert "Yours" in owned and "Buy" not in owned


def test_an_unknown_style_is_refused(client, rich):
    assert said(buy(client, "back-golden")) == ["There is no such style."]
    assert coins_of(rich) == 100


@pytest.fixture
def dummy_styled(monkeypatch):
    """The dummy game takes the platform's kinds of styles: two kinds of backs, felts, face
    colours."""
    monkeypatch.setattr(registry.get("dummy"), "style_kinds", ("card_back", "tile_back", "felt", "face_theme"))


def test_a_bought_style_is_chosen_per_game_on_the_profile(client, rich, dummy_styled):
    buy(client, "back-lacquer")
    buy(client, "felt-moss")
    profile = client.get(reverse("profile", args=["alice"])).content.decode()
    assert 'href="/styles/"' in profile and "Lacquer red" in profile.split('data-game="dummy"')[1]
    response = choose(client, "dummy", card_back="back-lacquer", felt="felt-moss", face_theme="")
    assert said(response) == ["Your styles for Dummy are saved."]
    assert set(ActiveStyle.objects.values_list("game", "kind", "style")) == {
        ("dummy", "card_back", "back-lacquer"), ("dummy", "felt", "felt-moss")}
    assert '<option value="back-lacquer" selected>' in response.content.decode().split('data-game="dummy"')[1]
    choose(client, "dummy", card_back="", felt="felt-moss", face_theme="")  # back to the standard back
    assert set(ActiveStyle.objects.values_list("kind", flat=True)) == {"felt"}


@pytest.mark.parametrize(("game", "kinds", "message"), [
    ("dummy", {"card_back": "back-jade"}, "You do not own this style."),
    ("dummy", {"card_back": "felt-moss"}, "That style does not fit there."),
    ("dummy", {"tile_back": "back-lacquer"}, "That style does not fit there."),
    ("chess", {"card_back": "back-lacquer"}, "There is no such game."),
])
def test_choosing_what_one_does_not_own_or_what_does_not_fit_changes_nothing(client, rich, dummy_styled, game, kinds,
                                                                             message):
    buy(client, "back-lacquer")
    buy(client, "felt-moss")
    choose(client, "dummy", felt="felt-moss")
    before = set(ActiveStyle.objects.values_list("game", "kind", "style"))
    assert said(choose(client, game, felt="felt-moss", **kinds)) == [message]
    assert set(ActiveStyle.objects.values_list("game", "kind", "style")) == before


def test_another_players_profile_shows_no_coins(client, rich, bob):
    page = client.get(reverse("profile", args=["bob"])).content.decode()
    assert 'id="coins"' not in page



@pytest.mark.django_db(transaction=True)
def test_two_purchases_at_the_same_moment_charge_once(alice, staffer):
    """Two tabs buy the same style at once: one gets it, the other is told it is owned, and
    the ledger has one debit."""
    import threading

    from django.db import connection
    from django.test import Client

    staff.grant_coins(user=alice, amount=30, by=staffer, why="test budget")
    clients = [Client(), Client()]
    for c in clients:
        c.force_login(alice)
    start = threading.Barrier(2)
    answers = []

    def press(c):
        try:
            start.wait()
            answers.append(said(buy(c, "back-lacquer"))[0])
        finally:
            connection.close()

    threads = [threading.Thread(target=press, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == ["Lacquer red is yours. Choose where it shows on your profile.",
                               "You already own this style."]
    assert coins_of(alice) == 0 and Ownership.objects.filter(user=alice).count() == 1
