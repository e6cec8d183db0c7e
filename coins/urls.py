from django.urls import path

from coins import views

app_name = "coins"
urlpatterns = [
    path("", views.shop_page, name="shop"),
    path("check-in/", views.check_in, name="check_in"),
    path("buy/", views.buy, name="buy"),
    path("choose/", views.choose, name="choose"),
    path("zone/", views.zone, name="zone"),
    path("zone/browser/", views.browser_zone, name="browser_zone"),
]
