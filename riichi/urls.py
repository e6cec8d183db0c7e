from django.urls import path

from riichi import views

app_name = "riichi"
urlpatterns = [
    path("", views.rules, name="rules"),
    path("yaku/", views.yaku, name="yaku"),
    path("scoring/", views.scoring, name="scoring"),
    path("options/", views.options, name="options"),
    path("ranks/", views.rank_ladder, name="ranks"),
]
