"""Every card name draws the same face everywhere, with its name in the reader's language."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.template import Context, Template
from django.utils import translation

from cards import deck
from cards.deck import STANDARD_CARDS, UnknownCard, card_name
from tichu.deck import TICHU_CARDS


def render(source: str, **context) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


def test_the_decks_have_56_tichu_and_52_standard_cards():
    assert len(set(TICHU_CARDS)) == 56
    assert len(set(STANDARD_CARDS)) == 52
    assert set(TICHU_CARDS).isdisjoint(STANDARD_CARDS)


@pytest.mark.parametrize("name", TICHU_CARDS + STANDARD_CARDS)
def test_every_card_renders_an_image_of_an_existing_svg(name):
    html = render("{% card name %}", name=name)
    src = re.search(r'src="/static/([^"]+)"', html).group(1)
    assert src.endswith(f"/{name}.svg")
    path = finders.find(src)
    assert path, f"{src} is not a static file"
    with open(path, encoding="utf-8") as svg:
        assert svg.read().startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 280"')
    assert 'class="card card--md"' in html


def test_a_game_deck_is_drawn_from_its_own_app_and_may_not_take_another_decks_names():
    assert finders.find(deck.static_path("phoenix")).endswith("tichu/static/tichu/cards/phoenix.svg")
    with pytest.raises(ValueError, match="another deck"):
        deck.register(deck.Deck(frozenset({"heart-10", "joker"}), "somewhere", str))
    with pytest.raises(UnknownCard):
        card_name("joker")  # the refused deck was not taken


def test_the_back_renders_with_a_label():
    html = render("{% card_back size='lg' %}")
    assert 'class="card card--lg"' in html
    assert finders.find("cards/back.svg")
    assert 'alt="Face-down card"' in html


@pytest.mark.parametrize("name", ["jade-1", "jade-11", "joker", "Jade-7", "clubs-3", "", "sword-k"])
def test_an_unknown_name_fails_loudly_with_the_name(name):
    with pytest.raises(UnknownCard, match=re.escape(repr(name))):
        render("{% card name %}", name=name)


def test_an_unknown_name_in_a_hand_fails_too():
    with pytest.raises(ValueError, match="'star-B'"):
        render('{% hand "star-A star-B" %}')


def test_an_unknown_size_fails():
    with pytest.raises(ValueError, match="'huge'"):
        render('{% card "dog" size="huge" %}')


def test_a_selected_card_is_marked():
    assert 'class="card card--sm card--selected"' in render('{% card "dog" size="sm" selected=True %}')


@pytest.mark.parametrize(
    ("language", "name", "expected"),
    [
        ("en", "jade-7", "Jade 7"),
        ("en", "sword-K", "Sword King"),
        ("en", "phoenix", "Phoenix"),
        ("en", "heart-A", "Ace of Hearts"),
        ("de", "jade-7", "Jade 7"),
        ("de", "sword-K", "Schwert König"),
        ("de", "star-A", "Stern Ass"),
        ("de", "pagoda-J", "Pagode Bube"),
        ("de", "dragon", "Drache"),
        ("de", "phoenix", "Phönix"),
        ("de", "dog", "Hund"),
        ("de", "mahjong", "Mahjong"),
        ("de", "club-3", "Kreuz 3"),
        ("de", "heart-Q", "Herz Dame"),
        ("el", "jade-K", "Νεφρίτης Ρήγας"),
        ("el", "sword-10", "Ξίφος 10"),
        ("el", "dragon", "Δράκος"),
        ("el", "phoenix", "Φοίνικας"),
        ("el", "dog", "Σκύλος"),
        ("el", "mahjong", "Ματζόνγκ"),
        ("el", "spade-A", "Άσος μπαστούνι"),
    ],
)
def test_card_names_are_translated(language, name, expected):
    with translation.override(language):
        assert card_name(name) == expected
        assert f'alt="{expected}"' in render("{% card name %}", name=name)


def test_a_hand_fans_every_card_and_names_its_size():
    html = render("{% hand cards selected='dog' %}", cards=["mahjong", "dog", "star-A"])
    assert html.count("<li class=\"hand__slot\">") == 3
    assert html.count('class="card"') == 2
    assert html.count('class="card card--selected"') == 1
    assert 'aria-label="Hand of 3 cards"' in html


def test_a_hand_accepts_a_space_separated_literal_and_keeps_the_order():
    html = render('{% hand "star-2 jade-2 dragon" %}')
    assert re.findall(r"/(\w+-?\w*)\.svg", html) == ["star-2", "jade-2", "dragon"]


def test_a_row_of_cards_is_labelled_with_their_names_in_german():
    with translation.override("de"):
        html = render('{% card_row "jade-9 pagoda-9" %}')
    assert 'aria-label="Jade 9, Pagode 9"' in html


def test_a_players_hand_is_checkbox_slots_in_order_none_checked():
    hand = ["mahjong", "jade-7", "dragon"]
    html = render("{% selectable_cards hand %}", hand=hand)
    assert re.findall(r'name="cards" value="([\w-]+)"', html) == hand
    assert " checked" not in html  # the page keeps the player's choice (static/js/pick.js)
    assert re.findall(r"/(\w+-?\w*)\.svg", html) == ["mahjong", "jade-7", "dragon"]
    with translation.override("de"):
        german = render("{% selectable_cards hand %}", hand=hand)
    assert 'alt="Drache"' in german
