"""The learn pages render in all three languages, with their translated headings and real cards."""

import re

import pytest
from django.urls import reverse

PAGES = ["learn:index", "tichu:quick", "tichu:rules", "tichu:faq", "daifugo:rules"]

# (page, language) -> headings that must appear as <h1>/<h2> text.
HEADINGS = {
    ("learn:index", "en"): ["Learn to play", "Tichu", "Daifugo"],
    ("learn:index", "de"): ["Spielen lernen", "Tichu", "Daifugo"],
    ("learn:index", "el"): ["Μάθε να παίζεις", "Τίτσου", "Νταϊφούγκο"],
    ("tichu:quick", "en"): ["Learn Tichu in two minutes", "Deal", "Exchange", "Play", "End and score", "One exception: the double victory"],
    ("tichu:quick", "de"): ["Lerne Tichu in zwei Minuten", "Austeilen", "Tauschen", "Spielen", "Runde beenden und werten", "Eine Ausnahme: der Doppelsieg"],
    ("tichu:quick", "el"): ["Μάθε Τίτσου σε δύο λεπτά", "Μοίρασμα", "Ανταλλαγή", "Παιχνίδι", "Τέλος και μέτρηση πόντων", "Μία εξαίρεση: η διπλή νίκη"],
    ("tichu:rules", "en"): ["How to play Tichu", "Seats and teams", "The deck", "Playing a trick", "Ending a hand", "Winning the game", "Playing online", "Combinations", "Bombs", "Special cards", "Tichu calls", "Scoring"],
    ("tichu:rules", "de"): ["So wird Tichu gespielt", "Sitzplätze und Teams", "Das Kartenset", "Einen Stich spielen", "Eine Runde beenden", "Das Spiel gewinnen", "Online spielen", "Kombinationen", "Bomben", "Sonderkarten", "Tichu-Ansagen", "Wertung"],
    ("tichu:rules", "el"): ["Πώς παίζεται το Τίτσου", "Θέσεις και ομάδες", "Η τράπουλα", "Παίζοντας μια μπάζα", "Πότε τελειώνει ο γύρος", "Πώς κερδίζεις τον αγώνα", "Παίζοντας online", "Συνδυασμοί", "Βόμβες", "Ειδικά φύλλα", "Δηλώσεις Τίτσου", "Μέτρηση πόντων"],
    ("tichu:faq", "en"): ["Tichu: questions and answers", "Bombs", "Mahjong and wishes", "Special cards", "Tichu calls", "Combinations", "Scoring a hand", "Ratings", "Leaving and cooldowns"],
    ("tichu:faq", "de"): ["Tichu: Häufige Fragen", "Bomben", "Mahjong und Wünsche", "Sonderkarten", "Tichu-Ansagen", "Kombinationen", "Rundenwertung", "Wertung", "Spiel verlassen und Wartezeiten"],
    ("tichu:faq", "el"): ["Τίτσου: συχνές ερωτήσεις", "Βόμβες", "Ματζόνγκ και ευχές", "Ειδικά φύλλα", "Δηλώσεις Τίτσου", "Συνδυασμοί", "Μέτρηση πόντων γύρου", "Βαθμολογία", "Αποχώρηση και περίοδοι αναμονής"],
    ("daifugo:rules", "en"): ["How to play Daifugo", "Ways to play", "Playing", "Titles and exchange", "Scoring", "Revolution (optional)", "Questions and answers"],
    ("daifugo:rules", "de"): ["So wird Daifugo gespielt", "Spielmodi", "Spielen", "Titel und Tausch", "Wertung", "Revolution (optional)", "Häufige Fragen"],
    ("daifugo:rules", "el"): ["Πώς παίζεται το Νταϊφούγκο", "Τρόποι παιχνιδιού", "Παίζοντας", "Τίτλοι και ανταλλαγή", "Μέτρηση πόντων", "Επανάσταση (προαιρετικά)", "Συχνές ερωτήσεις"],
}


def headings(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h[12][^>]*>(.*?)</h[12]>", html, re.S)]


def get(client, name: str, language: str) -> str:
    response = client.get(reverse(name), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Language"] == language
    return response.content.decode()


@pytest.mark.parametrize(("name", "language"), sorted(HEADINGS))
def test_each_page_shows_its_headings_in_the_language(client, name, language):
    found = headings(get(client, name, language))
    missing = [h for h in HEADINGS[name, language] if h not in found]
    assert missing == [], found


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("language", ["de", "el"])
def test_no_english_sentence_is_left_untranslated(client, name, language):
    html = get(client, name, language)
    english = get(client, name, "en")
    translatable = set(re.findall(r">([A-Z][^<>]{24,})<", english))
    assert translatable, "the English page has prose to compare"
    assert [s for s in translatable if s in html] == []


def test_the_two_minute_page_draws_a_fanned_hand_of_14_real_cards(client):
    html = get(client, "tichu:quick", "en")
    hand = re.search(r'<ul class="hand"[^>]*>(.*?)</ul>', html, re.S).group(1)
    assert len(re.findall(r'<img class="card"', hand)) == 14
    assert 'alt="Dragon"' in hand and 'alt="Mahjong"' in hand


def test_card_pictures_on_the_german_rules_carry_german_names(client):
    html = get(client, "tichu:rules", "de")
    assert 'alt="Phönix"' in html
    assert 'alt="Schwert König"' in html
    assert 'alt="Pagode 9"' in html


def test_the_greek_daifugo_page_names_standard_cards_in_greek(client):
    html = get(client, "daifugo:rules", "el")
    assert 'alt="3 σπαθί"' in html


def test_the_rules_explain_both_clock_modes_of_this_site(client):
    html = get(client, "tichu:rules", "en")
    section = re.search(r'<section id="playing-online">(.*?)</section>', html, re.S).group(1)
    for fact in ("45 seconds", "“1 of 3”", "30 seconds", "20 seconds", "60 seconds", "2 minutes 15 seconds", "10-second countdown"):
        assert fact in section


def test_the_points_table_lists_every_scoring_card(client):
    html = get(client, "tichu:rules", "en")
    table = re.search(r'<section id="scoring">.*?<table class="points">(.*?)</table>', html, re.S).group(1)
    assert re.findall(r"<td>([^<]+)</td>", table) == ["+5", "+10", "+10", "+25", "−25", "0"]


def test_a_percent_sign_survives_translation(client):
    assert "70 % eines normalen" in get(client, "tichu:faq", "de")
    assert "70%" in get(client, "tichu:faq", "en")


def test_the_site_navigation_links_to_the_learn_pages(client):
    assert f'href="{reverse("learn:index")}"' in get(client, "learn:index", "en")
