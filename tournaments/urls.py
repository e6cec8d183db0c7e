from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.index, name="tournaments"),
    path("new/", views.create, name="create_tournament"),
    path("<int:pk>/", views.detail, name="tournament"),
    path("<int:pk>/join/", views.join, name="join_tournament"),
    path("<int:pk>/pause/", views.pause, name="pause_tournament"),
    path("<int:pk>/team/", views.team, name="tournament_team"),
    path("<int:pk>/team/invite/", views.team_invite, name="tournament_team_invite"),
    path("<int:pk>/team/accept/", views.team_accept, name="tournament_team_accept"),
    path("<int:pk>/team/decline/", views.team_decline, name="tournament_team_decline"),
    path("<int:pk>/team/dissolve/", views.team_dissolve, name="tournament_team_dissolve"),
]
