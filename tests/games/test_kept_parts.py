"""The parts of a table page kept across moments and tables ({% kept %}: a seat's line, the
trick) must be exactly what the moment would draw afresh, for every viewer and language."""

import importlib
import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from games import registry
from games.moment import load
from games.presenters import INFO_FIELDS
from games.templatetags import games as tags
from tests.games.test_moment import _page, _running, played_moments

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR, "templates/games")


def _kept_block(source: str, name: str) -> str:
    return re.search(r'{% kept "' + name + r'".*?%}(.*?){% endkept %}', source, re.S).group(1)


def test_a_seat_line_is_kept_under_everything_it_shows():
    """A field the line shows but the key leaves out would show one seat's line for another."""
    shown = set(re.findall(r"\bseat\.(\w+)", _kept_block((TEMPLATES / "fragments/seats.html").read_text(), "seat-info")))
    for game in ("tichu", "daifugo"):
        source = (TEMPLATES / game / "seat_info.html").read_text()
        shown |= set(re.findall(r"\bseat\.(\w+)", source))
        assert set(re.findall(r"\bview\.(\w+)", source)) <= {"phase"}  # the key's first entry
    assert shown == set(INFO_FIELDS)


_SYNTAX = {"if", "elif", "else", "endif", "for", "in", "endfor", "not", "and", "or", "is", "None", "True",
           "False", "translate", "blocktranslate", "endblocktranslate", "plural", "with", "count", "forloop",
           "card", "card_row", "selectable_cards", "combination_name", "get", "length"}


def _context_names(block: str) -> set[str]:
    """The context variables a template block reads: names in its tags, without quoted text,
    attributes, keyword names, filters' names, and the block's own loop and `with` variables."""
    names, loops = set(), set()
    for tag in re.findall(r"{[{%](.*?)[}%]}", block, re.S):
        tag = re.sub(r'"[^"]*"|\'[^\']*\'', "", tag)
        words = tag.split()
        if words and words[0] == "for":
            loops |= {w.strip(",") for w in words[1:words.index("in")]}
        if words and words[0] == "blocktranslate":
            loops |= set(re.findall(r"(\w+)=(?!=)", tag))
        names |= set(re.findall(r"(?<![.\w|])([A-Za-z_]\w*)(?!\w)(?!\s*=(?!=))", tag))
    return names - _SYNTAX - loops


@pytest.mark.parametrize("game, reads", [
    ("tichu", {"view", "screen", "names", "wish_ranks"}),
    ("daifugo", {"view", "names", "hand"}),
])
def test_the_controls_are_kept_under_everything_they_show(game, reads):
    """Each game's controls key (its presenter) holds CONTROL_FIELDS, the phase, the sort
    order (Tichu), whether a card is left (Daifugo) and the names the controls show."""
    presenter = importlib.import_module(f"games.presenters_{game}")
    block = _kept_block((TEMPLATES / game / "hand.html").read_text(), "controls")
    assert _context_names(block) == set(presenter.CONTROL_FIELDS) | reads
    assert set(re.findall(r"\bview\.(\w+)", block)) == {"phase"}
    assert set(re.findall(r"\bscreen\.(\w+)", block)) <= {"ascending"}


@pytest.mark.parametrize("game, names", [("tichu", "names"), ("daifugo", "titled_names")])
def test_the_trick_is_kept_under_everything_it_shows(game, names):
    """trick_key (each game's presenter) holds the phase, the trick and the names it shows."""
    block = _kept_block((TEMPLATES / game / "trick.html").read_text(), "trick")
    assert _context_names(block) == {"view", names, "oob"}
    assert set(re.findall(r"\bview\.(\w+)", block)) == {"trick", "phase"}


def _sections(html: str) -> dict:
    seats = re.search(r'<section id="t-seats".*?</section>', html, re.S).group(0)
    trick = re.search(r'<section id="t-trick".*?</section>', html, re.S).group(0)
    return {"lines": re.findall(r'<p class="seat-info">.*?</p>', seats, re.S), "trick": trick}


@pytest.mark.parametrize("game", ["tichu", "daifugo"])
def test_kept_parts_equal_what_each_moment_draws_afresh(game, four_players, django_user_model):
    """Bots play; at every moment each seat's page and a spectator's, in English and German,
    show the same seat lines and trick with the parts kept from earlier moments as with none
    kept. Checked to fail with a field left out of the seat line's key."""
    table, players = _running(game, four_players, django_user_model)
    seats = registry.get(game).seats_for(table.options)
    rng = random.Random(5)
    tags._kept.clear()
    looked_up = 0
    for step, moment in played_moments(table, players, f"kept-{game}", 160, rng):
        for user in players + [AnonymousUser()]:
            for language in ("en", "de"):
                kept = _sections(_page(table.pk, user, language)._render_for(moment, moment.seat_of(user), None, False))
                saved = dict(tags._kept)
                tags._kept.clear()
                fresh = _sections(_page(table.pk, user, language)._render_for(moment, moment.seat_of(user), None, False))
                tags._kept.update(saved)
                assert kept == fresh, (step, user, language)
                looked_up += len(seats) + 1
    assert step > 100
    assert len(tags._kept) < looked_up / 20  # kept across moments, pages and languages


def test_a_clock_reads_with_a_point_in_every_language(started_table, four_players):
    """static/js/clock.js reads `data-remaining` with parseFloat, which stops at a comma."""
    moment = load(started_table.pk)
    html, _ = _page(started_table.pk, four_players[0], "de")._render(moment, None, False)
    remaining = re.findall(r'data-remaining="([^"]*)"', html)
    assert remaining and all(re.fullmatch(r"\d+\.\d", value) for value in remaining)


def _hand(html: str) -> str | None:
    match = re.search(r'<section id="t-hand".*?</section>', html, re.S)
    return match.group(0) if match else None


@pytest.mark.parametrize("game", ["tichu", "daifugo"])
def test_kept_controls_equal_what_each_hand_draws_afresh(game, four_players, django_user_model):
    """Bots play; each seat's page selects a random card now and then (the controls follow the
    selection) and sorts the other way; at every moment each hand drawn with the controls kept
    from other pages and moments equals the one drawn with nothing kept. Checked to fail with
    a field left out of the controls' key."""
    table, players = _running(game, four_players, django_user_model)
    seats = registry.get(game).seats_for(table.options)
    pages = {seat: _page(table.pk, user, language) for seat, user, language
             in zip(seats, players, ("en", "de", "el", "en", "de"))}
    rng = random.Random(7)
    tags._kept.clear()
    for step, moment in played_moments(table, players, f"controls-{game}", 160, rng):
        for seat, page in pages.items():
            hand = moment.view(seat)["hand"]
            if hand and rng.random() < 0.3:
                page.screen.selected = set(rng.sample(hand, min(len(hand), rng.choice((1, 1, 2)))))
            if rng.random() < 0.05:
                page.screen.ascending = not page.screen.ascending
            page.hand_shown = None  # drawn in full each time
            kept = _hand(page._render_for(moment, seat, None, False))
            saved = dict(tags._kept)
            tags._kept.clear()
            page.hand_shown = None
            fresh = _hand(page._render_for(moment, seat, None, False))
            tags._kept.update(saved)
            assert kept is not None and kept == fresh, (step, seat)
    assert step > 100
