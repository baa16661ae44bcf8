"""Simulate whole Swiss tournaments (seed 000) through the services the slash commands call.

    python -m bot simulate --tournament swiss --coaches 9 --rounds 3 --seed 1 [--odd bye] [--db sim.sqlite3]

An organiser creates the event (seed 000's rulespack, plus the votes, sent-off and Cheerleader chants
tiebreakers, the last his own number); each coach
registers a random legal tournament roster (players within the budget, Skill Point skills, Dedicated Fans,
sometimes a star) and submits it; the organiser approves them (and, with an odd number and a Spare Player,
marks the Spare Player's roster) and starts the event. Every round's games are reported and confirmed with
random results (touchdowns, casualties, crowd casualties, sent-offs, Cheerleader chants, an occasional
concession); the bot pairs the next round
when the last game is confirmed. Coaches vote for a favourite opponent; the organiser finishes the event.
Then every invariant of bot/simulation/tournament_invariants.py is checked, and each roster again against
the rulespack. The same seed prints the same output.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from bot.catalog import Catalog
from bot.errors import DomainError
from bot.rules.match.match_report import InjuryResult, PlayerEvents, format_team_events, parse_team_events
from bot.rules.tournament.tournament_settings import Rulespack
from bot.services.match import match_day, results
from bot.services.match.results import SideInput
from bot.services.roster import event_drafting, event_rosters
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import (
    tournament_awards,
    tournament_entries,
    tournament_naf,
    tournament_options,
    tournament_play,
    tournaments,
)
from bot.services.tournament.tournament_awards import Standing
from bot.simulation.choices import draft_plan
from bot.simulation.coaches import simulated_runtime
from bot.simulation.naf_invariants import check_naf_report
from bot.simulation.names import EventKind, Names
from bot.simulation.roster_invariants import check_rosters
from bot.simulation.tournament_groups_invariants import check_groups
from bot.simulation.tournament_invariants import check_tournament, result_number_problems
from bot.simulation.tournament_play_options import (
    NO_OPTIONS,
    PlayOptions,
    after_game,
    check_play_options,
    injuries,
    objectives_achieved,
)
from bot.store import teams as team_store
from bot.store.connection import Connection

GUILD = 7000
ORGANISER = Actor(guild_id=GUILD, user_id=1, channel_id=GUILD)
SPARE_COACH = Actor(guild_id=GUILD, user_id=2, channel_id=GUILD)


def coach(index: int) -> Actor:
    return Actor(guild_id=GUILD, user_id=GUILD * 1000 + index, channel_id=GUILD)


def naf_details(who: Actor, names: Names) -> tuple[str, int]:
    """Every simulated coach's NAF name and number (the NAF report names them)."""
    return names.coach(who.user_id), who.user_id % 1_000_000 + 1


@dataclass
class TournamentTally:
    coaches: int = 0
    games: int = 0
    conceded: int = 0
    sent_off: int = 0
    skills: int = 0
    stars: int = 0
    fans_bought: int = 0
    votes: int = 0
    byes: int = 0
    extra_time: int = 0  # knock-out games level after 90 minutes
    shootouts: int = 0  # ... and still level after extra time
    advancements: int = 0
    inducements: int = 0
    additions: int = 0  # gold piece escalation: what later rosters added
    mercenaries: int = 0  # Mercenary Players bought onto rosters
    crowd_casualties: int = 0  # casualties caused by crowd pushes (the Carnage Cup counts them)
    chants: int = 0  # the organiser's own tiebreaker: Cheerleader chants reported
    names: Names = field(default_factory=lambda: Names("event"))  # the run's teams, coaches and players


@dataclass(frozen=True)
class TournamentResult:
    output: str
    problems: list[str]


async def _register(
    rt: Runtime,
    rng: random.Random,
    who: Actor,
    budget: int,
    tally: TournamentTally,
    stunty: bool = False,
    mandatory_star: bool = False,
    escalation: tuple[int, ...] = (),
    avoid: Collection[str] = (),
    stars_first: bool = False,
) -> str:
    """A random legal tournament roster, named for its roster: the league draft, then Skill Points, fans and
    a star sometimes (always, when the event makes one mandatory), now and then a custom inducement or a
    Mercenary; never one of the catalogue teams in `avoid` (those of the coach's squad in a team event).
    `stars_first`: the organiser lifted "11 players before a Star Player", so a mandatory star may be the
    11th player. Returns the team's name."""
    room = 60_000 + (150_000 if mandatory_star else 0)  # fans, and a star when one is mandatory
    plan = draft_plan(rt.catalog, rng, budget - room, stunty=stunty)
    while plan.roster.id in avoid:
        plan = draft_plan(rt.catalog, rng, budget - room, stunty=stunty)
    naf_name, naf_number = naf_details(who, tally.names)
    name = tally.names.team(plan.roster.id)
    named = replace(who, name=naf_name)  # his server name too, kept for the web view
    await tournament_entries.register(
        rt, named, None, name, plan.roster.id, plan.regional_league, plan.alignment, naf_name, naf_number
    )
    short = stars_first and mandatory_star and len(plan.hires) > 10 and rng.random() < 0.5
    hired: list[str] = []
    for position in plan.hires[:10] if short else plan.hires:  # 10 players and the star: 11
        hired.append(tally.names.player(plan.roster.id, hired))
        await event_drafting.hire(rt, who, None, position.id, name=hired[-1])
    if plan.rerolls:
        await event_drafting.set_staff(rt, who, None, rerolls=plan.rerolls)
    await (_mandatory_star(rt, rng, who, tally) if mandatory_star else _star(rt, rng, who, tally))
    await _skills(rt, rng, who, tally)
    await _custom_inducements(rt, rng, who, tally)
    await _mercenary(rt, rng, who, tally)
    for _ in escalation[1:]:  # gold piece escalation: every later roster, written now, only adding
        await tournament_entries.escalate(rt, who, None)
        await _additions(rt, rng, who, tally)
    fans = rng.randint(1, 6)
    try:
        await event_drafting.set_fans(rt, who, None, fans)
        tally.fans_bought += fans - 1
    except DomainError:
        pass  # not enough gold left: the one free fan stays
    await event_drafting.submit(rt, who, None)
    return name


async def _star(rt: Runtime, rng: random.Random, who: Actor, tally: TournamentTally) -> None:
    """Now and then a star player who plays for the team (refused when the gold or the rules say no)."""
    options = await event_rosters.roster_options(rt, who, None)
    if not options.stars or rng.random() > 0.3:
        return
    try:
        await event_drafting.add_star(rt, who, None, rng.choice(options.stars).name)
        tally.stars += 1
    except DomainError:
        pass  # too dear, or the roster is not yet 11 players: no star


async def _mandatory_star(rt: Runtime, rng: random.Random, who: Actor, tally: TournamentTally) -> None:
    """A star is a must: random ones first, then the cheapest, until the services accept one."""
    options = await event_rosters.roster_options(rt, who, None)
    tries = rng.sample(list(options.stars), k=min(3, len(options.stars)))
    tries += sorted(options.stars, key=lambda u: (u.cost, u.name))
    for unit in tries:
        try:
            await event_drafting.add_star(rt, who, None, unit.name)
        except DomainError:
            continue
        tally.stars += 1
        return


async def _custom_inducements(rt: Runtime, rng: random.Random, who: Actor, tally: TournamentTally) -> None:
    """Now and then one of the event's custom inducements (refused when the gold is gone)."""
    event = await tournaments.get_event(rt, GUILD, None)
    bought = [i for i in event.rulespack.inducements if not i.free]
    if not bought or rng.random() > 0.6:
        return
    item = rng.choice(bought)
    try:
        await event_drafting.set_inducement(rt, who, None, item.name, 1)
        tally.inducements += 1
    except DomainError:
        pass


async def _additions(rt: Runtime, rng: random.Random, who: Actor, tally: TournamentTally) -> None:
    """What a later budget adds: a player or two, a Dedicated Fan, skills (each refused when it breaks a
    rule or the gold is gone)."""
    options = await event_rosters.roster_options(rt, who, None)
    for _ in range(rng.randint(0, 2)):
        name = tally.names.newcomer((await event_rosters.roster_sheet(rt, who, None)).sheet)
        try:
            await event_drafting.hire(rt, who, None, rng.choice(options.positions).id, name=name)
            tally.additions += 1
        except DomainError:
            pass
    sheet = await event_rosters.roster_sheet(rt, who, None)
    try:
        await event_drafting.set_fans(rt, who, None, min(6, sheet.team.dedicated_fans + 1))
        tally.additions += 1
    except DomainError:
        pass
    await _skills(rt, rng, who, tally)


async def _mercenary(rt: Runtime, rng: random.Random, who: Actor, tally: TournamentTally) -> None:
    """Now and then a Mercenary Player, with a Primary skill half the time (refused when the gold, the
    position limits or the 16 players say no)."""
    options = await event_rosters.roster_options(rt, who, None)
    if not options.positions or rng.random() > 0.25:
        return
    position = rng.choice(options.positions)
    skills = [s.name for s in event_rosters.skill_options(rt, position) if s.category in position.primary]
    skill = rng.choice(skills) if skills and rng.random() < 0.5 else None
    name = tally.names.newcomer((await event_rosters.roster_sheet(rt, who, None)).sheet)
    try:
        await event_drafting.hire_mercenary(rt, who, None, position.id, skill=skill, name=name)
        tally.mercenaries += 1
    except DomainError:
        pass


async def _skills(rt: Runtime, rng: random.Random, who: Actor, tally: TournamentTally) -> None:
    """Spend the Skill Points on primary skills (and now and then a secondary) for random players, until the
    services refuse one (out of points, or of secondaries)."""
    options = await event_rosters.roster_options(rt, who, None)
    positions = {p.id: p for p in options.positions}
    players = [p for p in options.players if p.position in positions and not p.mercenary]
    for player in rng.sample(players, k=len(players)):
        position = positions[player.position]
        secondary = rng.random() < 0.2
        wanted = position.secondary if secondary else position.primary
        skills = [s.name for s in event_rosters.skill_options(rt, position) if s.category in wanted]
        if not skills:
            continue
        try:
            await event_drafting.set_skill(rt, who, None, f"#{player.number}", rng.choice(skills))
        except DomainError:
            if not secondary:
                break  # out of Skill Points: the roster is done
            continue
        tally.skills += 1


def _events(
    rng: random.Random,
    numbers: list[int],
    touchdowns: int,
    casualties: int,
    off: int,
    hurt: Mapping[int, InjuryResult] | None = None,
) -> str:
    hurt = hurt or {}
    tally: dict[int, Counter[str]] = {n: Counter() for n in numbers}
    for _ in range(touchdowns):
        tally[rng.choice(numbers)]["td"] += 1
    for _ in range(casualties):
        tally[rng.choice(numbers)]["cas"] += 1
    for number in rng.sample(numbers, k=min(off, len(numbers))):
        tally[number]["off"] += 1
    events = {
        n: PlayerEvents(
            number=n,
            touchdowns=c["td"],
            casualties=c["cas"],
            sent_off=bool(c["off"]),
            injury=hurt.get(n),
            lasting_characteristic="av" if hurt.get(n) == "lasting_injury" else None,
        )
        for n, c in tally.items()
        if c or n in hurt
    }
    return format_team_events(events)


def _add_touchdown(events: str, number: int) -> str:
    """One more touchdown (scored in extra time) for player `number` in a team's report."""
    tally = parse_team_events(events)
    player = tally.get(number, PlayerEvents(number=number))
    tally[number] = replace(player, touchdowns=player.touchdowns + 1)
    return format_team_events(tally)


async def _numbers(rt: Runtime, fixture_id: int, team_id: int) -> list[int]:
    """The numbers a report of the game may credit: the team's players able to play, on the roster of the
    game's round (gold piece escalation: a player joining in a later round is left out, as the bot asks)."""
    fielded = await match_day.fixture_players(rt, GUILD, f"f:{fixture_id}")
    return [p.number for _, p in fielded if p.team_id == team_id and not p.miss_next_game]


def _result_numbers(
    extras: random.Random | None, side: SideInput, custom: bool, tally: TournamentTally
) -> SideInput:
    """A side's casualties from crowd pushes and, when the event names its own tiebreaker, Cheerleader
    chants, drawn from `extras` (None: neither, as a team event plays)."""
    if extras is None:
        return side
    crowd = extras.choices(range(3), weights=(6, 2, 1))[0]
    chants = extras.randint(0, 5) if custom else None
    tally.crowd_casualties += crowd
    tally.chants += chants or 0
    return replace(side, crowd_casualties=crowd, tiebreaker=chants)


async def _play_round(
    rt: Runtime,
    rng: random.Random,
    round_number: int,
    tally: TournamentTally,
    options: PlayOptions = NO_OPTIONS,
    extras: random.Random | None = None,
) -> None:
    """Every game of the round reported and confirmed; `extras` draws the crowd casualties and the
    organiser's tiebreaker (apart from `rng`, so the games' other numbers stay those of a seed)."""
    custom = bool((await tournaments.get_event(rt, GUILD, None)).rulespack.custom_tiebreaker)
    pairings = await tournament_play.round_pairings(rt, GUILD, None, round_number)
    for table in pairings.tables:
        if table.fixture is None or table.away is None:
            tally.byes += 1
            continue
        fx = table.fixture
        home = Actor(GUILD, fx.home_coach_id, GUILD)
        away = Actor(GUILD, fx.away_coach_id, GUILD)
        sides = []
        drawn = []
        for _ in range(2):
            score = rng.choices(range(5), weights=(3, 5, 4, 2, 1))[0]
            cas = rng.choices(range(5), weights=(4, 4, 3, 2, 1))[0]
            off = 1 if rng.random() < 0.1 else 0
            drawn.append((score, cas, off))
        for index, team_id in enumerate((fx.home_team_id, fx.away_team_id)):
            score, cas, off = drawn[index]
            tally.sent_off += off
            numbers = await _numbers(rt, fx.id, team_id)
            # --- D: injuries suffered (the other side's casualties) and objectives achieved ---
            hurt = injuries(rng, numbers, drawn[1 - index][1]) if options.injuries else None
            events = _events(rng, numbers, score, cas, off, hurt)
            side = SideInput(score, cas, events, objectives=objectives_achieved(rng, options))
            sides.append(_result_numbers(extras, side, custom, tally))
        conceded: Literal["theirs"] | None = "theirs" if rng.random() < 0.05 else None
        tally.conceded += conceded is not None
        extra_time = False
        if table.stage == "knockout" and conceded is None and sides[0].score == sides[1].score:
            extra_time = True  # seed 000: a drawn knock-out game goes to extra time, then the shoot-out
            tally.extra_time += 1
            scorer = rng.choice((0, 1, None))
            if scorer is None:
                await match_day.roll_penalties(rt, home, f"f:{fx.id}")
                tally.shootouts += 1
            else:
                side = sides[scorer]
                numbers = await _numbers(rt, fx.id, (fx.home_team_id, fx.away_team_id)[scorer])
                sides[scorer] = replace(
                    side, score=side.score + 1, events=_add_touchdown(side.events, rng.choice(numbers))
                )
        await results.report_result(
            rt, home, f"f:{fx.id}", sides[0], sides[1], conceded, extra_time=extra_time
        )
        await results.confirm_result(rt, away, fx.id, 1)
        tally.games += 1
        if options.postgame:
            event = await tournaments.get_event(rt, GUILD, None)
            tally.advancements += await after_game(rt, rng, event, [fx.home_team_id, fx.away_team_id])


async def _vote(rt: Runtime, rng: random.Random, coaches: list[Actor], tally: TournamentTally) -> None:
    """Each coach votes for an opponent he played (Most Sporting Coach)."""
    event = await tournaments.get_event(rt, GUILD, None)

    def opponents(conn: Connection) -> dict[int, list[int]]:
        state = tournaments.played(conn, event)
        met: dict[int, list[int]] = {}
        for game in state.games:
            met.setdefault(game.first, []).append(game.second)
            met.setdefault(game.second, []).append(game.first)
        return met

    def team_of(conn: Connection, who: Actor) -> team_store.TeamRow | None:
        return team_store.by_coach(conn, GUILD, event.id, who.user_id)

    met = await rt.db.read(opponents)
    for who in coaches:
        mine = await rt.db.read(team_of, who)
        if mine is None:
            continue
        choices = [t for t in met.get(mine.id, []) if t != mine.id]
        if not choices:
            continue
        try:
            await tournament_awards.vote(rt, who, None, f"t:{rng.choice(choices)}")
            tally.votes += 1
        except DomainError:
            pass  # the Spare Player cannot be voted for


def escalation_budgets(rounds: int) -> list[int]:
    """A simulated escalation event's Team Draft Budgets: 1,000,000 gp rising by 100,000 a round (at most
    four budgets)."""
    return [1_000_000 + 100_000 * n for n in range(min(rounds, 4))]


@dataclass(frozen=True)
class EventShape:
    """What `simulate_tournament` plays (see its docstring)."""

    coaches: int
    rounds: int
    seed: int
    odd: Literal["spare", "bye"] = "spare"
    fmt: Literal["swiss", "groups"] = "swiss"
    qualifiers: int = 8
    options: PlayOptions = NO_OPTIONS
    stunty: bool = False
    mandatory_star: bool = False
    custom_inducements: bool = False
    escalation: bool = False
    naf: bool = False  # NAF-sanctioned: every roster entered with its coach's NAF details
    stars_first: bool = False  # with mandatory_star: no "11 players before a star" (stars count toward it)

    @property
    def spare(self) -> bool:
        """A Swiss event of an odd number of coaches with a Spare Player."""
        return bool(self.coaches % 2) and self.odd == "spare" and self.fmt == "swiss"

    def created(self) -> tuple[str, dict[str, object]]:
        """The event's name and the organiser's rulespack settings."""
        settings: dict[str, object] = {
            "rounds": self.rounds,
            "odd_player": self.odd,
            "extra_tiebreakers": "votes, sent_off, custom",
            "custom_tiebreaker": "Cheerleader chants",  # the organiser's own number (seed 000)
        }
        settings |= self.options.settings()
        kind: EventKind = "stunty" if self.stunty else self.fmt
        name = Names(f"event-{self.seed}").event(kind)
        if self.fmt == "groups":
            settings |= {"format": "groups", "qualifiers": self.qualifiers}
        # --- roster options ---
        if self.stunty:
            settings["stunty"] = True
        if self.mandatory_star:
            settings["mandatory_star"] = True
            settings["star_needs_eleven"] = not self.stars_first
        if self.escalation:
            settings["escalation"] = escalation_budgets(self.rounds)
        if self.naf:
            settings["naf"] = True
        return name, settings


async def _offer_inducements(rt: Runtime) -> None:
    """Seed 000's custom inducements (the Festive Gifts free for every team) and one of the organiser's."""
    for item in ("Dwarven Smith", "Booby Trapped End Zone", "Famous Moot Buffet"):
        await tournament_options.set_inducement(rt, ORGANISER, None, "add", item)
    await tournament_options.set_inducement(rt, ORGANISER, None, "add", "Festive Gifts", free=True)
    await tournament_options.set_inducement(
        rt, ORGANISER, None, "add", "Forge Ale", cost=20_000, limit=2, text="+1 to one KO roll."
    )


async def _enter(
    rt: Runtime, rng: random.Random, shape: EventShape, rulespack: Rulespack, tally: TournamentTally
) -> list[Actor]:
    """Every coach registers a roster and the organiser approves it (and the Spare Player's, marked)."""
    people = [coach(i) for i in range(shape.coaches)]
    for who in [*people, SPARE_COACH] if shape.spare else people:
        name = await _register(
            rt,
            rng,
            who,
            rulespack.budget,
            tally,
            shape.stunty,
            shape.mandatory_star,
            rulespack.escalation,
            stars_first=shape.stars_first,
        )
        await tournament_entries.review(rt, ORGANISER, None, name, approve=True)
    if shape.spare:  # the last to register
        await tournament_entries.set_spare(rt, ORGANISER, None, name, spare=True)
    return people


def dice_problems(conn: Connection, rolled: int) -> list[str]:
    """Every die the bot rolled is in the dice log."""
    logged = conn.execute("SELECT COUNT(*) FROM dice_rolls WHERE guild_id = ?", (GUILD,)).fetchone()[0]
    return [] if logged == rolled else [f"{rolled} dice rolled but {logged} in the dice log"]


def roster_problems(conn: Connection, rt: Runtime, event: tournaments.Event, injuries: bool) -> list[str]:
    """Each roster against the rulespack (with injuries kept the dead leave: a roster may end the event
    short of 11 players)."""
    problems = []
    for team in team_store.in_league(conn, GUILD, event.id):
        refusals = event_rosters.roster_check(conn, rt, event, team).refusals
        if injuries:
            refusals = tuple(r for r in refusals if "at least 11 players" not in r)
        problems += [f"{team.name}'s roster: {refusal}" for refusal in refusals]
    return problems


def _problems(
    conn: Connection, rt: Runtime, event: tournaments.Event, shape: EventShape, rolled: int
) -> list[str]:
    check_format = check_groups if shape.fmt == "groups" else check_tournament
    problems = check_format(
        conn, event, rt.catalog.tournament.scoring, lambda state: tournaments.ranking(rt, state)
    )
    problems += result_number_problems(
        tournaments.played(conn, event), tournament_awards.standing_of(conn, rt, event)
    )
    problems += roster_problems(conn, rt, event, shape.options.injuries)
    problems += check_rosters(conn, rt, event)
    problems += dice_problems(conn, rolled)
    rows = conn.execute(
        "SELECT id, purpose, total, fixture_id FROM dice_rolls WHERE guild_id = ?", (GUILD,)
    ).fetchall()
    table = rt.catalog.tables["secret_objectives"]
    return problems + check_play_options(conn, rt, event, table, rows)


def _report(
    name: str, shape: EventShape, rounds: int, tally: TournamentTally, rolled: int, standing: Standing
) -> list[str]:
    options = shape.options
    return [
        f"{name}: {shape.coaches} coaches"
        + (" and a Spare Player" if shape.spare else "")
        + f", {rounds} rounds, {tally.games} games ({tally.conceded} conceded), {tally.byes} byes",
        *(
            [
                f"groups of four, {shape.qualifiers} qualifiers: {tally.extra_time} knock-out games to extra "
                f"time, {tally.shootouts} to the shoot-out"
            ]
            if shape.fmt == "groups"
            else []
        ),
        f"rosters: {tally.skills} Skill Point skills, {tally.stars} stars, "
        f"{tally.fans_bought} Dedicated Fans bought, {tally.inducements} custom inducements bought, "
        f"{tally.additions} escalation additions, {tally.mercenaries} Mercenaries",
        f"{tally.sent_off} players sent off, {tally.votes} Favourite Opponent votes, "
        f"{rolled} dice rolled by the bot",
        f"{tally.crowd_casualties} casualties from crowd pushes (Carnage Cup, Most Patched-Up), "
        f"{tally.chants} Cheerleader chants (the organiser's tiebreaker)",
        *(
            [f"optional rules: {', '.join(options.names)}; {tally.advancements} advancements"]
            if options.names
            else []
        ),
        "",
        *tournament_awards.standing_lines(standing),
    ]


def outcome(lines: list[str], problems: list[str]) -> TournamentResult:
    """The printed output: the lines, then whether every invariant holds."""
    verdict = "Invariants: all hold." if not problems else "Invariants BROKEN:\n" + "\n".join(problems)
    return TournamentResult("\n".join([*lines, "", verdict]), problems)


async def simulate_tournament(
    coaches: int,
    rounds: int,
    seed: int,
    db_path: Path | str | None = None,
    catalog: Catalog | None = None,
    odd: Literal["spare", "bye"] = "spare",
    fmt: Literal["swiss", "groups"] = "swiss",
    qualifiers: int = 8,
    options: PlayOptions = NO_OPTIONS,
    stunty: bool = False,
    mandatory_star: bool = False,
    custom_inducements: bool = False,
    escalation: bool = False,
    naf_report: Path | str | None = None,
    stars_first: bool = False,
) -> TournamentResult:
    """Play one Swiss event of `coaches` coaches over `rounds` rounds (or a group and knock-out event with
    `qualifiers`, its rounds following from them), then check every invariant. `options`: the optional
    rules in play; `stunty`: a stunty event of random legal stunty rosters; `mandatory_star`: every roster
    has a star; `custom_inducements`: seed 000's four, the Festive Gifts free for every team, and one of the
    organiser's own, bought now and then and rolled before each game; `escalation`: budgets of 1,000,000 gp
    rising by 100,000 a round, every roster written at registration; `naf_report`: a NAF-sanctioned event
    whose NAF report is written to that file (and read back against the stored results); `stars_first`
    (with `mandatory_star`): the organiser lifts "11 players before a Star Player", so stars count toward the
    11 and some rosters are 10 players and their star."""
    shape = EventShape(
        coaches,
        rounds,
        seed,
        odd,
        fmt,
        qualifiers,
        options,
        stunty,
        mandatory_star,
        custom_inducements,
        escalation,
        naf_report is not None,
        stars_first,
    )
    async with simulated_runtime(db_path, seed, catalog, "tournament") as simulated:
        rt, dice = simulated.rt, simulated.dice
        rng = random.Random(f"tournament-{seed}")
        extras = random.Random(f"tournament-extras-{seed}")  # crowd casualties, Cheerleader chants
        tally = TournamentTally(coaches=coaches, names=Names(f"event-{seed}"))
        name, settings = shape.created()
        created = await tournaments.create_tournament(rt, ORGANISER, name, GUILD, settings)
        if custom_inducements:
            await _offer_inducements(rt)
        people = await _enter(rt, rng, shape, created.rulespack, tally)
        await tournament_play.start_event(rt, ORGANISER, None)
        for number in range(1, created.rulespack.rounds + 1):
            await _play_round(rt, rng, number, tally, options, extras)  # the last confirmation pairs the next
        await _vote(rt, rng, people, tally)
        standing = await tournament_awards.finish(rt, ORGANISER, None)
        event = await tournaments.get_event(rt, GUILD, None)
        problems = await rt.db.read(_problems, rt, event, shape, dice.rolls)
        lines = _report(event.name, shape, created.rulespack.rounds, tally, dice.rolls, standing)
        if naf_report is not None:
            organiser = tally.names.coach(ORGANISER.user_id)  # the organiser's NAF name in the report
            report = await tournament_naf.naf_report_of(rt, GUILD, None, organiser)
            await asyncio.to_thread(Path(naf_report).write_bytes, report.data)
            problems += await rt.db.read(check_naf_report, event, report.data)
            lines.append(
                f"NAF report: {report.coaches} coaches, {report.games} games, written to {naf_report}"
            )
        return outcome(lines, problems)
