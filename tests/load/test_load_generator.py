"""The load generator's smoke test: bench/load/run.py plays two tables for a few seconds
against two live daphne processes on the test database, the way the benchmark runs against
the stack, and reports without errors."""

import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))

import run  # noqa: E402
from setup_tables import PASSWORD, create_tables  # noqa: E402

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.live]


def test_two_tables_for_a_few_seconds_report_moves_and_no_errors(daphne_servers, beat):
    ports = [urlsplit(daphne_servers.start()).port for _ in range(2)]
    args = run.parse_args(["--tables", "2", "--host", "localhost", "--ports", ",".join(map(str, ports)),
                           "--duration", "8", "--think", "0.1", "--click", "0.02"])
    specs = create_tables(args.tables, "smoke")
    run.login_all(specs, PASSWORD, args.host, args.ports)
    # Queries per action come from PostgreSQL's statistics of the test database, if it is one.
    database_url = None
    if settings.DATABASE_URL.startswith("postgres"):
        database_url = urlsplit(settings.DATABASE_URL)._replace(path=f"/{settings.DATABASES['default']['NAME']}").geturl()
    pids = {f"daphne-{port}": process.pid for port, process in zip(ports, daphne_servers.processes)}

    report = run.measure(specs, args, pids=pids, database_url=database_url)

    assert report["errors"] == {}, report["error_samples"]
    assert report["tables_started"] == 2
    assert report["moves_measured"] > 0
    assert all(report["latency_ms"][q] is not None for q in (50, 95, 99, "max"))
    assert report["game_actions_per_second"] > 0
    assert set(report["daphne"]) == set(pids)
    for process in report["daphne"].values():
        assert process["rss_open_mb"] > 0
    if database_url:
        assert report["per_game_action"]["xact_commit"] > 0
