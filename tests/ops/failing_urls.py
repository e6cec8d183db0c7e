"""The site's URLs and one more whose view fails, to see what a visitor gets from a 500."""

from django.urls import path

from config.urls import urlpatterns as site


def broken(request):
    raise RuntimeError("secret detail of a failure")


urlpatterns = [*site, path("broken-for-a-test/", broken)]
