"""Tichu's learn pages: two minutes to the first hand, the full rules, the FAQ."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# A full hand as dealt: shows newcomers what 14 fanned cards look like.
EXAMPLE_HAND = (
    "dragon", "phoenix", "star-A", "jade-K", "sword-K", "pagoda-Q", "star-10", "jade-9",
    "sword-8", "pagoda-7", "star-5", "jade-3", "sword-2", "mahjong",
)


def quick(request: HttpRequest) -> HttpResponse:
    return render(request, "tichu/learn/quick.html", {"example_hand": EXAMPLE_HAND})


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "tichu/learn/rules.html")


def faq(request: HttpRequest) -> HttpResponse:
    return render(request, "tichu/learn/faq.html")
