from django.urls import path

from moderation import views

urlpatterns = [
    path("report/<str:username>/", views.report, name="report_player"),
]
