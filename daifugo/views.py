from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "daifugo/learn/rules.html")
