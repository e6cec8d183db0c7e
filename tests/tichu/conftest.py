from tests.games.conftest import four_players, started_table  # noqa: F401 — shared fixtures
