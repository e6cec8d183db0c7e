"""A socket's write whose database connection was lost (a restart, a failover) is tried once
more on a new connection; an error of the statement itself is not. The whole path, with
PostgreSQL dropping every connection mid-game, is tests/faults/test_faults.py's."""

import sqlite3

import pytest
from django.db.utils import OperationalError

from games.consumers import _once_more_if_disconnected


class DriverError(Exception):
    def __init__(self, sqlstate):
        super().__init__(f"sqlstate {sqlstate}")
        self.sqlstate = sqlstate


def _failing_once(cause):
    calls = []

    def work(value):
        calls.append(value)
        if len(calls) == 1:
            raise OperationalError(str(cause)) from cause
        return value * 2

    return work, calls


@pytest.mark.parametrize("sqlstate", [None, "08006", "57P01"])
def test_a_lost_connection_is_tried_once_more(sqlstate):
    work, calls = _failing_once(DriverError(sqlstate))
    assert _once_more_if_disconnected(work)(21) == 42
    assert calls == [21, 21]


@pytest.mark.parametrize("cause", [DriverError("40001"), DriverError("55P03"), sqlite3.OperationalError("database is locked")])
def test_a_statement_the_database_refused_is_not_tried_again(cause):
    work, calls = _failing_once(cause)
    with pytest.raises(OperationalError):
        _once_more_if_disconnected(work)(21)
    assert calls == [21]
