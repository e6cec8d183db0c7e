from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from ratings import conf, kinds, ranks
from ratings.models import Rating

PAGE_SIZE = 50


@dataclass(frozen=True)
class Listing:
    page: Page
    previous_url: str
    next_url: str


def leaderboard(request: HttpRequest, game_kind: str | None = None) -> HttpResponse:
    games = kinds.rated_games()
    if game_kind is None and games:
        game_kind = games[0].key
    if game_kind not in {kind.key for kind in games}:
        raise Http404("no such rated game")
    rated = (
        Rating.objects.filter(game_kind=game_kind, games__gt=0, user__is_active=True)
        .select_related("user")
        .order_by("-value", "-games", "user__username")
    )
    established = conf.provisional_games()
    ranked = _listing(request, rated.filter(games__gte=established), "page")
    provisional = _listing(request, rated.filter(games__lt=established), "provisional_page")
    ladder = ranks.ladder(game_kind)
    if ladder is not None:
        _label_ranks(game_kind, [ranked.page, provisional.page])
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "game_kind": game_kind,
            "game_kinds": [(kind.key, kinds.label(kind.key)) for kind in games],
            "ranked": ranked,
            "provisional": provisional,
            "has_ladder": ladder is not None,
            "provisional_games": established,
        },
    )


def _label_ranks(game_kind: str, pages: list[Page]) -> None:
    """Give each listed rating its player's rank on the game's ladder (`rank_label`)."""
    for page in pages:
        page.object_list = list(page.object_list)
    players = [rating.user_id for page in pages for rating in page.object_list]
    held = ranks.ranks_of(players, game_kind)
    for page in pages:
        for rating in page.object_list:
            rating.rank_label = ranks.label(game_kind, held[rating.user_id].level)


def _listing(request: HttpRequest, ratings: QuerySet[Rating], parameter: str) -> Listing:
    """One paginated list; its page number travels in `parameter`, so both lists on the page
    keep their own place."""
    page = Paginator(ratings, PAGE_SIZE).get_page(request.GET.get(parameter))
    return Listing(
        page,
        _page_url(request, parameter, page.previous_page_number()) if page.has_previous() else "",
        _page_url(request, parameter, page.next_page_number()) if page.has_next() else "",
    )


def _page_url(request: HttpRequest, parameter: str, number: int) -> str:
    query = request.GET.copy()
    query[parameter] = str(number)
    return f"?{query.urlencode()}"
