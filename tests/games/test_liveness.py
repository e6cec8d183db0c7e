"""Telling a page whose player left from a page whose process died: pure functions of what
Redis holds and "now"."""

from games import liveness

NOW = 1000.0
TTL = 60.0


def page(process: str, n: int = 1) -> str:
    return liveness.page_member(process, f"specific.x!{n}")


def test_a_page_of_a_live_process_that_vouched_for_it_is_online():
    assert liveness.seat_status({page("a"): NOW - 10}, {"a": NOW}, NOW, TTL) == ("online", None)


def test_a_page_its_live_process_stopped_vouching_for_is_gone():
    assert liveness.seat_status({page("a"): NOW - 61}, {"a": NOW}, NOW, TTL) == ("gone", None)


def test_pages_of_a_dead_process_are_dropped_since_its_last_word():
    vouches = {"a": NOW - 4, "b": NOW - 30}
    status = liveness.seat_status({page("a"): NOW - 15, page("b", 2): NOW - 30}, vouches, NOW, TTL)
    assert status == ("dropped", NOW - 4)


def test_dropped_stays_dropped_however_long_the_process_is_away():
    assert liveness.seat_status({page("a"): NOW - 900}, {"a": NOW - 900}, NOW, TTL) == ("dropped", NOW - 900)


def test_one_live_page_makes_the_seat_online_whatever_else_it_had():
    pages = {page("dead"): NOW - 20, page("a", 2): NOW - 1}
    assert liveness.seat_status(pages, {"dead": NOW - 20, "a": NOW}, NOW, TTL) == ("online", None)


def test_no_pages_is_gone():
    assert liveness.seat_status({}, {"a": NOW}, NOW, TTL) == ("gone", None)


def test_the_site_is_silent_only_when_every_process_is():
    assert liveness.silent_since({}, NOW) is None  # nothing ever served: not down
    assert liveness.silent_since({"a": NOW - 10, "b": NOW - 0.2}, NOW) is None
    assert liveness.silent_since({"a": NOW - 10, "b": NOW - 4}, NOW) == NOW - 4


def test_a_quiet_process_is_late_before_it_is_dead():
    vouches = {"a": NOW - 2, "b": NOW - 0.4}
    assert liveness.late_processes([page("a"), page("b")], vouches, NOW) == {"a"}
    assert liveness.is_alive(vouches, "a", NOW)
