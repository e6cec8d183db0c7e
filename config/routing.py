from django.urls import path, re_path

from games.consumers import TableConsumer
from games.sockets import NotFoundConsumer
from lobby.consumers import LobbyConsumer
from tournaments.routing import websocket_urlpatterns as tournament_sockets

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<int:table_id>/<str:invite>/", TableConsumer.as_asgi()),
    *tournament_sockets,
    re_path(r"", NotFoundConsumer.as_asgi()),
]
