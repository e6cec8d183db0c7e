"""A table's moment is loaded once per broadcast and drawn for each viewer: what each page
shows must stay exactly what its viewer may see."""

import re
from collections import Counter

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.template.base import Variable, VariableDoesNotExist

from games import registry, services
from games.consumers import TableConsumer
from games.models import Action
from games.moment import load
from tests.games.conftest import DUMMY_SEATS

pytestmark = pytest.mark.django_db
# A load reads the table and its seats with their players (games.reads): in one round trip
# where the database takes two statements in one call.
LOAD_QUERIES = 1 if connection.vendor == "postgresql" else 2


def _page(table_id: int, user, language: str = "en") -> TableConsumer:
    page = TableConsumer()
    page.table_id, page.user, page.language = table_id, user, language
    page.moment = None
    return page


def test_a_load_reads_the_table_and_its_seats_in_one_round_trip_where_it_can(team_table, django_assert_num_queries):
    with django_assert_num_queries(LOAD_QUERIES):
        moment = load(team_table.pk)
    assert set(moment.players) == set(DUMMY_SEATS)


def _picks(html: str) -> dict[str, int]:
    """The dummy's hidden choices a page shows: until every seat has picked, a seat sees its
    own pick alone and a spectator none."""
    return {seat: int(n) for seat, n in re.findall(r'<span class="pick" data-seat="(\w)">(\d)</span>', html)}


def test_the_pages_of_one_broadcast_cost_one_load_in_all(team_table, four_players, django_assert_num_queries):
    picks = {"A": 7, "B": 3, "C": 5}
    for user, n in zip(four_players, picks.values()):
        services.submit(table_id=team_table.pk, user=user, action={"type": "pick", "n": n})
    pages = [_page(team_table.pk, user) for user in four_players] + [_page(team_table.pk, AnonymousUser())]
    with django_assert_num_queries(LOAD_QUERIES):
        moment = load(team_table.pk)
        html = [page._render(moment, False)[0] for page in pages]
    for seat, page_html in zip(DUMMY_SEATS, html):
        assert _picks(page_html) == ({seat: picks[seat]} if seat in picks else {})
    assert _picks(html[-1]) == {}


def test_spectators_share_a_page_only_with_those_who_may_do_the_same(four_players, django_user_model):
    table = services.create_table(game="dummy", user=four_players[0], options={"players": 4})
    watcher = django_user_model.objects.create_user("watcher")
    moment = load(table.pk)
    signed_in, _ = _page(table.pk, watcher)._render(moment, False)
    anonymous, _ = _page(table.pk, AnonymousUser())._render(moment, False)
    greek, _ = _page(table.pk, AnonymousUser(), "el")._render(moment, False)
    assert 'value="sit"' in signed_in  # an empty seat invites a signed-in spectator
    assert 'value="sit"' not in anonymous
    assert greek != anonymous


def _running(game: str, four_players, django_user_model):
    """A started table of `game` (Daifugo seats five), and its seated players."""
    seats = registry.get(game).seats_for(registry.get(game).default_options)
    players = (four_players + [django_user_model.objects.create_user("fay")])[: len(seats)]
    table = services.create_table(user=players[0], game=game, options={})
    for user, seat in zip(players[1:], seats[1:]):
        services.sit(table_id=table.pk, user=user, position=seat)
    for user in players:
        services.set_ready(table_id=table.pk, user=user, ready=True)
    return table, players


@pytest.mark.parametrize("game", ["tichu", "daifugo"])
def test_a_running_game_is_drawn_without_the_database(game, four_players, django_user_model,
                                                      django_assert_num_queries):
    """The socket draws a running game's pages on its event loop, where a query would fail."""
    table, players = _running(game, four_players, django_user_model)
    moment = load(table.pk)
    assert moment.table.status == "playing"
    with django_assert_num_queries(0):
        for user in players + [AnonymousUser()]:
            _page(table.pk, user)._render(moment, False)


@pytest.mark.parametrize("game", ["tichu", "daifugo"])
def test_a_running_game_names_no_variable_its_pages_lack(game, four_players, django_user_model, monkeypatch):
    """Each name a page looks up and misses costs a chain of failed lookups and exceptions, on
    every page of every move: the context has every key the fragments name."""
    table, players = _running(game, four_players, django_user_model)
    missed = []
    resolve = Variable._resolve_lookup

    def recording(variable, context):
        try:
            return resolve(variable, context)
        except VariableDoesNotExist:
            missed.append(variable.var)
            raise

    monkeypatch.setattr(Variable, "_resolve_lookup", recording)
    moment = load(table.pk)
    for user in players + [AnonymousUser()]:
        _page(table.pk, user)._render(moment, False)
    assert missed == []


def test_a_tables_seats_are_read_without_joining_the_table(team_table):
    """Ordering seats by their table must not order by the table's own ordering (a join)."""
    sql = str(team_table.seats.select_related("user").query)
    assert "games_table" not in sql.split(" WHERE ")[0]
    assert "games_table" not in str(Action.objects.filter(table=team_table).query).split(" WHERE ")[0]

def test_public_parts_are_drawn_once_and_the_personal_parts_for_each_page(team_table, four_players):
    moment = load(team_table.pk)
    first, _ = _page(team_table.pk, four_players[0])._render(moment, False)
    drawn = dict(moment.shared)
    second, _ = _page(team_table.pk, four_players[1])._render(moment, False)
    assert drawn and moment.shared == drawn  # the second seat's page reused what the first's drew
    for html, me in ((first, "A"), (second, "B")):
        mine = re.findall(r'class="seat seat--(\w+)[^"]*seat--me" data-position="(\w)"', html)
        assert mine == [("bottom", me)]
    _page(team_table.pk, four_players[2], "el")._render(moment, False)
    assert len(moment.shared) == 2 * len(drawn)  # the same parts again, in Greek


@pytest.mark.django_db(transaction=True)
def test_a_page_never_goes_back_behind_its_own_action(team_table, four_players):
    """A broadcast drawn before A's pick committed, arriving after it, must not offer A the
    picks again."""
    page = _page(team_table.pk, four_players[0])
    page.seat, page.audience, page.votes_drawn_for = "A", "seat-A", "playing"
    sent = []

    async def send(text_data):
        sent.append(text_data)

    page.send = send
    before = load(team_table.pk)
    html = _page(team_table.pk, four_players[0])._render(before, False)[0]
    assert 'class="legal"' in html
    submitted = services.submit(table_id=team_table.pk, action={"type": "pick", "n": 5}, user=four_players[0])
    page.floor = submitted.version  # as the socket does after its own submit

    seats = {str(player.user_id): seat for seat, player in before.players.items()}
    async_to_sync(page.table_page)({"type": "table.page", "version": before.table.version, "html": html,
                                    "dropped": False, "audience": "seat-A", "seats": seats, "panels": None})
    assert sent == []
    async_to_sync(page.send_fragments)()
    assert len(sent) == 1 and 'class="legal"' not in sent[0]


def test_each_seat_page_names_only_its_own_seat_you(team_table, four_players):
    moment = load(team_table.pk)
    for user, seat in zip(four_players, DUMMY_SEATS):
        html, _ = _page(team_table.pk, user)._render(moment, False)
        plates = dict(re.findall(r'data-position="(\w)">\s*<p class="seat-name">(.*?)</p>', html, re.S))
        assert set(plates) == set(DUMMY_SEATS)
        assert [p for p in DUMMY_SEATS if ">you<" in plates[p]] == [seat]
    audience, _ = _page(team_table.pk, AnonymousUser())._render(moment, False)
    assert ">you<" not in audience


def played_moments(table, players, steps: int, rng):
    """(step, moment) while beginner bots play the table, each moment loaded and yielded
    before the next move."""
    for step in range(steps):
        moment = load(table.pk)
        if moment.table.status != "playing":
            return
        yield step, moment
        bots_move(table, moment, players, rng)


def bots_move(table, moment, players, rng) -> None:
    """The first seat whose beginner bot has something to do acts; with none, the server
    collects the trick."""
    kind = registry.get(table.game)
    for seat, user in zip(kind.seats_for(table.options), players):
        action = kind.bot_choice(moment.view(seat), "beginner", rng)
        if action is not None:
            services.submit(table_id=table.pk, action=action, user=user)
            return
    services.submit(table_id=table.pk, action={"type": "collect"}, server=True)


def _until_someone_is_to_play(table, players):
    """Tichu's Grand Tichu and exchange steps done without calls; Daifugo starts in play."""
    engine = registry.get(table.game).engine
    seats = registry.get(table.game).seats_for(table.options)
    by_seat = dict(zip(seats, players))
    while True:
        table.refresh_from_db()
        state = engine.from_json(table.snapshot)
        public = engine.view(state, None)
        if public["turn"] is not None:
            return public["turn"]
        if public["phase"] == "grand":
            seat = next(s for s in seats if not public["grand_decided"][s])
            action = {"type": "grand", "call": False}
        else:
            seat = next(s for s in seats if not public["exchange_chosen"][s])
            hand = engine.view(state, seat)["hand"]
            action = {"type": "exchange", "give": dict(zip([s for s in seats if s != seat], hand))}
        services.submit(table_id=table.pk, action=action, user=by_seat[seat])


@pytest.mark.parametrize("game", ["tichu", "daifugo"])
def test_only_the_player_to_play_is_told_it_is_their_turn(game, four_players, django_user_model):
    table, players = _running(game, four_players, django_user_model)
    turn = _until_someone_is_to_play(table, players)
    moment = load(table.pk)
    seats = registry.get(game).seats_for(table.options)
    for user, seat in zip(players, seats):
        html, _ = _page(table.pk, user)._render(moment, False)
        status = re.search(r'<section id="t-status".*?</section>', html, re.S).group(0)
        assert ("Your turn." in status) == (seat == turn), seat
    audience, _ = _page(table.pk, AnonymousUser())._render(moment, False)
    assert "Your turn." not in audience
    # each public part of the status drawn once, the one that tells the turn twice: the turn's, everyone else's
    drawn = list(Counter(key[2] for key in moment.shared if key[0].endswith("status.html")).values())
    assert drawn.count(2) == 1 and set(drawn) <= {1, 2}


