from django.conf import settings
from django.db import models


class Review(models.Model):
    """The post-game review of one seat of a finished table, computed once (a Celery task)
    and kept: the judged decisions, of which the flagged ones are the replay's markers."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="reviews")
    seat = models.CharField(max_length=8)
    seed = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    decisions = models.JSONField(null=True, blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="one_review_per_seat")]

    @property
    def markers(self) -> list[dict]:
        return [d for d in self.decisions or [] if d["flagged"]]
