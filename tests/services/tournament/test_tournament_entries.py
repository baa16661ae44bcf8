"""Registration and tournament rosters (issue 15 item 2; seed 000, Writing your roster and Skill Points)."""

from __future__ import annotations

import pytest

from bot.errors import Conflict, NotFound, RuleViolation
from bot.services.league import leagues
from bot.services.roster import event_drafting, event_rosters, teams
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_entries as entries
from bot.services.tournament import tournaments
from bot.store import audit
from bot.store import tournaments as tournament_store
from tests.conftest import actor

ORGANISER = actor(user_id=1)


def coach(n: int) -> Actor:
    return actor(user_id=100 + n)


async def _event(runtime: Runtime, **settings: object) -> tournaments.Event:
    return await tournaments.create_tournament(runtime, ORGANISER, "Spring Cup", 200, dict(settings))


async def _wood_elves(runtime: Runtime, who: Actor, linemen: int = 8) -> event_rosters.EntryResult:
    """Jay's Wood Elves: two Wardancers, the Treeman and linemen (11 players with 8 linemen)."""
    await entries.register(
        runtime, who, None, f"Jay's Elves {who.user_id}", "Wood Elf", "Elven Kingdoms League"
    )
    await event_drafting.hire(runtime, who, None, "Wardancer", 2)
    await event_drafting.hire(runtime, who, None, "Loren Forest Treeman")
    return await event_drafting.hire(runtime, who, None, "Wood Elf Lineman", linemen)


async def test_jays_wood_elves_from_seed_000(runtime: Runtime) -> None:
    """Seed 000: "Jay is taking a Wood Elf team to a tournament. As this is a Tier 1 team, Jay has 6
    Skill Points to spend. He decides to give one of his Wardancers Strip Ball as a Primary Skill for 1 Skill
    Point, and another Wardancer Sidestep as a Primary Skill for 1 Skill Point. He then gives his Loren
    Forest Treeman Grab for 1 Skill Point, and one of his Wood Elf Linemen Wrestle for 1 Skill Point. Jay
    then spends his last two Skill Points to have Akhorne the Squirrel as a Star Player." """
    await _event(runtime)
    jay = coach(1)
    done = await _wood_elves(runtime, jay)
    numbers = {p.position.id: [] for p in done.sheet.sheet.players}  # type: dict[str, list[int]]
    for p in done.sheet.sheet.players:
        numbers[p.position.id].append(p.row.number)
    dancers = numbers["wood_elf_wardancer"]
    await event_drafting.set_skill(runtime, jay, None, str(dancers[0]), "Strip Ball")
    await event_drafting.set_skill(runtime, jay, None, str(dancers[1]), "Sidestep")
    await event_drafting.set_skill(
        runtime, jay, None, str(numbers["wood_elf_loren_forest_treeman"][0]), "Grab"
    )
    done = await event_drafting.set_skill(runtime, jay, None, str(numbers["wood_elf_lineman"][0]), "Wrestle")
    assert done.sheet.check.skill_points_spent == 4
    value_before = done.sheet.sheet.team_value
    done = await event_drafting.add_star(runtime, jay, None, "Akhorne the Squirrel")
    assert done.sheet.tier == 1 and done.sheet.allowance.skill_points == 6
    assert done.sheet.check.skill_points_spent == 6  # "his last two Skill Points"
    assert [s.unit.name for s in done.sheet.stars] == ["Akhorne The Squirrel"]
    # "Skills purchased for Matched Play do not add to a player's value": only Akhorne's price was added.
    assert done.sheet.sheet.team_value == value_before + 80_000
    # Spend some of the rest on re-rolls and fans; the gold left is lost.
    await event_drafting.set_staff(runtime, jay, None, rerolls=2)
    done = await event_drafting.set_fans(runtime, jay, None, 3)
    check = done.sheet.check
    assert check.legal, check.refusals
    assert check.gold_spent + check.gold_lost == 1_150_000
    assert done.sheet.team.treasury == check.gold_lost  # every gold piece went through the treasury
    done = await event_drafting.submit(runtime, jay, None)
    assert done.sheet.team.status == "submitted"
    done = await entries.review(runtime, ORGANISER, None, done.sheet.team.name, approve=True)
    assert done.sheet.team.status == "approved"


async def test_registration_rules(runtime: Runtime) -> None:
    await leagues.create_league(runtime, ORGANISER, "Old World League", 100)
    event = await _event(runtime)
    jay = coach(1)
    result = await entries.register(runtime, jay, "Spring Cup", "Elves", "Wood Elf", "Woodland League")
    assert result.sheet.team.treasury == event.rulespack.budget  # the event's budget, not 1,000,000
    with pytest.raises(Conflict, match="one team per tournament"):
        await entries.register(runtime, jay, "Spring Cup", "More Elves", "Wood Elf", "Woodland League")
    # The league and the event are apart: league team commands do not see the event's team.
    with pytest.raises(NotFound):
        await teams.team_sheet(runtime, jay, "Old World League")
    await tournaments.update_rulespack(runtime, ORGANISER, "Spring Cup", {"registration_open": False})
    with pytest.raises(RuleViolation, match="Registration for Spring Cup is closed"):
        await entries.register(runtime, coach(2), "Spring Cup", "Humans", "Human")
    log = await runtime.db.read(audit.recent, 1)
    assert any(row.action == "tournament.register" for row in log)


async def test_every_step_names_the_rule_it_breaks(runtime: Runtime) -> None:
    await _event(runtime, budget=1_300_000)
    jay = coach(1)
    await entries.register(runtime, jay, None, "Elves", "Wood Elf", "Elven Kingdoms League")
    await event_drafting.hire(runtime, jay, None, "Wardancer", 2)
    # The league drafting rules: position limits.
    with pytest.raises(RuleViolation, match="Wardancer"):
        await event_drafting.hire(runtime, jay, None, "Wardancer")
    await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 8)
    # Stars only once the roster has 11 players.
    with pytest.raises(RuleViolation, match="at least 11 players before adding any star players"):
        await event_drafting.add_star(runtime, jay, None, "Akhorne the Squirrel")
    done = await event_drafting.hire(runtime, jay, None, "Loren Forest Treeman")
    by_position = {p.position.id: p.row for p in done.sheet.sheet.players}
    dancer = str(by_position["wood_elf_wardancer"].number)
    lineman = str(by_position["wood_elf_lineman"].number)
    # Skills: categories, already had, the tier's secondaries, stars never.
    with pytest.raises(RuleViolation, match="not in a Wood Elf Lineman's skill categories"):
        await event_drafting.set_skill(runtime, jay, None, lineman, "Pass")
    with pytest.raises(RuleViolation, match="already has Block"):
        await event_drafting.set_skill(runtime, jay, None, dancer, "Block")
    await event_drafting.set_skill(runtime, jay, None, lineman, "Guard")  # secondary: 2 points
    linemen = [p.row for p in done.sheet.sheet.players if p.position.id == "wood_elf_lineman"]
    with pytest.raises(RuleViolation, match="tier 1 team may have at most 1 secondary skill;"):
        await event_drafting.set_skill(runtime, jay, None, str(linemen[1].number), "Guard")
    # Replacing a skill is one skill per player, never two.
    done = await event_drafting.set_skill(runtime, jay, None, lineman, "Wrestle")
    assert done.sheet.skills[by_position["wood_elf_lineman"].id] == "Wrestle"
    assert done.sheet.check.skill_points_spent == 1
    # Tier 1: at most one star; a Mega-star costs 4 points.
    star = await event_drafting.add_star(runtime, jay, None, "Morg 'n' Thorg")
    assert star.sheet.check.skill_points_spent == 5 and star.sheet.stars[0].mega
    with pytest.raises(RuleViolation, match="Star Players cannot be given additional Skills"):
        await event_drafting.set_skill(runtime, jay, None, "Morg 'n' Thorg", "Block")
    with pytest.raises(Conflict, match="already"):
        await event_drafting.add_star(runtime, jay, None, "Morg 'n' Thorg")
    with pytest.raises(RuleViolation, match="at most 1 star player "):
        await event_drafting.add_star(runtime, jay, None, "Akhorne the Squirrel")
    with pytest.raises(RuleViolation, match="does not play for"):
        await event_drafting.add_star(runtime, jay, None, "Griff Oberwald")
    with pytest.raises(RuleViolation, match="star player: remove him with /roster unstar"):
        await event_drafting.fire(runtime, jay, None, "Morg 'n' Thorg")
    done = await event_drafting.remove_star(runtime, jay, None, "Morg")
    assert done.sheet.stars == () and done.sheet.check.skill_points_spent == 1
    # Dedicated Fans 1-6; inducements the event allows within their limits.
    with pytest.raises(RuleViolation, match="1-6 Dedicated Fans"):
        await event_drafting.set_fans(runtime, jay, None, 7)
    with pytest.raises(RuleViolation, match="1-3 Bribe"):
        await event_drafting.set_inducement(runtime, jay, None, "Bribe", 4)
    with pytest.raises(NotFound):
        await event_drafting.set_inducement(runtime, jay, None, "Star Player", 1)  # stars: /roster star
    done = await event_drafting.set_inducement(runtime, jay, None, "Bribe", 1)
    assert [(i.inducement.name, i.count, i.cost) for i in done.sheet.inducements] == [("Bribe", 1, 100_000)]
    # The budget: a step that overspends is refused, naming the budget.
    with pytest.raises(RuleViolation, match="over the 1,300,000 gp Team Draft Budget"):
        await event_drafting.add_star(runtime, jay, None, "Morg 'n' Thorg")
    with pytest.raises(RuleViolation, match=r"costs .* 1,300,000 gp Team Draft Budget"):
        await event_drafting.set_staff(runtime, jay, None, rerolls=8)  # the treasury never goes below zero
    with pytest.raises(RuleViolation, match="Team Draft Budget"):
        await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 5)
    # Firing a player takes his skill with him and refunds him.
    before = done.sheet.team.treasury
    done = await event_drafting.fire(runtime, jay, None, lineman)
    assert by_position["wood_elf_lineman"].id not in done.sheet.skills
    assert done.sheet.team.treasury == before + 65_000


async def test_submit_lists_every_refusal_and_lock_after_start(runtime: Runtime) -> None:
    event = await _event(runtime, budget=1_000_000)
    jay = coach(1)
    await entries.register(runtime, jay, None, "Elves", "Wood Elf", "Elven Kingdoms League")
    await event_drafting.hire(runtime, jay, None, "Wardancer", 2)
    with pytest.raises(RuleViolation, match="needs at least 11 players") as refused:
        await event_drafting.submit(runtime, jay, None)
    assert "cannot be entered yet" in str(refused.value)
    await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 9)
    await event_drafting.submit(runtime, jay, None)
    with pytest.raises(Conflict, match="submitted already"):
        await event_drafting.submit(runtime, jay, None)
    # The organiser lowers the budget after submission: approval checks again and names the rule.
    await tournaments.update_rulespack(runtime, ORGANISER, None, {"budget": 500_000})
    with pytest.raises(RuleViolation, match="Team Draft Budget"):
        await entries.review(runtime, ORGANISER, None, "Elves", approve=True)
    with pytest.raises(RuleViolation, match="reason"):
        await entries.review(runtime, ORGANISER, None, "Elves", approve=False)
    done = await entries.review(runtime, ORGANISER, None, "Elves", approve=False, reason="over budget")
    assert done.sheet.team.status == "rejected"
    await tournaments.update_rulespack(runtime, ORGANISER, None, {"budget": 1_000_000})
    await event_drafting.submit(runtime, jay, None)
    await entries.review(runtime, ORGANISER, None, "Elves", approve=True)
    # Changing an approved roster before the start makes it a draft again (the organiser approves again).
    done = await event_drafting.set_fans(runtime, jay, None, 2)
    assert done.sheet.team.status == "draft"
    await event_drafting.submit(runtime, jay, None)
    await entries.review(runtime, ORGANISER, None, "Elves", approve=True)

    await runtime.db.write(
        lambda conn: tournament_store.set_status(conn, event.tournament, "running", runtime.clock.now())
    )
    for step in (
        event_drafting.hire(runtime, jay, None, "Wood Elf Lineman"),
        event_drafting.fire(runtime, jay, None, "1"),
        event_drafting.set_fans(runtime, jay, None, 3),
        event_drafting.set_skill(runtime, jay, None, "1", "Wrestle"),
        event_drafting.add_star(runtime, jay, None, "Akhorne"),
        event_drafting.set_inducement(runtime, jay, None, "Bribe", 1),
        event_drafting.set_staff(runtime, jay, None, rerolls=1),
        event_drafting.submit(runtime, jay, None),
        entries.register(runtime, coach(2), None, "Humans", "Human"),
    ):
        with pytest.raises(RuleViolation, match="rosters lock when the event starts"):
            await step
    # Anyone may still read any registered roster.
    sheet = await event_rosters.roster_sheet(runtime, coach(9), None, "Elves")
    assert sheet.team.status == "approved" and sheet.dedicated_fans == 2


async def test_pairs_are_one_choice_in_two_places_and_the_spare_player(runtime: Runtime) -> None:
    """Seed 000: "Star players that must be hired as a pair ... only count as a single Star player choice,
    and therefore only cost 2 Skill Points for the pair. However, they will still take up two spaces"."""
    await _event(runtime, budget=1_500_000)
    jay = coach(1)
    await _wood_elves(runtime, jay)
    done = await event_drafting.add_star(runtime, jay, None, "Lucien Swift")
    assert [s.unit.name for s in done.sheet.stars] == ["The Swift Twins"]
    assert len(done.sheet.stars[0].players) == 2 and len(done.sheet.sheet.players) == 13
    assert done.sheet.check.skill_points_spent == 2
    await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 3)  # 16 places
    done = await event_drafting.remove_star(runtime, jay, None, "The Swift Twins")
    assert len(done.sheet.sheet.players) == 14
    # The Spare Player: one per event.
    await entries.register(runtime, coach(2), None, "Spare", "Human")
    await entries.register(runtime, coach(3), None, "Other", "Human")
    done = await entries.set_spare(runtime, ORGANISER, None, "Spare")
    assert done.sheet.entry.spare
    with pytest.raises(Conflict, match="Spare is the Spare Player already"):
        await entries.set_spare(runtime, ORGANISER, None, "Other")
    done = await entries.set_spare(runtime, ORGANISER, None, "Spare", spare=False)
    assert not done.sheet.entry.spare
    choices = await entries.entry_choices(runtime, 1, None)
    assert {c.name for c in choices} == {"Jay's Elves 101", "Spare", "Other"}


async def test_fans_above_the_league_draft_limit_survive_a_staff_change(runtime: Runtime) -> None:
    """Seed 000: "Coaches may spend their gold pieces on additional Dedicated Fans, up to a maximum of 6, at
    the cost of 10,000 gold pieces per Dedicated Fan purchased." """
    await _event(runtime)
    jay = coach(1)
    await _wood_elves(runtime, jay)
    done = await event_drafting.set_fans(runtime, jay, None, 6)
    assert done.sheet.team.treasury == 1_150_000 - 900_000 - 50_000
    done = await event_drafting.set_staff(runtime, jay, None, rerolls=1)
    assert done.sheet.team.dedicated_fans == 6 and done.sheet.check.legal
    assert done.sheet.team.treasury == done.sheet.check.gold_lost
    done = await event_drafting.set_fans(runtime, jay, None, 2)  # sold back at the price paid
    assert done.sheet.team.treasury == done.sheet.check.gold_lost


async def test_the_other_refusals_of_check_roster_through_the_services(runtime: Runtime) -> None:
    """Seed 000: "Each player can only be given a single additional Skill"; "Mega-stars cost 4 Skill Points";
    "A team may only ever have a single Mega-star"; pairs "will still take up two spaces on a team's Team
    Roster"; Inducements "from the listed publications are allowed"."""
    await _event(runtime, budget=2_000_000)
    jay = coach(1)
    done = await _wood_elves(runtime, jay)
    rows = {p.position.id: [] for p in done.sheet.sheet.players}  # type: dict[str, list[str]]
    for p in done.sheet.sheet.players:
        rows[p.position.id].append(str(p.row.number))
    with pytest.raises(RuleViolation, match="A Wardancer cannot have Pogo with Leap"):
        await event_drafting.set_skill(runtime, jay, None, rows["wood_elf_wardancer"][0], "Pogo")
    with pytest.raises(RuleViolation, match="Bullseye is only for players with Throw Team-mate"):
        await event_drafting.set_skill(runtime, jay, None, rows["wood_elf_lineman"][0], "Bullseye")
    with pytest.raises(RuleViolation, match="Mortuary Assistant"):
        await event_drafting.set_inducement(runtime, jay, None, "Mortuary Assistant", 1)
    await event_drafting.add_star(runtime, jay, None, "Morg 'n' Thorg")  # 4 of the 6 points
    await event_drafting.set_skill(runtime, jay, None, rows["wood_elf_lineman"][0], "Wrestle")
    await event_drafting.set_skill(runtime, jay, None, rows["wood_elf_lineman"][1], "Wrestle")
    with pytest.raises(RuleViolation, match="A tier 1 team has 6 Skill Points; this roster spends 7"):
        await event_drafting.set_skill(runtime, jay, None, rows["wood_elf_lineman"][2], "Wrestle")
    await event_drafting.remove_star(runtime, jay, None, "Morg 'n' Thorg")
    await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 4)  # 15 players
    with pytest.raises(RuleViolation, match=r"never have more than 16 players.*a pair takes two places"):
        await event_drafting.add_star(runtime, jay, None, "The Swift Twins")
    # A tier 2 team may have two stars, but never two Mega-stars.
    dan = coach(2)
    await entries.register(runtime, dan, None, "Reavers", "Human")
    await event_drafting.hire(runtime, dan, None, "Human Lineman", 11)
    await event_drafting.add_star(runtime, dan, None, "Griff Oberwald")
    with pytest.raises(RuleViolation, match="only ever have a single Mega-star"):
        await event_drafting.add_star(runtime, dan, None, "Morg 'n' Thorg")
    done = await event_drafting.add_star(runtime, dan, None, "Akhorne The Squirrel")
    assert done.sheet.check.skill_points_spent == 6 and len(done.sheet.stars) == 2
    # League staff rules still hold: a roster without an apothecary cannot buy one.
    rob = coach(3)
    await entries.register(runtime, rob, None, "Kings", "Tomb Kings")
    with pytest.raises(RuleViolation, match=r"[Aa]pothecary"):
        await event_drafting.set_staff(runtime, rob, None, apothecary=True)


async def test_a_stunty_event_refuses_other_teams_and_positions(runtime: Runtime) -> None:
    """Seed 000: "Coaches may only take one of the Stunty Teams" and "Black Orcs (providing they include
    only Goblin Bruiser Linemen and Trained Trolls)"."""
    await _event(runtime, stunty=True)
    with pytest.raises(RuleViolation, match=r"A stunty event takes only stunty teams .*Wood Elf is not one"):
        await entries.register(runtime, coach(1), None, "Elves", "Wood Elf", "Elven Kingdoms League")
    assert await runtime.db.read(lambda c: c.execute("SELECT COUNT(*) FROM teams").fetchone()[0]) == 0
    await entries.register(runtime, coach(2), None, "Bruisers", "Black Orc", "Badlands Brawl")
    done = await event_drafting.hire(runtime, coach(2), None, "Goblin Bruiser", 10)
    done = await event_drafting.hire(runtime, coach(2), None, "Trained Troll")
    with pytest.raises(RuleViolation, match="may field only Goblin Bruiser, Trained Troll; not Black Orc"):
        await event_drafting.hire(runtime, coach(2), None, "Black Orc")
    done = await event_drafting.submit(runtime, coach(2), None)
    assert done.sheet.check.legal and done.sheet.team.status == "submitted"


async def test_mandatory_star_players_at_submit_and_at_the_start(runtime: Runtime) -> None:
    """Seed 000: "many events may require all coaches to have at least one Star Player in their roster",
    and "the Event Organiser may remove the restriction for a team to have 11 players before taking a Star
    Player if they wish, so long as all rosters still have at least 11 players." """
    await _event(runtime, budget=1_500_000, mandatory_star=True, star_needs_eleven=False)
    jay = coach(1)
    await entries.register(runtime, jay, None, "Elves", "Wood Elf", "Elven Kingdoms League")
    await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 8)
    done = await event_drafting.add_star(
        runtime, jay, None, "Akhorne the Squirrel"
    )  # 8 players: allowed here
    # The stars count toward the 11: Akhorne and 8 linemen are 9.
    with pytest.raises(
        RuleViolation, match=r"at least 11 players, star players included \(a pair as two\); you have 9"
    ):
        await event_drafting.submit(runtime, jay, None)
    await event_drafting.hire(runtime, jay, None, "Wood Elf Lineman", 2)
    await event_drafting.remove_star(runtime, jay, None, "Akhorne the Squirrel")
    with pytest.raises(RuleViolation, match="requires every roster to have at least one star player"):
        await event_drafting.submit(runtime, jay, None)
    await event_drafting.add_star(runtime, jay, None, "Akhorne the Squirrel")  # 10 linemen and Akhorne: 11
    done = await event_drafting.submit(runtime, jay, None)
    assert done.sheet.team.status == "submitted"


async def test_the_start_refuses_a_roster_without_the_mandatory_star(runtime: Runtime) -> None:
    """A rulespack changed after approval: the start names every roster that now breaks it."""
    from bot.services.tournament import tournament_play
    from tests.builders import tournament_event

    await tournament_event(runtime, 4)
    await tournaments.update_rulespack(runtime, ORGANISER, None, {"mandatory_star": True})
    with pytest.raises(RuleViolation, match=r"(?s)Team 0: This event requires every roster.*Team 3"):
        await tournament_play.start_event(runtime, ORGANISER, None)
    await tournaments.update_rulespack(runtime, ORGANISER, None, {"mandatory_star": False})
    assert (await tournament_play.start_event(runtime, ORGANISER, None)).round_number == 1
