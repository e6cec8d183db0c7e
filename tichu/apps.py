from django.apps import AppConfig


class TichuConfig(AppConfig):
    name = "tichu"

    def ready(self) -> None:
        from games import registry
        from tichu.game import Tichu

        registry.register(Tichu())
