"""The platform's part of a match, as every game's table engine hands it over (gamekit.match)."""

from gamekit.match import Match, replayed

SEATS = ("A", "B", "C")


def test_the_third_strike_ends_the_match_and_each_other_ending_ends_it_at_once():
    match = Match(SEATS)
    for count in (1, 2):
        match, events = match.act("strike", "B")
        assert events == [{"type": "strike", "seat": "B", "count": count}] and match.end is None
    match, events = match.act("strike", "B")
    assert match.end == {"reason": "strikes", "seat": "B"} and events[-1]["type"] == "game_over"
    for kind in ("expel", "kick", "reserve_out"):
        assert Match(SEATS).act(kind, "C")[0].end == {"reason": kind, "seat": "C"}
    assert Match(SEATS).act("void", None)[0].end == {"reason": "void", "seat": None}


def test_acting_leaves_the_match_it_was_given_as_it_was():
    match = Match(SEATS)
    match.act("strike", "A")
    assert match.strikes == {"A": 0, "B": 0, "C": 0} and match.entries == ()


def test_entries_are_kept_where_the_game_says_the_action_fell_and_its_json_reads_back():
    match, _ = Match(SEATS).act("strike", "A", {"round": 0, "at": 4})
    match, _ = match.act("void", None, {"round": 1, "at": 0})
    assert match.entries == ({"type": "strike", "round": 0, "at": 4, "seat": "A"},
                             {"type": "void", "round": 1, "at": 0})
    assert Match.from_json(SEATS, match.to_json()) == match
    assert Match(SEATS).act("strike", "A")[0].entries == ()  # a game that records it in place


def test_a_record_s_entries_replay_to_the_same_end_or_name_the_first_bad_one():
    entries = [{"type": "strike", "seat": "A"}, {"type": "kick", "seat": "C"}]
    match, n, wrong = replayed(SEATS, entries)
    assert (match.end, n, wrong) == ({"reason": "kick", "seat": "C"}, None, None)
    assert replayed(SEATS, [*entries, {"type": "void"}])[1:] == (2, "the match had already ended")
    assert replayed(SEATS, [{"type": "resign", "seat": "A"}])[1:] == (0, "unknown platform action")
    assert replayed(SEATS, [{"type": "expel", "seat": "Z"}])[1:] == (0, "a seat A-C is needed")
    late = replayed(SEATS, entries, lambda entry: "no such round" if entry["type"] == "kick" else None)
    assert late[1:] == (1, "no such round")
