"""The vote panel each viewer sees at a table: running votes, their own yes/no forms, and
whom they may start a vote against."""

import re

import pytest
from django.template import Context, Template

from moderation import services

pytestmark = pytest.mark.django_db
PANEL = Template("{% load moderation %}{% vote_panel table user %}")


def panel(table, user) -> str:
    return PANEL.render(Context({"table": table, "user": user}))


def commands(html: str) -> list[str]:
    return re.findall(r'name="cmd" value="(\w+)"', html)


def test_a_voter_gets_yes_and_no_and_the_target_is_told(waiting_table, four_players):
    sam, eve, nia, wes = four_players
    services.open_vote(table=waiting_table, opened_by=sam, target=wes, reason="absent")
    for_eve = panel(waiting_table, eve)
    assert "Remove wes? Reason: not responding" in for_eve
    assert "1 yes, 0 no — 2 yes needed" in for_eve
    assert commands(for_eve) == ["vote_cast", "vote_cast", "vote_open"]
    for_wes = panel(waiting_table, wes)
    assert "The others are voting on removing you from this table." in for_wes
    assert "vote_cast" not in commands(for_wes)


def test_the_opener_may_not_vote_twice_nor_reopen_against_the_same_player(waiting_table, four_players):
    sam, eve, nia, wes = four_players
    services.open_vote(table=waiting_table, opened_by=sam, target=wes, reason="abuse")
    html = panel(waiting_table, sam)
    assert commands(html) == ["vote_open"]
    assert re.findall(r'<option value="(\w+)">\1</option>', html) == ["eve", "nia"]


def test_spectators_see_votes_without_forms(waiting_table, four_players, alice):
    services.open_vote(table=waiting_table, opened_by=four_players[0], target=four_players[3], reason="abuse")
    html = panel(waiting_table, alice)
    assert "Remove wes?" in html and commands(html) == []


def test_an_empty_panel_keeps_its_id_for_out_of_band_swaps(waiting_table, alice):
    html = Template("{% load moderation %}{% vote_panel table user oob=True %}").render(
        Context({"table": waiting_table, "user": alice})
    )
    assert re.fullmatch(r'<section id="t-votes" [^>]*hx-swap-oob="true">\s*</section>\s*', html)


def test_a_finished_table_offers_no_votes(team_table, four_players):
    sam, eve, nia, wes = four_players
    assert commands(panel(team_table, sam)) == ["vote_open"]
    vote = services.open_vote(table=team_table, opened_by=sam, target=eve, reason="abuse")
    services.cast_ballot(vote=vote, voter=nia, yes=True)
    services.cast_ballot(vote=vote, voter=wes, yes=True)
    team_table.refresh_from_db()
    assert commands(panel(team_table, nia)) == [] and "Remove" not in panel(team_table, nia)
