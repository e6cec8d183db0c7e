"""A player's page: per game the games played, the rank where there is one, and the game's
statistics, equal to what this test computes on its own from the records of a seeded set of
games played to the end through the platform (Riichi's here; Tichu's and Daifugo's in
tests/tichu/test_statistics.py and tests/daifugo/test_statistics.py); and a paged list of all
their games with links to the replays."""

import random
import re
from collections import Counter
from html import unescape

import pytest
from django.core.management import call_command
from django.urls import reverse

from accounts import views as account_views
from games import events, registry, snapshots, timekeeping
from games.models import Table
from ratings.models import CountedGame, PlayerStats, RankChange
from riichi.engine.record import replay as riichi_replay
from tests.ratings.playing import play_out, seated_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(django_user_model):
    return [django_user_model.objects.create_user(name) for name in ("ana", "ben", "cho", "dev")]


def _play(game, players, capture, monkeypatch, seeds, strength="beginner", **options):
    tables = []
    for seed in seeds:
        table = seated_table(players, capture, monkeypatch, game, seed=seed, **options)
        tables.append(play_out(table, players, random.Random(seed), strength))
    return [registry.get(game).engine.build_record(snapshots.full_state(t)) for t in tables]


def _shown_stats(client, player, game: str) -> dict[str, str]:
    html = client.get(reverse("profile", args=[player.username])).content.decode()
    article = re.search(rf'<article class="stats-game" data-game="{game}">(.*?)</article>', html, re.S).group(1)
    return {unescape(label): unescape(value.strip())
            for label, value in re.findall(r"<dt>(.*?)</dt><dd[^>]*>(.*?)</dd>", article, re.S)}


def _percent(part, whole) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "—"


# --- Riichi: read from each round's actions and the replay's round results ------------------

def _riichi_counts(records) -> dict[int, Counter]:
    counts = {seat: Counter() for seat in range(4)}
    for record in records:
        replayed = riichi_replay(record)
        assert replayed["ok"]
        for seat, place in enumerate(replayed["places"]):
            counts[seat]["place"] += place
        for entry, result in zip(record["rounds"], replayed["rounds"]):
            actions = entry["actions"]
            for seat in range(4):
                counts[seat]["hands"] += 1
                counts[seat]["riichi"] += any(a["seat"] == seat and a.get("riichi") for a in actions
                                              if a["type"] == "discard")
                counts[seat]["calls"] += any(a.get("seat") == seat and (a["type"] in ("chi", "pon") or
                                             a["type"] == "kan" and a.get("kind") == "open") for a in actions)
            kind = result["result"]
            if kind not in ("ron", "tsumo"):
                continue
            winners = [a["seat"] for a in actions if a["type"] == kind]
            for seat in winners:
                counts[seat]["wins"] += 1
                counts[seat]["win_points"] += result["deltas"][seat]
            if kind == "ron":
                first_ron = next(n for n, a in enumerate(actions) if a["type"] == "ron")
                dealt_in = next(a["seat"] for a in reversed(actions[:first_ron]) if a["type"] in ("discard", "kan"))
                counts[dealt_in]["deal_ins"] += 1
    return counts


def test_riichi_statistics_on_the_page_equal_those_of_the_records(four, client, django_capture_on_commit_callbacks,
                                                                 monkeypatch):
    records = _play("riichi", four, django_capture_on_commit_callbacks, monkeypatch, (3, 4, 5), length="east")
    counts = _riichi_counts(records)
    assert sum(c["wins"] for c in counts.values()) and sum(c["calls"] for c in counts.values())
    for seat, player in enumerate(four):
        c = counts[seat]
        shown = _shown_stats(client, player, "riichi")
        assert shown["Games played"] == "3"
        assert shown["Average placement"] == f"{c['place'] / 3:.2f}"
        assert shown["Win rate"] == _percent(c["wins"], c["hands"])
        assert shown["Deal-in rate"] == _percent(c["deal_ins"], c["hands"])
        assert shown["Riichi rate"] == _percent(c["riichi"], c["hands"])
        assert shown["Call rate"] == _percent(c["calls"], c["hands"])
        assert shown["Average winning hand"] == (f"{c['win_points'] / c['wins']:,.0f}" if c["wins"] else "—")
        assert shown["Rank"].split(" · ")[0] in {"10 kyu", "9 kyu", "8 kyu"}


def test_riichi_statistics_are_kept_not_recomputed_when_the_page_is_drawn(
        four, client, django_capture_on_commit_callbacks, monkeypatch):
    _play("riichi", four, django_capture_on_commit_callbacks, monkeypatch, (3,), length="east")
    row = PlayerStats.objects.get(user=four[0], game_kind="riichi")
    row.totals = row.totals | {"hands": 10, "wins": 3}
    row.save()
    assert _shown_stats(client, four[0], "riichi")["Win rate"] == "30.0 %"


def test_the_player_page_lists_every_game_page_by_page_with_its_replay(four, client,
                                                                       django_capture_on_commit_callbacks,
                                                                       monkeypatch):
    monkeypatch.setattr(account_views, "GAMES_PER_PAGE", 2)
    _play("riichi", four, django_capture_on_commit_callbacks, monkeypatch, (3, 4, 5), length="east")
    finished = list(Table.objects.filter(status=Table.Status.FINISHED).order_by("-finished_at", "-pk"))
    url = reverse("profile", args=[four[1].username])
    pages = [client.get(url).content.decode(), client.get(url, {"games": 2}).content.decode()]
    listed = [re.findall(r'href="/replay/tables/(\d+)/', page) for page in pages]
    assert listed == [[str(t.pk) for t in finished[:2]], [str(finished[2].pk)]]
    assert 'href="?games=2#games"' in pages[0] and 'href="?games=1#games"' in pages[1]
    assert "Page 2 of 2" in pages[1]


def test_a_match_a_player_left_counts_once_with_the_rounds_played_out(four, client,
                                                                      django_capture_on_commit_callbacks,
                                                                      monkeypatch):
    told = []
    events.game_finished.connect(lambda sender, outcome, **kw: told.append(outcome), weak=False,
                                 dispatch_uid="test-told")
    try:
        table = seated_table(four, django_capture_on_commit_callbacks, monkeypatch, "riichi", seed=3, length="east")
        while table.status != Table.Status.FINISHED:  # the dealer lets the clock run out, three times
            timekeeping.run_deadline(table_id=table.pk, now=table.deadline.timestamp() + 0.01, from_beat=True)
            table.refresh_from_db()
    finally:
        events.game_finished.disconnect(dispatch_uid="test-told")
    (outcome,) = told
    assert outcome.reason == "abandonment" and outcome.leaver == 0
    events.game_finished.send(sender=Table, outcome=outcome)  # told twice: counted once
    rows = {row.user_id: row for row in PlayerStats.objects.all()}
    assert {user: (row.games, row.totals["hands"]) for user, row in rows.items()} == {p.pk: (1, 0) for p in four}
    assert _shown_stats(client, four[1], "riichi")["Win rate"] == "—"
    assert [(c.user_id, c.place) for c in RankChange.objects.all()] == [(four[0].pk, 4)]


def test_games_that_ended_before_the_statistics_are_counted_by_the_command(
        four, client, django_capture_on_commit_callbacks, monkeypatch, capsys):
    records = _play("riichi", four, django_capture_on_commit_callbacks, monkeypatch, (3, 4), length="east")
    PlayerStats.objects.all().delete()
    CountedGame.objects.all().delete()
    call_command("count_game_stats")
    call_command("count_game_stats")  # a second run finds nothing left to count
    assert capsys.readouterr().out == "2 games counted\n0 games counted\n"
    counts = _riichi_counts(records)
    shown = _shown_stats(client, four[2], "riichi")
    assert shown["Games played"] == "2"
    assert shown["Call rate"] == _percent(counts[2]["calls"], counts[2]["hands"])
    assert shown["Average placement"] == f"{counts[2]['place'] / 2:.2f}"
