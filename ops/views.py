import hmac

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from ops import health, metrics


@never_cache
@require_GET
def healthz(request):
    """For a load balancer: 200 while this process, its database, Redis, beat and a worker
    are all well, 503 otherwise; the body says which check failed and how old each stamp is."""
    report = health.report()
    return JsonResponse(report, status=200 if report["ok"] else 503)


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
