"""Simulate a whole team event (seed 000, Team Events) through the services the slash commands call.

    python -m bot simulate --tournament team --coaches 12 --team-size 3 --rounds 3 --seed 1 [--db sim.sqlite3]
    python -m bot simulate --tournament groups --team-size 3 --coaches 24 --qualifiers 4 --seed 1

With `fmt="groups"` the squads play a group and knock-out event (groups of four squads, the knock-out of
squads with its placement bracket, Best of the Rest of squads beside it; its rounds follow from the
qualifiers), checked by bot/simulation/team_groups_invariants.py instead.

An organiser creates the event (team_size K, a Bye for an odd number of squads); each squad's captain
creates it and adds his coaches; each coach registers a random legal roster of a catalogue team nobody
else in his squad took (stars the squad already has are refused by the services) and submits it; the
organiser approves them all and starts the event. Every round's games are reported and confirmed with
random results; the bot pairs the next round when the last game is confirmed. Then every invariant of
bot/simulation/team_invariants.py is checked, and each roster against the rulespack.
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

from bot.catalog import Catalog
from bot.rules.tournament.tournament_teams import SquadRow
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import (
    tournament_awards,
    tournament_entries,
    tournament_groups,
    tournament_play,
    tournament_squads,
    tournaments,
)
from bot.simulation.coaches import simulated_runtime
from bot.simulation.names import Names
from bot.simulation.roster_invariants import check_rosters
from bot.simulation.team_groups_invariants import check_team_groups
from bot.simulation.team_invariants import check_team_event
from bot.simulation.tournament import (
    GUILD,
    ORGANISER,
    TournamentResult,
    TournamentTally,
    _play_round,
    _register,
    _vote,
    coach,
    dice_problems,
    escalation_budgets,
    outcome,
    roster_problems,
)
from bot.store import teams as team_store
from bot.store.connection import Connection


async def _squads(
    rt: Runtime,
    rng: random.Random,
    people: list[Actor],
    team_size: int,
    event: tournaments.Event,
    tally: TournamentTally,
) -> None:
    """Each squad's captain creates it and adds his coaches; each coach registers a roster of a catalogue team
    nobody else in his squad took, and the organiser approves it."""
    for number in range(len(people) // team_size):
        members = people[number * team_size : (number + 1) * team_size]
        name = tally.names.squad()
        await tournament_squads.create_squad(rt, members[0], None, name)
        taken: list[str] = []
        for who in members[1:]:
            await tournament_squads.add_coach(rt, members[0], None, name, who.user_id)
        for who in members:
            budget = event.rulespack.budget
            team_name = await _register(
                rt, rng, who, budget, tally, escalation=event.rulespack.escalation, avoid=taken
            )
            await tournament_entries.review(rt, ORGANISER, None, team_name, approve=True)
            taken.append(await rt.db.read(_roster_of, event.id, who.user_id))


def _problems(conn: Connection, rt: Runtime, event: tournaments.Event, fmt: str, rolled: int) -> list[str]:
    ranking = partial(tournaments.ranking, rt)

    def squad_rows(state: tournaments.Played) -> list[SquadRow[int]]:
        return [s.row for s in tournament_squads.squad_standings(conn, rt, event, state)]

    scoring = rt.catalog.tournament.scoring
    if fmt == "groups":
        progress = partial(tournament_groups.progress_of, rt)
        problems = check_team_groups(conn, event, scoring, ranking, progress, squad_rows)
    else:
        problems = check_team_event(conn, event, scoring, ranking, squad_rows)
    problems += check_rosters(conn, rt, event)  # escalation: each game with its round's roster
    return problems + roster_problems(conn, rt, event, injuries=False) + dice_problems(conn, rolled)


async def simulate_team_tournament(
    coaches: int,
    team_size: int,
    rounds: int,
    seed: int,
    db_path: Path | str | None = None,
    catalog: Catalog | None = None,
    *,
    fmt: str = "swiss",
    qualifiers: int = 4,
    escalation: bool = False,
) -> TournamentResult:
    """Play one team event of `coaches` coaches in squads of `team_size` over `rounds` rounds (Swiss), or
    with `fmt="groups"` a group and knock-out team event of `qualifiers` qualifying squads; `escalation`:
    gold piece escalation (every roster written at registration, each game with its round's)."""
    if coaches % team_size:
        raise ValueError("the coaches must fill whole squads")
    async with simulated_runtime(db_path, seed, catalog, "team-event") as simulated:
        rt, dice = simulated.rt, simulated.dice
        rng = random.Random(f"team-event-{seed}")
        tally = TournamentTally(coaches=coaches, names=Names(f"team-event-{seed}"))
        settings = {
            "rounds": rounds,
            "odd_player": "bye",
            "team_size": team_size,
            "extra_tiebreakers": "votes, sent_off",
        }
        if fmt == "groups":  # the rounds follow from the qualifiers
            settings = {k: v for k, v in settings.items() if k != "rounds"}
            settings |= {"format": "groups", "qualifiers": qualifiers}
        if escalation:
            settings["escalation"] = escalation_budgets(rounds)
        name = Names(f"event-{seed}").event("team")
        created = await tournaments.create_tournament(rt, ORGANISER, name, GUILD, settings)
        people = [coach(i) for i in range(coaches)]
        await _squads(rt, rng, people, team_size, created, tally)
        await tournament_play.start_event(rt, ORGANISER, None)
        rounds = created.rulespack.rounds
        for number in range(1, rounds + 1):
            await _play_round(rt, rng, number, tally)  # the last confirmation pairs the next round
        await _vote(rt, rng, people, tally)
        standing = await tournament_awards.finish(rt, ORGANISER, None)
        event = await tournaments.get_event(rt, GUILD, None)
        problems = await rt.db.read(_problems, rt, event, fmt, dice.rolls)
        shape = (
            f"groups of four squads, {qualifiers} qualify, {tally.extra_time} knock-out games to extra "
            f"time ({tally.shootouts} to the shoot-out), "
            if fmt == "groups"
            else ""
        )
        lines = [
            f"{event.name}: {coaches // team_size} squads of {team_size} coaches, {shape}{rounds} rounds, "
            f"{tally.games} games ({tally.conceded} conceded), {tally.byes} byes",
            f"rosters: {tally.skills} Skill Point skills, {tally.stars} stars, "
            f"{tally.fans_bought} Dedicated Fans bought, {tally.additions} escalation additions",
            f"{tally.sent_off} players sent off, {tally.votes} Favourite Opponent votes, "
            f"{dice.rolls} dice rolled by the bot",
            "",
            *tournament_awards.standing_lines(standing),
        ]
        return outcome(lines, problems)


def _roster_of(conn: Connection, event_id: int, coach_id: int) -> str:
    team = team_store.by_coach(conn, GUILD, event_id, coach_id)
    assert team is not None
    return team.roster
