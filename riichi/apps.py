from django.apps import AppConfig


class RiichiConfig(AppConfig):
    name = "riichi"

    def ready(self) -> None:
        from games import hooks, registry
        from riichi import toggles
        from riichi.game import Riichi

        registry.register(Riichi())
        hooks.frame_handlers[toggles.FRAME] = toggles.switch
