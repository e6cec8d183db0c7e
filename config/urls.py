from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from games import registry
from lobby import views as lobby_views

urlpatterns = [
    path("", lobby_views.home, name="home"),
    path("lobby/", include("lobby.urls")),
    path("tables/", include("games.urls")),
    path("accounts/", include("accounts.urls")),
    path("players/<str:username>/", account_views.profile, name="profile"),
    path("learn/", include("learn.urls")),
    # Each game's learn pages, under its key: /learn/tichu/, /learn/daifugo/, ...
    *(path(f"learn/{game.key}/", include(game.learn_urls)) for game in registry.GAMES.values() if game.learn_urls),
    path("replay/", include("replay.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("leaderboard/", include("ratings.urls")),
    path("moderation/", include("moderation.urls")),
    path("styles/", include("coins.urls")),
    path("admin/", admin.site.urls),
    path("", include("ops.urls")),
]
