from django.apps import AppConfig


class RiichiConfig(AppConfig):
    name = "riichi"

    def ready(self) -> None:
        from games import hooks, registry
        from riichi import operator_bots, toggles
        from riichi.game import RIICHI

        operator_bots.configured()  # a bad MJAI_BOTS stops the site at start, saying what is wrong
        registry.register(RIICHI)
        hooks.frame_handlers[toggles.FRAME] = toggles.switch
