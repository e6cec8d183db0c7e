from django.urls import path

from lobby import practice, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/<str:game>/", views.create_table, name="create_table"),
    path("tables/practice/<str:game>/", views.practice, name="practice"),
    path("tables/bots/", practice.play_with_bots, name="play_with_bots"),
]
