from django.urls import path

from replay import views

app_name = "replay"
urlpatterns = [
    path("tables/<int:table_id>/", views.table_replay, name="table"),
    path("open/", views.upload, name="upload"),
    path("open/<str:token>/", views.uploaded_replay, name="uploaded"),
]
