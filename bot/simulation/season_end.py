"""The end of each simulated season: the play-offs (every game needs a winner: extra time, penalties), the
prizes that follow the final's post-games, and the off-season (re-drafts, retirements, new coaches),
then the next season. All through the services the slash commands call."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Literal

from bot.clock import FakeClock
from bot.errors import DomainError
from bot.rules.match.journeymen import journeyman_positions
from bot.services.league import playoffs, redraft
from bot.services.match import match_day, results
from bot.services.roster import team_lookup, teams
from bot.services.runtime import Actor, Runtime
from bot.simulation.choices import match_report
from bot.simulation.coaches import (
    Tally,
    able_numbers,
    coach_of,
    commissioner_of,
    draft_team,
    play_postgame,
    start_season,
)


async def _play_playoff_game(
    rt: Runtime, rng: random.Random, guild_id: int, fixture_id: int, tally: Tally
) -> None:
    fx, _ = await results.get_fixture(rt, guild_id, fixture_id)
    home, away = Actor(guild_id, fx.home_coach_id, guild_id), Actor(guild_id, fx.away_coach_id, guild_id)
    home_side, away_side = match_report(
        rng, await able_numbers(rt, rng, home, fx.id), await able_numbers(rt, rng, away, fx.id)
    )
    penalties: Literal["mine", "theirs"] | None = None
    level = home_side.score == away_side.score
    if level and rng.random() < 0.5:
        await match_day.roll_penalties(rt, home, f"f:{fx.id}")  # the bot rolls it; the report follows it
        tally.shootouts += 1
    elif level:
        penalties = rng.choice(("mine", "theirs"))  # rolled at the table, reported
        tally.shootouts += 1
    outcome = await results.report_result(
        rt,
        home,
        f"f:{fx.id}",
        home_side,
        away_side,
        extra_time=level or rng.random() < 0.1,
        penalties=penalties,
    )
    await results.confirm_result(rt, away, fx.id, outcome.version)
    tally.playoff_games += 1
    await play_postgame(rt, rng, home, fx.id, tally)
    await play_postgame(rt, rng, away, fx.id, tally)


async def play_playoffs(
    rt: Runtime, rng: random.Random, clock: FakeClock, guild_id: int, tally: Tally
) -> None:
    """Open the play-offs (as the commissioner) and play stage after stage until the prizes are paid."""
    bracket = await playoffs.bracket(rt, guild_id, None)
    if bracket.season.status == "regular" and bracket.size >= 2:
        await playoffs.open_playoffs(rt, commissioner_of(guild_id), None)
    for _ in range(12):  # more stages than any bracket has
        bracket = await playoffs.bracket(rt, guild_id, None)
        if bracket.season.status == "finished":
            break
        waiting = [fx for _, games in bracket.stages for fx in games if fx.status == "scheduled"]
        for fx in waiting:
            await _play_playoff_game(rt, rng, guild_id, fx.id, tally)
        clock.advance(timedelta(days=3))
    done = await playoffs.bracket(rt, guild_id, None)
    if done.awards:
        tally.champions.setdefault(guild_id, []).append(
            f"season {done.season.number}: {done.awards[0].team_name}"
        )


async def _redraft(rt: Runtime, rng: random.Random, coach: Actor, tally: Tally) -> None:
    """Re-draft: re-hire most veterans (best first, within limits, keeping enough gold to field 11), carry
    some re-rolls over, fill up with linemen, submit; the commissioner approves."""
    view = await redraft.start_redraft(rt, coach, None)
    tally.redrafts += 1
    roster = view.result.sheet.roster
    lineman = min(journeyman_positions(roster) or roster.positions, key=lambda p: p.cost)
    treasury, signed = view.result.sheet.team.treasury, 0
    for veteran in sorted(view.veterans, key=lambda v: (-v.player.spp, v.player.id)):
        still_needed = max(0, 11 - signed - 1)
        if rng.random() < 0.8 and treasury - veteran.cost >= still_needed * lineman.cost:
            try:
                await redraft.rehire_player(rt, coach, None, f"p:{veteran.player.id}")
            except DomainError:  # over a position limit: he goes
                continue
            treasury -= veteran.cost
            signed += 1
            tally.rehired += 1
    rerolls = rng.randint(0, 2)
    if rerolls and treasury - rerolls * roster.reroll_cost >= max(0, 11 - signed) * lineman.cost:
        await teams.set_staff(rt, coach, None, rerolls=rerolls)
    while len((sheet := await teams.team_sheet(rt, coach, None)).players) < 11:
        await teams.hire_players(rt, coach, None, lineman.id, name=tally.names.newcomer(sheet))
        tally.hires += 1
    await teams.submit_team(rt, coach, None)
    name = (await teams.team_sheet(rt, coach, None)).team.name
    await teams.review_team(rt, commissioner_of(coach.guild_id), None, name, approve=True)


async def off_season(rt: Runtime, rng: random.Random, guild_id: int, team_count: int, tally: Tally) -> None:
    """Each coach re-drafts (most), or retires the team for a brand-new one; now and then a coach leaves
    and a new one joins. Then the commissioner starts the next season."""
    season = (await playoffs.bracket(rt, guild_id, None)).season
    approved = sorted(
        (t for t in await team_lookup.team_choices(rt, guild_id, None) if t.status == "approved"),
        key=lambda t: t.id,
    )
    index = team_count + season.number * 10  # new coaches' ids never clash with earlier ones
    for choice in approved:
        sheet = await teams.team_sheet(rt, coach_of(guild_id, 0), None, f"t:{choice.id}")
        coach = Actor(guild_id, sheet.team.coach_id, guild_id)
        luck = rng.random()
        if luck < 0.08:
            await redraft.retire_team(rt, coach, None)
            await draft_team(rt, rng, coach, tally)
            tally.retired_teams += 1
            tally.new_teams += 1
        elif luck < 0.12:  # the coach leaves: the team is not re-drafted and sits the season out
            newcomer = coach_of(guild_id, index)
            index += 1
            await draft_team(rt, rng, newcomer, tally)
            tally.new_teams += 1
        else:  # a team that sat the last season out re-drafts after the one it played
            await _redraft(rt, rng, coach, tally)
    await start_season(rt, rng, guild_id, tally)
