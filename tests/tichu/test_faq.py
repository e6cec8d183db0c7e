"""The FAQ covers every question of the source text, and error codes link into it."""

import re

import pytest
from django.urls import reverse

from tichu.faq import ERROR_FAQ, ERROR_RULES, FAQ_ANCHORS, FAQ_GROUPS, RULE_ANCHORS, faq_url_for


@pytest.fixture
def faq_html(client) -> str:
    return client.get(reverse("tichu:faq")).content.decode()


@pytest.fixture
def rules_html(client) -> str:
    return client.get(reverse("tichu:rules")).content.decode()


def test_the_faq_has_the_source_texts_34_questions_in_8_groups():
    # Seed 000's FAQ: bombs 5, wishes 4, specials 4, calls 3, combinations 3, hand scoring 3,
    # ratings 6, leaving and cooldowns 6.
    assert {group: len(anchors) for group, anchors in FAQ_GROUPS.items()} == {
        "bombs": 5,
        "mahjong-and-wishes": 4,
        "special-cards": 4,
        "tichu-calls": 3,
        "combinations": 3,
        "hand-scoring": 3,
        "ratings": 6,
        "leaving-and-cooldowns": 6,
    }
    assert len(FAQ_ANCHORS) == 34


def test_the_page_has_the_same_groups_and_entries_in_the_same_order(faq_html):
    groups = re.findall(r'<section class="faq-group" id="([^"]+)">(.*?)</section>', faq_html, re.S)
    assert [(group, re.findall(r'<div class="faq" id="([^"]+)">', body)) for group, body in groups] == [
        (group, list(anchors)) for group, anchors in FAQ_GROUPS.items()
    ]


def test_every_entry_has_a_question_an_answer_and_a_link_to_itself(faq_html):
    for anchor in FAQ_ANCHORS:
        entry = re.search(rf'<div class="faq" id="{anchor}">(.*?)</div>', faq_html, re.S).group(1)
        assert re.search(r"<h3>[^<]+\? <a", entry), anchor
        assert f'<a class="faq__self" href="#{anchor}"' in entry
        assert len(re.findall(r"<p>[^<]{20,}</p>", entry)) >= 1, anchor


def test_ids_on_the_faq_page_are_unique(faq_html):
    ids = re.findall(r'\sid="([^"]+)"', faq_html)
    assert len(ids) == len(set(ids))


def test_every_read_more_link_points_at_a_section_of_the_rules(faq_html, rules_html):
    targets = re.findall(rf'href="{reverse("tichu:rules")}#([^"]+)"', faq_html)
    assert targets
    for target in set(targets):
        assert target in RULE_ANCHORS
        assert f'id="{target}"' in rules_html


def test_every_rule_anchor_exists_on_the_rules_page(rules_html):
    for anchor in RULE_ANCHORS:
        assert f'id="{anchor}"' in rules_html, anchor


@pytest.mark.parametrize("code", sorted(ERROR_FAQ))
def test_every_mapped_error_code_links_to_an_existing_faq_entry(client, code):
    url = faq_url_for(code)
    path, anchor = url.split("#")
    assert path == reverse("tichu:faq")
    assert anchor in FAQ_ANCHORS
    assert f'<div class="faq" id="{anchor}">' in client.get(path).content.decode()


@pytest.mark.parametrize("code", sorted(ERROR_RULES))
def test_codes_without_a_faq_entry_link_to_the_rules(client, code):
    path, anchor = faq_url_for(code).split("#")
    assert path == reverse("tichu:rules")
    assert f'id="{anchor}"' in client.get(path).content.decode()


def test_the_wish_error_links_to_the_wish_answer():
    assert faq_url_for("wish_must_be_fulfilled") == "/learn/tichu/faq/#wish-must-be-fulfilled"


def test_an_unknown_code_has_no_link():
    assert faq_url_for("not_in_hand") is None
    assert faq_url_for("") is None


def test_every_mapped_code_is_one_the_tichu_engine_raises():
    errors = pytest.importorskip("tichu.engine.errors", reason="the Tichu engine is not in this checkout")
    assert set(ERROR_FAQ) | set(ERROR_RULES) <= set(errors.MESSAGES)
