from django.apps import AppConfig


class DaifugoConfig(AppConfig):
    name = "daifugo"

    def ready(self) -> None:
        from daifugo.game import Daifugo
        from games import registry

        registry.register(Daifugo())
