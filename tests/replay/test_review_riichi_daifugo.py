"""The post-game review of a Riichi and of a Daifugo seat, asked for on the replay page of a
finished table by one of its players: the marked moves are listed with the tiles or cards
drawn as the game draws them, each shown at its moment, in the reader's language."""

import random

import pytest

from games import registry, services
from games.models import Table
from replay.models import Review
from tests.replay.conftest import play_to_the_end, seated_table
from tests.riichi.test_review import READY, crafted_deal

pytestmark = pytest.mark.django_db


def finished_riichi(players, monkeypatch) -> Table:
    """The dealer breaks its ready hand at its first discard; then a seat is expelled."""
    deal = crafted_deal(READY)
    monkeypatch.setattr(registry.get("riichi"), "shuffle", lambda rng, options: deal)
    table = seated_table(players, "riichi", {"length": "east", "rated": False, "private": True}, ("0", "1", "2", "3"))
    services.submit(table_id=table.pk, action={"type": "discard", "tile": "5m"}, seat="0")
    services.submit(table_id=table.pk, action={"type": "expel", "seat": "3"}, server=True)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


def ask_for_review(client, user, table, seat, capture) -> str:
    """The button of the review row, as the page draws it, pressed; the page it leads to."""
    client.force_login(user)
    page = client.get(f"/replay/tables/{table.pk}/").content.decode()
    row = page[page.index(f'id="review-{seat}"'):]
    assert "Review this player's moves" in row[:row.index("</li>")]
    with capture(execute=True):
        response = client.post(f"/replay/tables/{table.pk}/review/", {"seat": seat, "hand": 1, "step": 0})
    return client.get(response["Location"]).content.decode()


def test_a_riichi_player_sees_the_broken_ready_hand_marked(client, four_players, monkeypatch,
                                                           django_capture_on_commit_callbacks):
    table = finished_riichi(four_players, monkeypatch)
    page = ask_for_review(client, four_players[1], table, "0", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=table, seat="0")
    assert review.status == Review.Status.DONE and [m["step"] for m in review.markers] == [0]
    assert "1 marked move" in page and "here the bot would have chosen" in page
    listed = page[page.index('class="review-markers"'):]
    listed = listed[:listed.index("</ol>")]
    assert "riichi, discarding" in listed and "instead of" in listed
    # the tiles drawn as at the table: the bot's riichi discard, and the 5m instead
    assert listed.count('class="tile tile--xs"') == 2 and 'alt="5 characters"' in listed
    here = client.get(f"/replay/tables/{table.pk}/?hand=1&step=0&review=0").content.decode()
    assert here.count('class="review-marker-here"') == 1
    assert "every discard, riichi, win and kan" in here
    client.cookies["django_language"] = "de"
    german = client.get(f"/replay/tables/{table.pk}/?hand=1&step=0&review=0").content.decode()
    assert "hier hätte der Bot gewählt:" in german and "Riichi mit Abwurf von" in german
    client.cookies["django_language"] = "el"
    greek = client.get(f"/replay/tables/{table.pk}/?hand=1&step=0&review=0").content.decode()
    assert "εδώ το μποτ θα είχε επιλέξει:" in greek


@pytest.mark.slow
def test_a_daifugo_player_sees_the_review_of_a_whole_game(client, four_players, monkeypatch,
                                                          django_capture_on_commit_callbacks):
    monkeypatch.setattr(services, "_system_random", random.Random(8))
    table = seated_table(four_players, "daifugo", {"players": 4, "hands": 4}, ("1", "2", "3", "4"))
    table = play_to_the_end(table, random.Random(8))
    page = ask_for_review(client, four_players[2], table, "3", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=table, seat="3")
    assert review.status == Review.Status.DONE and review.done == review.total == len(review.decisions) > 20
    assert {"play", "exchange"} & {d["kind"] for d in review.decisions}
    marked = len(review.markers)
    assert marked and f"{marked} marked move" in page and "of %d moves judged" % len(review.decisions) in page
    first = review.markers[0]
    listed = page[page.index('class="review-markers"'):]
    assert "here the bot would have chosen" in listed and 'class="card' in listed  # cards drawn as at the table
    here = client.get(f"/replay/tables/{table.pk}/?hand={first['hand'] + 1}&step={first['step']}&review=3").content.decode()
    assert 'class="review-marker-here"' in here and "A point is one place in a hand." in here
    client.cookies["django_language"] = "de"
    german = client.get(f"/replay/tables/{table.pk}/?hand={first['hand'] + 1}&step={first['step']}&review=3").content.decode()
    assert "hier hätte der Bot gewählt:" in german and "Ein Punkt ist ein Platz in einer Runde." in german
