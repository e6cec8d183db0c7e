import pytest

from tests.faults.stack import Stack


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """The real processes (daphne, a Celery worker, beat), once for each test module."""
    stack = Stack(tmp_path_factory.mktemp("faults"))
    try:
        stack.up()
        yield stack
    finally:
        stack.down()
