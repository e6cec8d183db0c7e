"""Riichi's learn pages: the rules, the yaku with their han, the scoring table and the
table options."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from riichi import ranks
from riichi.names import YAKU
from riichi.scoring_table import limit_rows, point_rows

EXAMPLE_HAND = ("1m", "2m", "3m", "4p", "5p", "6p", "0s", "6s", "7s", "1z", "1z", "1z", "7z", "7z")


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "riichi/learn/rules.html", {"example_hand": EXAMPLE_HAND})


def yaku(request: HttpRequest) -> HttpResponse:
    rows = [{"name": name, "closed": closed, "open": opened} for _package, name, closed, opened in YAKU]
    return render(request, "riichi/learn/yaku.html", {"yaku": rows})


def scoring(request: HttpRequest) -> HttpResponse:
    return render(request, "riichi/learn/scoring.html", {"points": point_rows(), "limits": limit_rows()})


def options(request: HttpRequest) -> HttpResponse:
    return render(request, "riichi/learn/options.html")


def rank_ladder(request: HttpRequest) -> HttpResponse:
    return render(request, "riichi/learn/ranks.html", {"ranks": ranks.table_rows(), "places": ranks.place_rows()})
