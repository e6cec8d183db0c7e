from django.apps import AppConfig


class RiichiConfig(AppConfig):
    name = "riichi"

    def ready(self) -> None:
        from games import registry
        from riichi.game import Riichi

        registry.register(Riichi())
