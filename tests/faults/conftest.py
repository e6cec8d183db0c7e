import pytest

from tests.faults.stack import Stack


@pytest.fixture(scope="module")
def stack(request, tmp_path_factory):
    """The real processes (daphne, a Celery worker, beat), once for each test module, dealing
    the cards of the module's DEAL_SEED."""
    stack = Stack(tmp_path_factory.mktemp("faults"), request.module.DEAL_SEED)
    try:
        stack.up()
        yield stack
    finally:
        stack.down()
