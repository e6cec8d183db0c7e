from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.index, name="tournaments"),
    path("new/", views.create, name="create_tournament"),
    path("<int:pk>/", views.detail, name="tournament"),
    path("<int:pk>/join/", views.join, name="join_tournament"),
    path("<int:pk>/pause/", views.pause, name="pause_tournament"),
]
