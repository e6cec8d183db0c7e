"""Tichu scores its tournament games its own way: a win scores 2, a double victory 3, a loss
nothing, and the tournament page says so in the reader's language (moved from
tests/tournaments, whose tests run over the dummy game)."""

import pytest
from django.urls import reverse

from games.outcome import Side
from tests.tournaments.conftest import arena, joined, players  # noqa: F401 — a fixture
from tests.tournaments.test_scoring import finish, scores, seats
from tournaments import services
from tournaments.models import Pairing, Result

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "rule"), [
    ("en", "A win scores 2 points, or 3 if the winners made a double victory in the game"),
    ("de", "Ein Sieg zählt 2 Punkte"),
    ("el", "Μια νίκη δίνει 2 βαθμούς"),
])
def test_the_tournament_page_says_tichus_scoring_rule(client, language, rule):
    tournament = arena("tichu")
    client.post(reverse("set_language"), {"language": language})
    assert rule in client.get(tournament.get_absolute_url()).content.decode()


def tichu_sides(table, winners_bonus=0, north_south_win=True):
    s = seats(table)
    ns, ew = (s["S"], s["N"]), (s["E"], s["W"])
    return [Side(players=ns, place=1 if north_south_win else 2, bonuses=winners_bonus if north_south_win else 0),
            Side(players=ew, place=2 if north_south_win else 1, bonuses=0 if north_south_win else winners_bonus)]


def test_tichu_win_scores_two_a_double_victory_three_a_loss_nothing(players):
    tournament = joined(arena("tichu"), players(8))
    services.pair(tournament.pk)
    first, second = (p.table for p in Pairing.objects.filter(tournament=tournament).select_related("table"))
    finish(first, tichu_sides(first))
    finish(second, tichu_sides(second, winners_bonus=1, north_south_win=False))
    got = scores(tournament)
    a, b = seats(first), seats(second)
    assert [got[a[p]] for p in "SNEW"] == [2, 2, 0, 0]
    assert [got[b[p]] for p in "SNEW"] == [0, 0, 3, 3]
    assert Result.objects.filter(pairing__tournament=tournament).count() == 8


def test_tichu_outcome_counts_each_teams_double_victories_for_the_bonus():
    from types import SimpleNamespace

    from games import registry
    from tichu.outcome import outcome

    players = {p: SimpleNamespace(user_id=n) for n, p in enumerate("SENW", start=1)}
    table = SimpleNamespace(pk=7, options={"target": 500, "rated": True}, has_bots=False)
    hand = lambda out, double: {"out": out, "double_victory": double}  # noqa: E731
    view = {"winner": "EW", "totals": {"NS": 300, "EW": 520},
            "results": [hand(["E", "W"], True), hand(["S", "N"], True), hand(["E", "W"], True),
                        hand(["S", "E", "N"], False)]}
    result = outcome(table, view, players, 600)
    assert [(side.place, side.bonuses) for side in result.sides] == [(2, 1), (1, 2)]
    tichu = registry.get("tichu")
    assert [tichu.tournament_points(result, side) for side in result.sides] == [0, 3]
