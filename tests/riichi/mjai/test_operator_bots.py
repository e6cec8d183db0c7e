"""An operator's mjai bots at Riichi practice tables (riichi/operator_bots.py): named in the
MJAI_BOTS setting, offered by the lobby's practice form, seated by it, and playing through
the same write path as our bots, told only their own seat's views (riichi.mjai.history)."""

import random

import pytest
from django.core.exceptions import ImproperlyConfigured

from games import registry, services
from games.models import Table
from riichi import operator_bots
from riichi.bots import choose_action
from tests.riichi.conftest import state_of
from tests.riichi.mjai.test_rulebase import PYTHON, RULEBASE
from tests.riichi.test_pages import _form

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("raw, message", [
    ("[1]", "must be a JSON object"),
    ("{", "must be a JSON object"),
    ('{"Mortal": "mortal {seat}"}', "is not a bot name"),
    ('{"expert": "mortal {seat}"}', "is not a bot name"),
    ('{"far-too-long-a-name": "x"}', "is not a bot name"),
    ('{"mortal": " "}', "needs a command line"),
    ('{"mortal": 3}', "needs a command line"),
])
def test_a_bad_setting_is_refused_with_what_is_wrong(raw, message):
    with pytest.raises(ImproperlyConfigured, match=message):
        operator_bots.parse(raw)


def test_the_practice_form_offers_the_operators_bots_for_riichi_only(client, alice, settings):
    settings.MJAI_BOTS = '{"rulebase": "python -m bot {seat}"}'
    client.force_login(alice)
    page = client.get("/lobby/").content.decode()
    riichi = page[page.index('action="/lobby/tables/practice/riichi/"'):]
    tichu = page[page.index('action="/lobby/tables/practice/tichu/"'):]
    assert '<option value="rulebase">rulebase</option>' in riichi[:riichi.index("</form>")]
    assert 'value="rulebase"' not in tichu[:tichu.index("</form>")]
    response = client.post("/lobby/tables/practice/tichu/", {"tichu-practice-strength": "rulebase"})
    assert response.status_code != 302 and not Table.objects.exists()


@pytest.fixture
def rulebase(settings):
    settings.MJAI_BOTS = '{"rulebase": "%s"}' % RULEBASE.replace('"', '\\"')
    yield
    bots = getattr(operator_bots._local, "bots", None)
    if bots is not None:
        bots.close()
        operator_bots._local.bots = None


@pytest.mark.slow
@pytest.mark.skipif(not PYTHON.exists(), reason="no mjai virtualenv (make install-test makes it)")
def test_three_rulebase_bots_play_a_practice_hand_with_a_person(client, alice, rulebase,
                                                                 django_capture_on_commit_callbacks):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/lobby/tables/practice/riichi/", _form("practice", strength="rulebase"))
    assert response.status_code == 302
    table = Table.objects.get()
    assert sorted(table.seats.values_list("bot", flat=True)) == ["", "rulebase", "rulebase", "rulebase"]
    page = client.get(response["Location"]).content.decode()
    assert "Bot 1 (rulebase)" in page
    mine = table.seats.get(user=alice).position
    rng = random.Random(4)
    for _ in range(400):
        state = state_of(table)
        if state.game.results:
            break
        view = registry.get("riichi").engine.view(state, mine)
        action = choose_action(view, "normal", rng)
        assert action is not None, "the bots stopped before the person's turn"
        with django_capture_on_commit_callbacks(execute=True):
            services.submit(table_id=table.pk, user=alice, action=action)
    state = state_of(table)
    assert state.game.results, "the first hand did not end"
    acted = {a["seat"] for entry in state.game.log for a in entry["actions"]}
    assert {1, 2, 3} <= {int(s) for s in acted}
    kept = list(operator_bots._local.bots._bots.values())
    assert len(kept) == 3 and all(bot.seat.process.starts == 1 for bot in kept)
    assert sum(bot.seat.defaults for bot in kept) <= 1
