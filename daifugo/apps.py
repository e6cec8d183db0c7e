from django.apps import AppConfig


class DaifugoConfig(AppConfig):
    name = "daifugo"

    def ready(self) -> None:
        from daifugo.game import DAIFUGO
        from games import registry

        registry.register(DAIFUGO)
