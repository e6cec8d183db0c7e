from django.urls import path

from ratings import views

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("<slug:game_kind>/", views.leaderboard, name="leaderboard_game"),
]
