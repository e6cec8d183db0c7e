from django.urls import path, re_path

from games.consumers import TableConsumer
from games.sockets import NotFoundConsumer
from lobby.consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<int:table_id>/<str:invite>/", TableConsumer.as_asgi()),
    re_path(r"", NotFoundConsumer.as_asgi()),
]
