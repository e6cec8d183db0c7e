"""What Tichu's post-game review judges, requested on the replay page: a crafted blunder is
marked with the better move, the best move is not, and the judgement never depends on a
card the player could not see (how the platform queues, runs and shows any game's review:
tests/replay/test_review.py). South's decisions here: the Grand Tichu (declined on a weak
eight), the exchange, the Tichu call or not calling it at its first card, and that card."""

import random

import pytest

from games import registry, services
from replay import sources
from replay.models import Review
from tests.replay.conftest import TICHU_SEATS, seated_table
from tests.replay.test_review import request_review as asked_for

pytestmark = pytest.mark.django_db
game = registry.get("tichu")

# South holds the Mahjong and, once the exchange brings the Q, K and A, all of 2 to A in mixed
# suits: a 14-card straight that no one can beat. Leading it goes out at once.
SOUTH = ["mahjong", "jade-2", "sword-3", "pagoda-4", "star-5", "jade-6", "sword-7", "pagoda-8", "star-9",
         "jade-10", "sword-J", "star-2", "star-3", "star-4"]
STRAIGHT = ["mahjong", "jade-2", "sword-3", "pagoda-4", "star-5", "jade-6", "sword-7", "pagoda-8", "star-9",
            "jade-10", "sword-J", "pagoda-Q", "star-K", "jade-A"]
TO_SOUTH = {"N": "pagoda-Q", "E": "star-K", "W": "jade-A"}


def crafted_deal(swap_hidden: bool = False) -> dict:
    deck = [f"{suit}-{rank}" for suit in ("jade", "sword", "pagoda", "star")
            for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + ["dog", "phoenix", "dragon"]
    rest = [card for card in deck if card not in SOUTH and card not in TO_SOUTH.values()]
    random.Random(4).shuffle(rest)
    hands = {"S": SOUTH}
    for n, seat in enumerate(("E", "N", "W")):
        hands[seat] = [TO_SOUTH[seat]] + rest[13 * n:13 * n + 13]
    if swap_hidden:  # East and West trade cards South never sees before its lead
        hands["E"][5:9], hands["W"][5:9] = hands["W"][5:9], hands["E"][5:9]
    return hands


def exchange(deal: dict, seat: str) -> dict:
    others = [s for s in TICHU_SEATS if s != seat]
    if seat == "S":
        return dict(zip(others, ["star-2", "star-3", "star-4"]))
    spare = iter(card for card in deal[seat][1:4])
    return {to: TO_SOUTH[seat] if to == "S" else next(spare) for to in others}


def crafted_table(four_players, monkeypatch, lead: list, swap_hidden: bool = False, call: bool = False):
    deal = crafted_deal(swap_hidden)
    monkeypatch.setattr(game, "shuffle", lambda rng, options: deal)
    table = seated_table(four_players, "tichu", {"target": 1000, "private": True}, TICHU_SEATS)
    for seat in TICHU_SEATS:
        services.submit(table_id=table.pk, action={"type": "grand", "call": False}, seat=seat)
    for seat in TICHU_SEATS:
        services.submit(table_id=table.pk, action={"type": "exchange", "give": exchange(deal, seat)}, seat=seat)
    if call:
        services.submit(table_id=table.pk, action={"type": "tichu"}, seat="S")
    services.submit(table_id=table.pk, action={"type": "play", "cards": lead}, seat="S")
    services.submit(table_id=table.pk, action={"type": "expel", "seat": "W"}, server=True)
    table.refresh_from_db()
    return table


def request_review(client, user, table, seat, capture):
    return asked_for(client, user, table, seat, capture, step=8)


def test_leading_the_mahjong_alone_instead_of_the_straight_is_marked(
        client, four_players, monkeypatch, django_capture_on_commit_callbacks):
    table = crafted_table(four_players, monkeypatch, ["mahjong"], call=True)
    page = request_review(client, four_players[0], table, "S", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=table, seat="S")
    assert review.status == Review.Status.DONE and review.done == review.total == 4
    assert [d["kind"] for d in review.decisions] == ["grand", "exchange", "tichu", "play"]
    [marker] = review.markers
    assert (marker["hand"], marker["step"], marker["kind"]) == (0, 9, "play")
    # a straight from the Mahjong instead: which length wins most is the playouts' call (the
    # whole 14 and shorter ones that keep control score close), the Mahjong alone clearly loses
    # (31 points a hand with the issue-26 playout policy, ~145 with the one before)
    best = marker["best"]["cards"]
    assert "mahjong" in best and len(best) >= 5 and set(best) <= set(STRAIGHT) and marker["cost"] >= 20
    assert "1 marked move" in page and "here the bot would have played" in page
    here = client.get(f"/replay/tables/{table.pk}/?hand=1&step=9&review=S").content.decode()
    assert 'class="review-marker-here"' in here and "about" in here
    elsewhere = client.get(f"/replay/tables/{table.pk}/?hand=1&step=8&review=S").content.decode()
    assert 'class="review-marker-here"' not in elsewhere


def test_calling_tichu_and_leading_the_straight_is_not_marked(
        client, four_players, monkeypatch, django_capture_on_commit_callbacks):
    table = crafted_table(four_players, monkeypatch, STRAIGHT, call=True)
    page = request_review(client, four_players[2], table, "S", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=table, seat="S")
    assert review.total == 4 and review.markers == []
    assert "No move was clearly worse than the bot's choice." in page


def test_leading_the_straight_without_calling_tichu_is_marked_for_the_call(
        client, four_players, monkeypatch, django_capture_on_commit_callbacks):
    # the straight goes out at once: a Tichu called before it was a sure 100 points more
    table = crafted_table(four_players, monkeypatch, STRAIGHT)
    request_review(client, four_players[2], table, "S", django_capture_on_commit_callbacks)
    [marker] = Review.objects.get(table=table, seat="S").markers
    assert (marker["step"], marker["kind"], marker["best"]) == (8, "tichu", {"type": "tichu", "call": True})
    assert marker["cost"] >= 80


def test_a_first_card_carries_both_its_marks_not_calling_and_the_card(
        client, four_players, monkeypatch, django_capture_on_commit_callbacks):
    table = crafted_table(four_players, monkeypatch, ["mahjong"])
    page = request_review(client, four_players[2], table, "S", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=table, seat="S")
    assert [(m["step"], m["kind"]) for m in review.markers] == [(8, "tichu"), (8, "play")]
    assert review.markers[0]["best"] == {"type": "tichu", "call": True}
    assert "2 marked moves" in page and "here the bot would have called Tichu" in page
    here = client.get(f"/replay/tables/{table.pk}/?hand=1&step=8&review=S").content.decode()
    assert here.count('class="review-marker-here"') == 2
    client.cookies["django_language"] = "de"
    german = client.get(f"/replay/tables/{table.pk}/?hand=1&step=8&review=S").content.decode()
    assert "hier hätte der Bot Tichu angesagt" in german
    # the game explains what its reviewer judges, in the viewer's language
    assert "the Grand Tichu and Tichu calls" in here and "die Ansagen von Großem Tichu und Tichu" in german


def test_the_judgement_is_the_same_for_every_hidden_deal_the_player_could_not_tell_apart(four_players, monkeypatch):
    judged = []
    for swap in (False, True):
        table = crafted_table(four_players, monkeypatch, ["mahjong"], swap_hidden=swap)
        record = sources.table_record(table)
        assert (record["hands"][0]["deal"]["E"] == crafted_deal()["E"]) is not swap
        judged.append(game.review(record, "S", seed=7))
        Review.objects.all().delete()
    assert [d["kind"] for d in judged[0]] == ["grand", "exchange", "tichu", "play"]
    assert judged[0] == judged[1]
    assert game.review(sources.table_record(table), "S", seed=7) == judged[1]  # the seed decides


def test_marks_of_calls_the_exchange_and_the_gift_are_listed_and_shown_at_their_moment(client, four_players, monkeypatch):
    table = crafted_table(four_players, monkeypatch, ["mahjong"])
    verdict = {"hand": 0, "score": -50.0, "best_score": 10.0, "cost": 60, "flagged": True}
    Review.objects.create(table=table, seat="S", status=Review.Status.DONE, decisions=[
        verdict | {"step": 0, "kind": "grand", "played": {"type": "grand", "call": True},
                   "best": {"type": "grand", "call": False}},
        verdict | {"step": 4, "kind": "exchange",
                   "played": {"type": "exchange", "give": {"E": "dragon", "N": "star-3", "W": "star-4"}},
                   "best": {"type": "exchange", "give": {"E": "star-2", "N": "star-3", "W": "star-4"}}},
        verdict | {"step": 8, "kind": "gift", "played": {"type": "gift", "to": "E"},
                   "best": {"type": "gift", "to": "W"}},
    ])
    client.force_login(four_players[0])
    names = sources.seat_names(table)
    page = client.get(f"/replay/tables/{table.pk}/?review=S").content.decode()
    assert "3 marked moves" in page and "here the bot would not have called Grand Tichu" in page
    assert f"here the bot would have given the Dragon trick to {names['W']}" in page
    exchange = page[page.index("here the bot would have given "):]
    assert exchange.index('alt="Star 2"') < exchange.index(f"to {names['E']}") < exchange.index("instead of")
    assert exchange.index("instead of") < exchange.index('alt="Dragon"')
    here = client.get(f"/replay/tables/{table.pk}/?hand=1&step=4&review=S").content.decode()
    assert here.count('class="review-marker-here"') == 1 and "about 60 points better" in here
    client.cookies["django_language"] = "el"
    greek = client.get(f"/replay/tables/{table.pk}/?hand=1&step=0&review=S").content.decode()
    assert "εδώ το μποτ δεν θα είχε δηλώσει Μεγάλο Tichu" in greek
