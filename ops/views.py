import hmac
import logging

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from ops import health, metrics

logger = logging.getLogger(__name__)
# What this process last answered: a change is an event worth a log line, every probe is not.
_last_failing: set[str] | None = None


@never_cache
@require_GET
def healthz(request):
    """For a load balancer: 200 while this process, its database, Redis, beat and a worker
    are all well, 503 otherwise; the body says which check failed and how old each stamp is."""
    global _last_failing
    report = health.report()
    failing = {name for name, check in report["checks"].items() if not check["ok"]}
    if failing != _last_failing:
        if failing:
            logger.warning("unhealthy: %s", ", ".join(sorted(failing)))
        elif _last_failing is not None:
            logger.info("healthy again")
        _last_failing = failing
    response = JsonResponse(report, status=503 if failing else 200)
    response._has_been_logged = True  # not Django's line per failing probe: ours, on a change
    return response


@never_cache
@require_GET
def metrics_page(request):
    """Prometheus's scrape, for a bearer of METRICS_TOKEN only; to anyone else, as to every
    site without a token set, there is no such page."""
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "")
    if not token or not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        raise Http404
    return HttpResponse(metrics.exposition(), content_type="text/plain; version=0.0.4; charset=utf-8")
