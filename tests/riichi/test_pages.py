"""The lobby's Riichi forms (a listed rated table, a practice table that starts at once), the
table page, and the learn pages in English, German and Greek."""

import pytest

from games.models import Table
from riichi.faq import SECTION_OF, help_url

pytestmark = pytest.mark.django_db
FIELDS = {"length": "east", "red_fives": "1", "kuitan": "1", "double_ron": "0", "double_yakuman": "0",
          "kiriage": "1", "uma": "10-30", "tobi": "1", "rated": "1", "private": "0"}


def _form(prefix: str, **extra) -> dict:
    return {f"riichi-{prefix}-{key}": value for key, value in (FIELDS | extra).items()}


def test_the_lobby_creates_a_listed_rated_riichi_table(client, alice):
    client.force_login(alice)
    response = client.post("/lobby/tables/new/riichi/", _form("table"))
    table = Table.objects.get()
    assert response.status_code == 302 and table.status == Table.Status.WAITING
    assert table.options == {"length": "east", "red_fives": True, "kuitan": True, "double_ron": False,
                             "double_yakuman": False, "kiriage": True, "uma": [30, 10, -10, -30], "tobi": True,
                             "rated": True, "private": False, "clock": "strikes", "min_rank": 0}
    assert list(table.seats.values_list("position", flat=True)) == ["0", "1", "2", "3"]
    assert f"/tables/{table.pk}/" in client.get("/lobby/").content.decode()


def test_a_practice_table_starts_at_once_against_bots(client, alice, django_capture_on_commit_callbacks):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/lobby/tables/practice/riichi/", _form("practice", strength="expert"))
    table = Table.objects.get()
    assert response.status_code == 302 and table.status == Table.Status.PLAYING
    assert table.private and not table.rated and table.options["uma"] == [30, 10, -10, -30]
    assert sorted(table.seats.values_list("bot", flat=True)) == ["", "expert", "expert", "expert"]
    page = client.get(response["Location"]).content.decode()
    assert "Rules of Riichi Mahjong" in page and 'id="t-rack"' in page and "mj-tile-button" in page
    assert "East 1" in page and "uma 10-30" in page


@pytest.mark.parametrize("language, words", [
    ("en", ("How to play Riichi Mahjong", "All simples (tanyao)", "Limit hands", "Kiriage mangan",
            "a short pause after a discard can mean that someone could call it")),
    ("de", ("So spielt man Riichi Mahjong", "Nur Einfache (Tanyao)", "Limithände", "Kiriage-Mangan",
            "Eine kurze Pause nach einem Abwurf kann also heißen")),
    ("el", ("Πώς παίζεται το Riichi Mahjong", "Μόνο απλά (tanyao)", "Όρια χεριών", "Kiriage mangan",
            "μια σύντομη παύση μετά από μια απόρριψη")),
])
def test_the_learn_pages_render_in_every_language(client, language, words):
    client.cookies["django_language"] = language
    pages = [client.get(f"/learn/riichi/{path}", HTTP_ACCEPT_LANGUAGE=language) for path in
             ("", "yaku/", "scoring/", "options/")]
    assert all(page.status_code == 200 for page in pages)
    text = "".join(page.content.decode() for page in pages)
    for word in words:
        assert word in text
    assert "Riichi Mahjong" in client.get("/learn/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_each_rules_error_links_to_a_section_the_rules_page_has(client):
    rules = client.get("/learn/riichi/").content.decode() + client.get("/learn/riichi/yaku/").content.decode()
    for code in SECTION_OF:
        anchor = help_url(code).split("#")[1]
        assert f'id="{anchor}"' in rules, code


@pytest.mark.parametrize("language, words", [("de", ("Ost 1", "Du bist dran")), ("el", ("Ανατολή 1", "Σειρά σου"))])
def test_the_table_page_speaks_the_players_language(client, alice, django_capture_on_commit_callbacks,
                                                     language, words):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/lobby/tables/practice/riichi/", _form("practice", strength="normal"))
    client.cookies["django_language"] = language
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for word in words:
        assert word in page


def test_the_practice_form_offers_only_what_practice_is(client, alice):
    """Practice is private and unrated: the lobby's practice form asks for the length, the
    rules and the bots' strength, never a rating or who may join; a forged field changes
    nothing."""
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    form = page[page.index('action="/lobby/tables/practice/riichi/"'):]
    form = form[:form.index("</form>")]
    assert 'name="riichi-practice-length"' in form and 'name="riichi-practice-strength"' in form
    assert 'name="riichi-practice-uma"' in form
    assert 'name="riichi-practice-rated"' not in form and 'name="riichi-practice-private"' not in form
    assert "anyone (listed in the lobby)" not in form and ">rated<" not in form
    client.post("/lobby/tables/practice/riichi/", _form("practice", strength="beginner", private="0", rated="1"))
    table = Table.objects.get()
    assert table.private and not table.rated
