import pytest

from tests.faults.stack import Stack


@pytest.fixture(scope="package")
def stack(tmp_path_factory):
    """The real processes (daphne, a Celery worker, beat), started once for the fault tests
    of every module here: each test seeds its own players and tables, and checks only
    those."""
    stack = Stack(tmp_path_factory.mktemp("faults"))
    try:
        stack.up()
        yield stack
    finally:
        stack.down()
