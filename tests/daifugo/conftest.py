from tests.games.conftest import four_players  # noqa: F401 — shared fixtures
