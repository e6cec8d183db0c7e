from django.urls import path

from learn import views

app_name = "learn"
urlpatterns = [
    path("", views.index, name="index"),
    path("tichu/", views.tichu_quick, name="tichu_quick"),
    path("tichu/rules/", views.tichu_rules, name="tichu_rules"),
    path("tichu/faq/", views.tichu_faq, name="tichu_faq"),
    path("daifugo/", views.daifugo_rules, name="daifugo_rules"),
]
