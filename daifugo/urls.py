from django.urls import path

from daifugo import views

app_name = "daifugo"
urlpatterns = [
    path("", views.rules, name="rules"),
]
