from django.apps import AppConfig


class TichuConfig(AppConfig):
    name = "tichu"

    def ready(self) -> None:
        from cards import deck
        from games import registry
        from tichu.deck import DECK
        from tichu.game import TICHU

        registry.register(TICHU)
        deck.register(DECK)
