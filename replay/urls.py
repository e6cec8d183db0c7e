from django.urls import path

from replay import views

app_name = "replay"
urlpatterns = [
    path("tables/<int:table_id>/", views.table_replay, name="table"),
    path("tables/<int:table_id>/review/", views.request_review, name="request_review"),
    path("tables/<int:table_id>/review/<str:seat>/", views.review_progress, name="review_progress"),
    path("open/", views.upload, name="upload"),
    path("open/<str:token>/", views.uploaded_replay, name="uploaded"),
]
