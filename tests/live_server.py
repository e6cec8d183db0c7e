"""One daphne for the browser and load tests, as an interpreter of its own:
`python -m tests.live_server DATABASE_NAME` serves the whole ASGI app (http, websockets,
static files) on the test database and prints the port it listens on as its first line.

Not forked from the test process: a fork inherits every SQLite connection any thread or
context of pytest had open, and a child that shares one WAL index with its parent read
snapshots from before the fork ("Not Found" for a table or session made just after it), one
test in a few hundred."""

import os
import sys

import pytest  # noqa: F401 — config.settings knows a test run by pytest being loaded


def main(database_name: str) -> None:
    import django
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = database_name
    django.setup()
    # What pytest-django does in the test process: DEBUG off, the test mail outbox.
    from django.test.utils import setup_test_environment

    setup_test_environment(debug=False)
    if seed := os.environ.get("STICH_TEST_DEAL_SEED"):
        # A browser test that needs a particular hand (one with a call) deals it every run.
        import random

        from games import services

        services._system_random = random.Random(int(seed))
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]

    from channels.routing import get_default_application
    from daphne.endpoints import build_endpoint_description_strings
    from daphne.server import Server
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    def tell_the_port():
        print(server.listening_addresses[0][1], flush=True)
        os.dup2(2, 1)  # later output goes with the logs; nobody reads the pipe any more

    server = Server(
        application=ASGIStaticFilesHandler(get_default_application()),
        endpoints=build_endpoint_description_strings(host="localhost", port=0),
        ready_callable=tell_the_port,
    )
    server.run()
    # The reactor has stopped (SIGTERM at the test's end) and nothing is left to do: leave
    # without waiting for worker threads. In one run three servers outlived their SIGTERM by
    # the whole 15 s the test waits; a thread waiting on the stopped loop (a page's goodbye
    # handed to it) is the likely cause, not shown.
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1])
