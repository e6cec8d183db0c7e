"""THE check: real Tenhou matches replay to the logged per-hand payments and final scores."""

import pytest

from riichi.engine import replay
from riichi.tenhou import TenhouImportError, import_tenhou, load_text as load_tenhou_text

from tests.riichi.tenhou_logs import FILES


def logged_deltas(hand):
    result = hand[16]
    deltas = [0, 0, 0, 0]
    for entry in result[1:]:
        if isinstance(entry, list) and len(entry) == 4 and all(isinstance(x, int) for x in entry):
            deltas = [a + b for a, b in zip(deltas, entry)]
    return deltas


def riichi_deposits(hand):
    """Riichi sticks each seat paid this hand: a riichi discard that was ronned pays none."""
    deposits = []
    result = hand[16]
    for seat in range(4):
        gives = hand[6 + 3 * seat]
        count = sum(1 for g in gives if isinstance(g, str) and g.startswith("r"))
        ronned = result[0] == "和了" and result[2][1] == seat != result[2][0]
        if count and ronned and isinstance(gives[-1], str) and gives[-1].startswith("r"):
            count -= 1
        deposits.append(count)
    return deposits


def test_the_logs_are_there():
    assert len(FILES) == 31


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_log_replays_to_the_logged_results(path):
    log = load_tenhou_text(path.read_text())
    out = replay(import_tenhou(log))
    assert out["ok"], out
    assert "in_progress" not in out
    assert len(out["rounds"]) == len(log["log"])
    for hand, round_ in zip(log["log"], out["rounds"]):
        assert round_["honba"] == hand[0][1]
        assert round_["sticks"] == hand[0][2]
        assert round_["deltas"] == logged_deltas(hand), hand[0]
    for earlier, later in zip(log["log"], log["log"][1:]):
        # the scores the next hand starts with: payments less the riichi deposits
        riichi = riichi_deposits(earlier)
        expected = [earlier[1][s] + logged_deltas(earlier)[s] - 1000 * riichi[s] for s in range(4)]
        assert expected == later[1]
    last = log["log"][-1]
    riichi = riichi_deposits(last)
    final = [last[1][s] + logged_deltas(last)[s] - 1000 * riichi[s] for s in range(4)]
    left = last[0][2] + sum(riichi) - (last[0][2] + sum(riichi) if last[16][0] == "和了" else 0)
    top = out["places"].index(1)
    final[top] += 1000 * left
    assert out["scores"] == final
    assert round(sum(out["results"]), 1) == 0


def test_result_kinds_are_named_as_the_spec_says():
    seen = set()
    for path in FILES:
        seen.update(r["result"] for r in replay(import_tenhou(load_tenhou_text(path.read_text())))["rounds"])
    assert seen == {"tsumo", "ron", "draw", "nagashi", "abort:nine_terminals", "abort:four_winds",
                    "abort:four_riichi", "abort:four_kans"}


def test_a_log_that_cannot_be_converted_raises_a_clear_error():
    with pytest.raises(TenhouImportError):
        import_tenhou({"log": []})
    with pytest.raises(TenhouImportError, match="three-player"):
        import_tenhou({"rule": {"disp": "三鳳南喰赤"}, "log": [[[0, 0, 0]]]})
    with pytest.raises(TenhouImportError, match="hand 0"):
        import_tenhou({"rule": {"disp": "鳳南喰赤"}, "log": [[[0, 0, 0], [25000] * 4] + [[]] * 15]})


@pytest.mark.parametrize("path", FILES[:5], ids=[p.stem for p in FILES[:5]])
def test_the_replayed_match_writes_back_the_imported_record(path):
    from riichi.engine import build_record
    from riichi.engine.record import fold
    record = import_tenhou(load_tenhou_text(path.read_text()))
    assert build_record(fold(record)) == record
