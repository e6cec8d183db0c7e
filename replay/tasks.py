"""The review runs as a Celery task, once per seat: a second request finds it stored."""

from celery import shared_task
from django.db import transaction

from games import registry
from replay import sources
from replay.models import Review


@shared_task
def run_review(review_id: int) -> None:
    with transaction.atomic():
        review = Review.objects.select_for_update().select_related("table").get(pk=review_id)
        if review.status != Review.Status.QUEUED:
            return  # taken by another worker, or done already
        review.status = Review.Status.RUNNING
        review.save(update_fields=["status"])
    game = registry.get(review.table.game)

    def progress(done: int, total: int) -> None:
        Review.objects.filter(pk=review_id).update(done=done, total=total)

    try:
        decisions = game.review(sources.table_record(review.table), review.seat, review.seed, progress)
    except Exception:
        Review.objects.filter(pk=review_id).update(status=Review.Status.FAILED)
        raise
    Review.objects.filter(pk=review_id).update(status=Review.Status.DONE, decisions=decisions)
