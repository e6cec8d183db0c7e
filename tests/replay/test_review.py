"""The post-game review as the platform runs it for any game with a reviewer: asked for on the
replay page by those who may, computed once per seat by its Celery task, its progress polled
while it runs, a failed one asked for again, its marks listed and shown at their moment.

The dummy game reviews here with a reviewer declared for these tests (`picks_reviewed`): a pick
below 9 is marked, costing what it fell short by (the highest pick scores). What Tichu's
reviewer judges is tested in tests/tichu/test_review.py."""

import pytest

from games import registry
from replay.models import Review
from replay.tasks import run_review
from tests.games.conftest import finish_dummy, start_dummy

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("dummy_replayable")]


def review_picks(record: dict, seat: str, seed: int, progress=lambda done, total: None) -> list[dict]:
    hands = registry.get("dummy").record_hands(record)
    mine = [(hand, step, action) for hand, actions in enumerate(hands) for step, action in enumerate(actions)
            if action.get("seat") == seat and action["type"] == "pick"]
    decisions = []
    for done, (hand, step, action) in enumerate(mine, 1):
        cost = 9 - action["n"]
        decisions.append({"hand": hand, "step": step, "kind": "pick", "played": {"type": "pick", "n": action["n"]},
                          "best": {"type": "pick", "n": 9}, "score": float(action["n"]), "best_score": 9.0,
                          "cost": cost, "flagged": cost > 0})
        progress(done, len(mine))
    return decisions


@pytest.fixture
def picks_reviewed(monkeypatch):
    monkeypatch.setattr(registry.get("dummy"), "review", review_picks)


@pytest.fixture
def finished(four_players):
    """A private four-seat dummy game: A picked 9 twice (nothing to mark), B, C and D 1 twice."""
    return finish_dummy(start_dummy(four_players, players=4, private=True), four_players)


def request_review(client, user, table, seat, capture, step: int = 3):
    """Asked for on the replay page at hand 1, `step`, the task run at the commit: the page
    the request leads back to."""
    client.force_login(user)
    with capture(execute=True):
        response = client.post(f"/replay/tables/{table.pk}/review/", {"seat": seat, "hand": 1, "step": step})
    assert response.status_code == 302
    return client.get(response["Location"]).content.decode()


@pytest.mark.usefixtures("picks_reviewed")
def test_a_seats_weaker_moves_are_marked_listed_and_shown_at_their_moment(
        client, four_players, finished, django_capture_on_commit_callbacks):
    page = request_review(client, four_players[0], finished, "B", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=finished, seat="B")
    assert review.status == Review.Status.DONE and review.done == review.total == 2
    assert [(m["hand"], m["step"], m["cost"]) for m in review.markers] == [(0, 1, 8), (0, 6, 8)]
    assert "2 marked moves" in page and "of 2 moves judged" in page and "Marked moves of eve" in page
    assert page.count("here the bot would have picked 9 instead of 1") == 2
    assert f"/replay/tables/{finished.pk}/?review=B&amp;hand=1&amp;step=6" in page  # a mark links to its moment
    here = client.get(f"/replay/tables/{finished.pk}/?hand=1&step=6&review=B").content.decode()
    assert here.count('class="review-marker-here"') == 1 and "Review of eve:" in here
    elsewhere = client.get(f"/replay/tables/{finished.pk}/?hand=1&step=5&review=B").content.decode()
    assert 'class="review-marker-here"' not in elsewhere
    best = request_review(client, four_players[0], finished, "A", django_capture_on_commit_callbacks)
    assert Review.objects.get(table=finished, seat="A").markers == []
    assert "No move was clearly worse than the bot's choice." in best


@pytest.mark.usefixtures("picks_reviewed")
def test_a_review_is_computed_once_and_only_for_those_who_may_ask(
        client, four_players, finished, django_user_model, monkeypatch, django_capture_on_commit_callbacks):
    request_review(client, four_players[1], finished, "B", django_capture_on_commit_callbacks)
    first = Review.objects.get(table=finished, seat="B")
    runs = []
    monkeypatch.setattr(registry.get("dummy"), "review", lambda *args: runs.append(args) or review_picks(*args))
    request_review(client, four_players[3], finished, "B", django_capture_on_commit_callbacks)
    assert runs == [] and Review.objects.filter(table=finished).count() == 1
    assert Review.objects.get(pk=first.pk).decisions == first.decisions
    stranger = django_user_model.objects.create_user("stranger", password="x" * 12)
    client.force_login(stranger)  # a private table: only its players (even with the link)
    assert client.post(f"/replay/tables/{finished.pk}/review/?invite={finished.invite_code}",
                       {"seat": "C"}).status_code == 404
    client.force_login(four_players[0])
    assert client.post(f"/replay/tables/{finished.pk}/review/", {"seat": "X"}).status_code == 400
    client.logout()
    assert client.post(f"/replay/tables/{finished.pk}/review/", {"seat": "C"}).status_code == 302  # to the login
    assert Review.objects.filter(table=finished).count() == 1


@pytest.mark.usefixtures("picks_reviewed")
def test_the_review_row_shows_its_progress_until_it_is_done(client, four_players, finished):
    review = Review.objects.create(table=finished, seat="C", status=Review.Status.RUNNING, done=1, total=7)
    client.force_login(four_players[0])
    row = client.get(f"/replay/tables/{finished.pk}/review/C/").content.decode()
    assert '<progress max="7" value="1">' in row and 'hx-trigger="every 2s"' in row and "Reviewing: 1 of 7 moves" in row
    Review.objects.filter(pk=review.pk).update(status=Review.Status.QUEUED)
    run_review(review.pk)
    row = client.get(f"/replay/tables/{finished.pk}/review/C/").content.decode()
    assert "2 marked moves" in row and "hx-trigger" not in row
    assert client.get(f"/replay/tables/{finished.pk}/review/D/").status_code == 404  # never asked for


def test_a_reviewer_that_fails_leaves_a_review_that_can_be_asked_for_again(
        client, four_players, finished, monkeypatch, django_capture_on_commit_callbacks):
    def broken(*args):
        raise RuntimeError("the reviewer broke")

    monkeypatch.setattr(registry.get("dummy"), "review", broken)
    page = request_review(client, four_players[1], finished, "D", django_capture_on_commit_callbacks)
    failed = Review.objects.get(table=finished, seat="D")
    assert failed.status == Review.Status.FAILED and failed.decisions in ([], None)
    assert "The review failed." in page and "Try the review again" in page
    row = client.get(f"/replay/tables/{finished.pk}/review/D/").content.decode()  # as the polling row ends
    assert "Try the review again" in row
    monkeypatch.setattr(registry.get("dummy"), "review", review_picks)
    page = request_review(client, four_players[2], finished, "D", django_capture_on_commit_callbacks)
    review = Review.objects.get(table=finished, seat="D")
    assert review.pk == failed.pk and review.status == Review.Status.DONE and review.done == review.total == 2
    assert review.requested_by == four_players[2] and "2 marked moves" in page and "Try the review again" not in page
    with django_capture_on_commit_callbacks(execute=True) as callbacks:  # done: asked again, nothing runs
        client.post(f"/replay/tables/{finished.pk}/review/", {"seat": "D"})
    assert callbacks == [] and Review.objects.get(pk=failed.pk).decisions == review.decisions


def test_a_game_without_a_reviewer_offers_no_review(client, four_players, finished):
    client.force_login(four_players[0])
    page = client.get(f"/replay/tables/{finished.pk}/").content.decode()
    assert "Post-game review" not in page and "Hand 1 of 1" in page
    assert client.post(f"/replay/tables/{finished.pk}/review/", {"seat": "A"}).status_code == 404
    assert not Review.objects.exists()
