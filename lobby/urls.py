from django.urls import path

from lobby import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.create_table, name="create_table"),
    path("tables/new/daifugo/", views.create_daifugo_room, name="create_daifugo_room"),
    path("tables/practice/daifugo/", views.practice_daifugo, name="practice_daifugo"),
]
