from django.urls import path

from tichu import views

app_name = "tichu"
urlpatterns = [
    path("", views.quick, name="quick"),
    path("rules/", views.rules, name="rules"),
    path("faq/", views.faq, name="faq"),
]
