"""Leagues and team drafting through the services, against a real SQLite file."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import Conflict, InvalidInput, NotFound, RuleViolation
from bot.rules.league.league_settings import LeagueSettings
from bot.services.league import leagues
from bot.services.roster import teams
from bot.services.runtime import Runtime
from bot.store import audit
from bot.store import teams as team_store
from tests.conftest import actor

COMMISH = actor(user_id=1)
COACH = actor(user_id=11)
OTHER = actor(user_id=12)


async def _league(runtime: Runtime, name: str = "Old World League") -> None:
    await leagues.create_league(runtime, COMMISH, name, 555)


async def test_create_league_and_find_it(runtime: Runtime) -> None:
    with pytest.raises(NotFound, match="/league create"):
        await leagues.get_league(runtime, 1, None)
    await _league(runtime)
    league = await leagues.get_league(runtime, 1, None)
    assert league.name == "Old World League" and league.announce_channel_id == 555
    assert league.settings.points_win == 3 and league.settings.draft_budget == 1_000_000
    with pytest.raises(Conflict):
        await leagues.create_league(runtime, COMMISH, "old world league", None)
    await leagues.create_league(runtime, COMMISH, "Second", None)
    with pytest.raises(NotFound, match="several leagues"):
        await leagues.get_league(runtime, 1, None)
    assert (await leagues.get_league(runtime, 1, "second")).name == "Second"
    with pytest.raises(NotFound):
        await leagues.get_league(runtime, 2, "Second")  # another server never sees it


async def test_settings_are_validated_and_audited(runtime: Runtime) -> None:
    await _league(runtime)
    change = await leagues.update_settings(runtime, COMMISH, None, {"points_win": 2, "bonus_mode": "added"})
    assert change.changed == {"points_win": (3, 2), "bonus_mode": ("off", "added")}
    with pytest.raises(InvalidInput, match="Not changed"):
        await leagues.update_settings(runtime, COMMISH, None, {"points_draw": 5})
    with pytest.raises(InvalidInput, match="play-off places"):
        await leagues.update_settings(runtime, COMMISH, None, {"playoff_places": 5})
    league = await leagues.get_league(runtime, 1, None)
    assert league.settings.points_win == 2 and league.settings.points_draw == 1
    log = await leagues.league_log(runtime, 1, None)
    assert [e.action for e in log.entries] == ["league.settings", "league.create"]


async def test_draft_a_human_team(runtime: Runtime) -> None:
    await _league(runtime)
    created = await teams.create_team(runtime, COACH, None, "Reikland Reavers", "human")
    assert (
        created.sheet.team.treasury == 1_000_000 and created.sheet.team.regional_league == "Old World Classic"
    )
    hired = await teams.hire_players(runtime, COACH, None, "Human Lineman", count=7)
    assert hired.sheet.team.treasury == 1_000_000 - 7 * 50_000
    assert [p.row.number for p in hired.sheet.players] == [1, 2, 3, 4, 5, 6, 7]
    await teams.hire_players(runtime, COACH, None, "blitzer", count=2)
    await teams.hire_players(runtime, COACH, None, "Human Catcher", name="Griff Jr", number=11)
    await teams.hire_players(runtime, COACH, None, "Human Thrower")
    result = await teams.set_staff(runtime, COACH, None, rerolls=3, apothecary=True, dedicated_fans=3)
    sheet = result.sheet
    spent = 7 * 50_000 + 2 * 85_000 + 75_000 + 75_000 + 3 * 50_000 + 50_000 + 2 * 5_000
    assert sheet.team.treasury == 1_000_000 - spent
    assert sheet.team_value == spent - 10_000  # dedicated fans are not part of TV
    assert sheet.current_team_value == sheet.team_value
    submitted = await teams.submit_team(runtime, COACH, None)
    assert submitted.sheet.team.status == "submitted"
    approved = await teams.review_team(runtime, COMMISH, None, "Reikland", approve=True)
    assert approved.sheet.team.status == "approved"
    with pytest.raises(RuleViolation, match="post-game"):
        await teams.hire_players(runtime, COACH, None, "Human Lineman")


async def test_every_draft_error_says_which_rule(runtime: Runtime) -> None:
    await _league(runtime)
    await teams.create_team(runtime, COACH, None, "Skavenblight", "Skaven")
    with pytest.raises(RuleViolation, match="0-2 Gutter Runner"):
        await teams.hire_players(runtime, COACH, None, "Gutter Runner", count=3)
    with pytest.raises(RuleViolation, match="0-1 Rat Ogre"):
        await teams.hire_players(runtime, COACH, None, "Rat Ogre", count=2)
    with pytest.raises(NotFound, match="Skaven teams have no"):
        await teams.hire_players(runtime, COACH, None, "Wizard")
    await teams.hire_players(runtime, COACH, None, "Skaven Clanrat", count=16)
    with pytest.raises(RuleViolation, match="more than 16 players"):
        await teams.hire_players(runtime, COACH, None, "Skaven Clanrat")
    with pytest.raises(RuleViolation, match="0-8 team re-rolls"):
        await teams.set_staff(runtime, COACH, None, rerolls=9)
    with pytest.raises(RuleViolation, match="0-6 Cheerleaders"):
        await teams.set_staff(runtime, COACH, None, cheerleaders=7)
    with pytest.raises(RuleViolation, match="Dedicated Fans are 1-3 when drafting"):
        await teams.set_staff(runtime, COACH, None, dedicated_fans=4)
    with pytest.raises(RuleViolation, match="costs 250,000 gp; Skavenblight has 200,000 gp"):
        await teams.set_staff(runtime, COACH, None, rerolls=5)  # 16 x 50k spent: 200k left, re-rolls 50k


async def test_group_limit_single_big_guy(runtime: Runtime) -> None:
    await _league(runtime)
    await teams.create_team(runtime, COACH, None, "Chosen Ones", "Chaos Chosen", alignment="Khorne")
    await teams.hire_players(runtime, COACH, None, "Troll")
    with pytest.raises(RuleViolation, match="single Big Guy"):
        await teams.hire_players(runtime, COACH, None, "Minotaur")


async def test_league_and_alignment_choices(runtime: Runtime) -> None:
    await _league(runtime)
    with pytest.raises(RuleViolation, match="choose one league: Old World Classic or Chaos Clash"):
        await teams.create_team(runtime, COACH, None, "Vikings", "Norse")
    with pytest.raises(RuleViolation, match="choose an alignment"):
        await teams.create_team(runtime, COACH, None, "Chosen", "Chaos Chosen")
    with pytest.raises(RuleViolation, match="no Favoured of"):
        await teams.create_team(runtime, COACH, None, "Vikings", "Norse", "Old World Classic", "Khorne")
    norse = await teams.create_team(runtime, COACH, None, "Vikings", "Norse", "chaos clash")
    assert norse.sheet.team.alignment == "Khorne"  # the only option there: no need to ask
    assert "Favoured of Khorne" in norse.sheet.special_rules


async def test_submission_needs_eleven_players_and_approval_needs_submission(runtime: Runtime) -> None:
    await _league(runtime)
    await teams.create_team(runtime, COACH, None, "Greenskins", "orc")
    await teams.hire_players(runtime, COACH, None, "Orc Lineman", count=10)
    with pytest.raises(RuleViolation, match="at least 11 players; you have 10"):
        await teams.submit_team(runtime, COACH, None)
    with pytest.raises(Conflict, match="not waiting for review"):
        await teams.review_team(runtime, COMMISH, None, "Greenskins", approve=True)
    await teams.hire_players(runtime, COACH, None, "Orc Lineman")
    await teams.submit_team(runtime, COACH, None)
    with pytest.raises(RuleViolation, match="reason"):
        await teams.review_team(runtime, COMMISH, None, "Greenskins", approve=False)
    rejected = await teams.review_team(
        runtime, COMMISH, None, "Greenskins", approve=False, reason="Name taken"
    )
    assert rejected.sheet.team.status == "rejected" and rejected.sheet.team.review_note == "Name taken"
    edited = await teams.update_player(runtime, COACH, None, "#1", name="Gorbag", number=42)
    assert edited.message == "Now #42 Gorbag."
    entries = await runtime.db.read(audit.recent, 1)
    assert any(e.action == "team.reject" and e.reason == "Name taken" for e in entries)


async def test_releasing_a_drafted_player_refunds_him(runtime: Runtime) -> None:
    await _league(runtime)
    await teams.create_team(runtime, COACH, None, "Stunties", "Halfling", "Halfling Thimble Cup")
    await teams.hire_players(runtime, COACH, None, "Halfling Hopeful", count=2)
    released = await teams.fire_player(runtime, COACH, None, "#2")
    assert released.sheet.team.treasury == 1_000_000 - 30_000
    assert [p.row.number for p in released.sheet.players] == [1]


async def test_coaches_only_touch_their_own_team(runtime: Runtime) -> None:
    await _league(runtime)
    await teams.create_team(runtime, COACH, None, "Mine", "human")
    with pytest.raises(NotFound, match="You have no team"):
        await teams.hire_players(runtime, OTHER, None, "Human Lineman")
    with pytest.raises(Conflict, match="one team per league"):
        await teams.create_team(runtime, COACH, None, "Second", "orc")


async def test_treasury_equals_its_recorded_changes(runtime: Runtime) -> None:
    await _league(runtime)
    await teams.create_team(runtime, COACH, None, "Ledger", "dwarf")
    await teams.hire_players(runtime, COACH, None, "Dwarf Lineman", count=4)
    await teams.set_staff(runtime, COACH, None, rerolls=2, cheerleaders=2)
    await teams.set_staff(runtime, COACH, None, rerolls=1, cheerleaders=0, assistant_coaches=1)
    await teams.fire_player(runtime, COACH, None, "#3")
    sheet = await teams.team_sheet(runtime, COACH, None)

    def ledger(conn: sqlite3.Connection) -> int:
        return team_store.treasury_total(conn, sheet.team)

    assert await runtime.db.read(ledger) == sheet.team.treasury


async def test_settings_that_were_not_settable_before(runtime: Runtime) -> None:
    await _league(runtime)
    change = await leagues.update_settings(
        runtime,
        COMMISH,
        None,
        {"reminder_hours": "24, 96h", "confirm_grace_hours": 48, "match_events_in_playoffs": True},
        reason="longer weeks",
    )
    assert change.changed == {
        "reminder_hours": ((72, 24), (96, 24)),
        "confirm_grace_hours": (24, 48),
        "match_events_in_playoffs": (False, True),
    }
    log = await leagues.league_log(runtime, 1, None)
    assert log.entries[0].action == "league.settings" and log.entries[0].reason == "longer weeks"
    none = await leagues.update_settings(runtime, COMMISH, None, {"reminder_hours": "none"})
    assert none.league.settings.reminder_hours == ()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"reminder_hours": "soon"}, "give hours before the deadline as numbers"),
        ({"reminder_hours": "1, 2, 3, 4, 5, 6"}, "at most 5 reminders"),
        ({"reminder_hours": "2000"}, "1 to 1440 hours"),
        ({"confirm_grace_hours": 2**31}, "confirm_grace_hours"),
        ({"confirm_grace_hours": -1}, "confirm_grace_hours"),
        ({"match_events_in_playoffs": "maybe"}, "match_events_in_playoffs"),
        ({"tiebreakers": "td_diff, coin_toss"}, "tiebreakers"),
        ({"no_such_setting": 1}, "no_such_setting"),
    ],
)
async def test_settings_refuse_what_is_not_allowed(
    runtime: Runtime, changes: dict[str, object], message: str
) -> None:
    await _league(runtime)
    with pytest.raises(InvalidInput, match=message):
        await leagues.update_settings(runtime, COMMISH, None, changes)
    league = await leagues.get_league(runtime, 1, None)
    assert league.settings == LeagueSettings()  # nothing changed


async def test_hiring_says_the_plural_of_the_position(runtime: Runtime) -> None:
    await _league(runtime)
    coach = actor(user_id=77)
    await teams.create_team(runtime, coach, None, "Reavers", "human")
    hired = await teams.hire_players(runtime, coach, None, "Human Lineman", count=11)
    assert hired.message.startswith("Hired 11 Human Linemen ("), hired.message
    one = await teams.hire_players(runtime, coach, None, "Thrower", count=1)
    assert one.message.startswith("Hired 1 Human Thrower ("), one.message
