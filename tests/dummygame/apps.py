from django.apps import AppConfig


class DummyGameConfig(AppConfig):
    """A game registered only in the test settings, as a plug-in app would be: the platform's
    tests run over it so that they never depend on one real game."""

    name = "tests.dummygame"
    label = "dummygame"

    def ready(self) -> None:
        from games import registry
        from tests.dummygame.game import DUMMY

        registry.register(DUMMY)
