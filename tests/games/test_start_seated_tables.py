"""Tables started in one go (a tournament's pairing): each group is seated and dealt as one table
started alone would be, the seat checks refuse a group as they refuse one seat, and a refused
group leaves nothing behind. The platform's part runs over the dummy game's four seats; a
game's own checks over Riichi's."""

import pytest

from games import registry
from games import services as tables
from games.errors import TableError
from games.models import Action, Seat, Table
from moderation import services as moderation
from ratings.models import PlayerRank
from riichi.models import Toggles

pytestmark = pytest.mark.django_db
SEATS = ("A", "B", "C", "D")
FOUR = {"players": 4}


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(f"u{n}") for n in range(12)]


def _groups(users, positions=SEATS):
    return [(group[0], dict(zip(positions, group))) for group in
            (users[i:i + len(positions)] for i in range(0, len(users), len(positions)))]


def _row(table: Table) -> dict:
    seats = sorted(table.seats.values_list("position", "user_id", "bot", "ready"))
    log = list(table.actions.order_by("version").values_list("version", "hand", "payload__type"))
    return {"status": table.status, "version": table.version, "has_bots": table.has_bots, "rated": table.rated,
            "started": table.started_at is not None, "deadline": table.deadline is not None,
            "clock": sorted(table.clock), "seats": [(p, bool(u), b, r) for p, u, b, r in seats], "log": log}


def test_each_group_is_dealt_a_table_like_one_started_alone(people, django_capture_on_commit_callbacks):
    options = FOUR | {"rated": True, "private": True}
    with django_capture_on_commit_callbacks() as callbacks:
        together = tables.start_seated_tables(game="dummy", options=options, groups=_groups(people[:8]))
    assert len(callbacks) == 2  # one word to the lobby for every table, one count of their logs
    alone = tables.start_seated(game="dummy", options=options, created_by=people[8],
                                players=dict(zip(SEATS, people[8:12])))
    rows = [_row(Table.objects.get(pk=t.pk)) for t in [*together, alone]]
    assert rows[0] == rows[1] == rows[2]
    assert rows[0]["status"] == Table.Status.PLAYING and rows[0]["rated"] and rows[0]["log"] == [(1, 0, "deal")]
    for table, users in zip(together, (people[:4], people[4:8])):
        assert dict(Table.objects.get(pk=table.pk).seats.values_list("position", "user_id")) == \
            {p: u.pk for p, u in zip(SEATS, users)}


def test_a_group_a_seat_check_refuses_gets_no_table_and_the_others_start(people, django_user_model):
    moderator = django_user_model.objects.create_superuser("mod", password="x" * 12)
    moderation.ban(user=people[5], by=moderator, reason="cheating")
    started = tables.start_seated_tables(game="dummy", options=FOUR | {"private": True}, groups=_groups(people))
    assert started[1] is None and None not in (started[0], started[2])
    assert Table.objects.count() == 2 and not Seat.objects.filter(user__in=people[4:8]).exists()
    assert set(Action.objects.values_list("table_id", flat=True)) == {started[0].pk, started[2].pk}
    with pytest.raises(TableError) as refused:
        tables.start_seated(game="dummy", options=FOUR | {"private": True}, created_by=people[4],
                            players=dict(zip(SEATS, people[4:8])))
    assert refused.value.code == "table_not_playing" and Table.objects.count() == 2


def test_the_games_own_checks_and_opening_actions_apply_to_every_table(people):
    positions = registry.get("riichi").seats_for(tables.clean_options("riichi", {}))
    PlayerRank.objects.bulk_create(PlayerRank(user=u, game_kind="riichi", level=10, points=0)
                                   for u in people if u != people[9])  # people[9]: a newcomer, 10 kyu
    Toggles.objects.create(user=people[2], auto_win=True)
    started = tables.start_seated_tables(game="riichi", options={"min_rank": 10}, groups=_groups(people, positions))
    assert started[2] is None and None not in started[:2]
    logs = [list(Action.objects.filter(table=t).order_by("version").values_list("payload", flat=True))
            for t in started[:2]]
    assert [a["type"] for a in logs[0]][:2] == ["deal", "toggles"] and logs[0][1]["seat"] == positions[2]
    assert logs[0][1]["auto_win"] and [a["type"] for a in logs[1]] == ["deal"]
    assert Table.objects.get(pk=started[0].pk).seat_ranks == dict.fromkeys(positions, 10)

def test_a_group_that_does_not_fill_the_seats_is_refused_and_nothing_is_made(people):
    with pytest.raises(TableError) as refused:
        tables.start_seated_tables(game="dummy", options=FOUR, groups=[*_groups(people[:4]), (people[4], {"A": people[4]})])
    assert refused.value.code == "bad_seat" and not Table.objects.exists()
