from django.urls import path

from lobby import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/<str:game>/", views.create_table, name="create_table"),
    path("tables/quick/<str:game>/", views.quick_play, name="quick_play"),
    path("tables/practice/<str:game>/", views.practice, name="practice"),
]
