"""A finished table of every game, its replay and a player's page, the players' names long, in
German and Greek at the three sizes, in real Chromium, as a player reads them after the game.

What this walk found once: the score sheet in the side panel scrolled sideways with the
running scores cut off (Tichu's team columns, a Riichi or Daifugo player's long name); a
Riichi table's result of the last hand spread past its status column over the side panel, and
on a phone held sideways past the page's edge; a Riichi replay on a phone was wider than the
page, and so were a player's recent rated games in Greek; and every socket's first frame
turned a German or Greek browser's page English.
Screenshots go to var/screenshots/."""

import random
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from games import registry, services
from tests.conftest import PASSWORD
from tests.tournaments.conftest import play_out

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
NAMES = ("alexandra-papadopoulou", "konstantinos-georgiou", "maximiliane-schneider", "eleftheria-antonopoulou")
OPTIONS = {"tichu": {"target": 500}, "daifugo": {"players": 4, "hands": 4}, "riichi": {"length": "east"}}
DESKTOP, LOW, PHONE = {"width": 1280, "height": 800}, {"width": 844, "height": 390}, {"width": 390, "height": 844}
VIEWS = (("de", DESKTOP), ("el", DESKTOP), ("el", LOW), ("el", PHONE))

# Set once the socket's full drawing (the one that holds the seats) has been swapped in.
MARK_DRAWN = """document.addEventListener("htmx:wsAfterMessage", (event) => {
  if (String(event.detail.message).includes('id="t-seats"')) document.documentElement.dataset.drawn = "1";
});"""

# Visible parts of the page past its right edge, and parts of the status region past the
# region's own right edge (what lies over the table, positioned, is left out).
OUTSIDE = """() => {
  const status = document.querySelector("#t-status").getBoundingClientRect();
  const laidOver = (el) => { for (let e = el; e && e.id !== "t-status"; e = e.parentElement)
    if (["absolute", "fixed"].includes(getComputedStyle(e).position)) return true; return false; };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const name = (el) => el.tagName.toLowerCase() + "." + el.className + " " + (el.textContent || "").trim().slice(0, 30);
  return {
    page: document.documentElement.scrollWidth > innerWidth ? [document.documentElement.scrollWidth] : [],
    status: [...document.querySelectorAll("#t-status *")].filter(shown).filter((el) => !laidOver(el))
      .filter((el) => el.getBoundingClientRect().right > status.right + 1).map(name).slice(0, 5),
  };
}"""


@pytest.fixture(params=OPTIONS)
def finished(request, django_user_model, monkeypatch):
    """Played to its end by bots choosing for its four players, before the browser starts."""
    game = request.param
    users = [django_user_model.objects.create_user(name, password=PASSWORD) for name in NAMES]
    monkeypatch.setattr(services, "_system_random", random.Random(3))
    table = services.create_table(user=users[0], game=game, options=OPTIONS[game])
    for user, seat in zip(users[1:], registry.get(game).seats_for(table.options)[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in users:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    return game, play_out(table, random.Random(3)), users[0]


def _translated(text: str, language: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def test_a_finished_table_and_its_replay_fit_every_screen_in_german_and_greek(finished, daphne_server, browser):
    game, table, player = finished
    client = Client()
    client.force_login(player)
    found = {}
    for language, size in VIEWS:
        context = browser.new_context(viewport=size, locale=language)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": daphne_server}])
        context.add_init_script(MARK_DRAWN)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        where = f"{language} {size['width']}x{size['height']}"
        page.goto(f"{daphne_server}/tables/{table.pk}/")
        page.wait_for_selector("html[data-drawn]", state="attached")
        page.screenshot(path=str(SHOTS / f"finished-{game}-{language}-{size['width']}.png"), full_page=True)
        assert page.inner_text("#t-score-sheet summary").strip() == _translated("Score sheet", language), where
        sheet = page.eval_on_selector("#t-score-sheet", "sheet => [sheet.scrollWidth, sheet.clientWidth]")
        outside = page.evaluate(OUTSIDE)
        if sheet[0] > sheet[1] + 1:
            found[f"{where}: score sheet scrolls sideways"] = sheet
        found.update({f"{where}: {part}": parts for part, parts in outside.items() if parts})
        for name, path in (("replay", f"/replay/tables/{table.pk}/"), ("player's page", f"/players/{player.username}/")):
            page.goto(f"{daphne_server}{path}")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > size["width"]:
                found[f"{where}: {name}"] = width
        assert errors == [], where
        context.close()
    assert found == {}
