from django.urls import path

from games.consumers import TableConsumer
from lobby.consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<int:table_id>/<str:invite>/", TableConsumer.as_asgi()),
]
