from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# A full hand as dealt: shows newcomers what 14 fanned cards look like.
EXAMPLE_HAND = (
    "dragon", "phoenix", "star-A", "jade-K", "sword-K", "pagoda-Q", "star-10", "jade-9",
    "sword-8", "pagoda-7", "star-5", "jade-3", "sword-2", "mahjong",
)


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/index.html")


def tichu_quick(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/tichu_quick.html", {"example_hand": EXAMPLE_HAND})


def tichu_rules(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/tichu_rules.html")


def tichu_faq(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/tichu_faq.html")


def daifugo_rules(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/daifugo_rules.html")
