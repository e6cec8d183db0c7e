"""A tournament game's result: points by the game's rule, streaks doubling, counted once; a
voided game counts for nobody; whoever leaves is withdrawn."""

import random

import pytest
from django.db import transaction

from games import services as tables
from games.events import game_finished
from games.models import Table
from games.outcome import Outcome, Side
from games.registry import place_points
from tests.tournaments.conftest import FOUR, TEAMS, arena, joined, play_out
from tournaments import services
from tournaments.models import Entry, Pairing, Result

pytestmark = pytest.mark.django_db


def one_game(tournament):
    services.pair(tournament.pk)
    return Pairing.objects.filter(tournament=tournament, counted=False).select_related("table").latest("pk").table


def seats(table):
    return {s.position: s.user_id for s in table.seats.all()}


def finish(table, sides, reason="normal", leaver=None, expelled=None):
    """Tell the site the game ended, as the platform does, in the ending's transaction."""
    outcome = Outcome(game=table.game, game_id=table.pk, sides=tuple(sides), reason=reason, leaver=leaver,
                      weight=1.0, progressed=True, rated=True, expelled=expelled,
                      has_bots=any(user is None for side in sides for user in side.players))
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    with transaction.atomic():
        game_finished.send(sender=Table, outcome=outcome)


def scores(tournament):
    return dict(Entry.objects.filter(tournament=tournament).values_list("user_id", "score"))


def test_place_points():
    assert place_points(2) == [2, 0]
    assert place_points(4) == [4, 2, 1, 0]
    assert place_points(5) == [5, 3, 2, 1, 0]


def test_riichi_scores_by_place(players):
    tournament = joined(arena("riichi"), players(4))
    table = one_game(tournament)
    order = list(seats(table).values())
    finish(table, [Side(players=(user,), place=place) for user, place in zip(order, (3, 1, 4, 2))])
    got = scores(tournament)
    assert [got[u] for u in order] == [1, 4, 0, 2]


def test_two_wins_in_a_row_put_a_player_on_fire_and_the_third_scores_double(players):
    users = players(4)
    tournament = joined(arena("riichi"), users)
    star = users[0].pk
    expected = []
    for game_no in range(4):
        table = one_game(tournament)
        others = [u for u in seats(table).values() if u != star]
        star_place = 1 if game_no < 3 else 2
        places = iter((2, 3, 4) if star_place == 1 else (1, 3, 4))
        finish(table, [Side(players=(star,), place=star_place), *(Side(players=(u,), place=next(places)) for u in others)])
        expected.append(Result.objects.get(pairing__table=table, user_id=star))
    assert [(r.points, r.doubled) for r in expected] == [(4, False), (4, False), (8, True), (4, True)]
    entry = Entry.objects.get(tournament=tournament, user_id=star)
    assert entry.score == 20 and entry.streak == 0 and not entry.on_fire


def test_a_result_counts_once(players):
    tournament = joined(arena("riichi"), players(4))
    table = one_game(tournament)
    sides = [Side(players=(u,), place=i + 1) for i, u in enumerate(seats(table).values())]
    finish(table, sides)
    finish(table, sides)
    assert sorted(scores(tournament).values()) == [0, 1, 2, 4]
    assert Result.objects.count() == 4


def test_a_game_still_running_at_the_end_counts_when_it_ends(players):
    tournament = joined(arena("riichi"), players(4))
    table = one_game(tournament)
    tournament.minutes = 0
    tournament.save()
    assert tournament.over()
    finish(table, [Side(players=(u,), place=i + 1) for i, u in enumerate(seats(table).values())])
    assert sorted(scores(tournament).values()) == [0, 1, 2, 4]


def test_a_voided_game_counts_for_nobody(players):
    """Ended through the platform's own void (a server fault, or staff in the admin)."""
    tournament = joined(arena("dummy", FOUR), players(4))
    table = one_game(tournament)
    tables.submit(table_id=table.pk, action={"type": "void"}, server=True)
    pairing = Pairing.objects.get(table=table)
    assert pairing.counted and pairing.voided
    assert set(scores(tournament).values()) == {0}
    assert not Result.objects.exists()
    assert Entry.objects.filter(tournament=tournament, games=0, withdrawn=False).count() == 4


def test_a_player_who_leaves_is_withdrawn_and_their_partner_is_paired_again(players, dummy_teams):
    users = players(8)
    tournament = joined(arena("dummy", TEAMS), users[:4])
    table = one_game(tournament)
    leaver = seats(table)["D"]
    tables.submit(table_id=table.pk, action={"type": "expel", "seat": "D"}, server=True)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    entry = Entry.objects.get(tournament=tournament, user_id=leaver)
    assert entry.withdrawn and entry.score == 0
    partner = seats(table)["B"]
    assert Entry.objects.filter(tournament=tournament, user_id=partner, score=0, withdrawn=False).exists()
    assert [scores(tournament)[seats(table)[p]] for p in "AC"] == [2, 2]
    # The withdrawn player is never paired again; the partner is, with the newcomers.
    joined(tournament, users[4:])
    assert services.pair(tournament.pk) == 1
    again = Pairing.objects.filter(tournament=tournament).latest("pk").table
    assert leaver not in seats(again).values() and partner in seats(again).values()
    with pytest.raises(services.TournamentError):
        services.join(tournament, entry.user)


def test_a_whole_game_played_through_the_services_counts(players):
    tournament = joined(arena("dummy", {"players": 4, "target": 1}), players(4))
    table = one_game(tournament)
    table = play_out(table, random.Random(5))
    pairing = Pairing.objects.get(table=table)
    assert pairing.counted and not pairing.voided
    points = sorted(Result.objects.filter(pairing=pairing).values_list("points", flat=True))
    assert sum(points) > 0 and len(points) == 4


def test_stored_scores_equal_the_scores_recomputed_from_the_games(players):
    from django.db.models import Sum

    users = players(8)
    tournament = joined(arena("riichi"), users)
    for round_places in ((1, 2, 3, 4), (1, 1, 3, 4), (4, 3, 2, 1), (1, 2, 3, 4)):
        services.pair(tournament.pk)
        for pairing in Pairing.objects.filter(tournament=tournament, counted=False).select_related("table"):
            order = list(seats(pairing.table).values())
            finish(pairing.table, [Side(players=(u,), place=p) for u, p in zip(order, round_places)])
    recomputed = dict(Result.objects.filter(pairing__tournament=tournament).values("user_id")
                      .annotate(total=Sum("points")).values_list("user_id", "total"))
    assert scores(tournament) == recomputed and sum(recomputed.values()) > 0
    assert Pairing.objects.filter(tournament=tournament).count() == 8


def test_the_standings_recomputed_from_the_finished_tables_equal_the_stored_ones(players):
    """Rounds of real games through the write path (streaks, a voided game, a player expelled
    and so withdrawn, a game still in play): `standings.recompute` counts them again from the
    tables alone and finds what the scoring stored; a stored line that drifts shows."""
    from tournaments.standings import recompute, stored

    tournament = joined(arena("dummy", {"players": 4, "target": 1}), players(12))
    rng = random.Random(7)
    for round_no in range(3):
        services.pair(tournament.pk)
        tables_now = [p.table for p in Pairing.objects.filter(tournament=tournament, counted=False)
                      .select_related("table").order_by("pk")]
        for n, table in enumerate(tables_now):
            if (round_no, n) == (1, 0):
                tables.submit(table_id=table.pk, action={"type": "void"}, server=True)
            elif (round_no, n) == (1, 1):
                tables.submit(table_id=table.pk, action={"type": "expel", "seat": "B"}, server=True)
            elif (round_no, n) != (2, 1):  # the last one is still in play
                play_out(table, rng)
    assert Pairing.objects.filter(tournament=tournament, voided=True).count() == 1
    assert Entry.objects.filter(tournament=tournament, withdrawn=True).count() == 1
    assert Pairing.objects.filter(tournament=tournament, counted=False).count() == 1
    lines = stored(tournament)
    assert recompute(tournament) == lines and sum(line.score for line in lines.values()) > 0
    Entry.objects.filter(pk=Entry.objects.filter(tournament=tournament).first().pk).update(score=999)
    assert recompute(tournament) != stored(tournament)
