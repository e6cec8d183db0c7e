from django.urls import path

from lobby import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.create_table, name="create_table"),
]
