"""Teams: drafting one (hire, fire, staff, names and numbers), submitting it, the commissioner's review,
and the Team Draft List (players, staff, treasury, TV and CTV)."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, replace

from bot.catalog import Catalog
from bot.catalog.models import Position, Team
from bot.catalog.search import best_matches
from bot.errors import Conflict, NotAllowed, NotFound, RuleViolation
from bot.rules.postgame import RosterPlace, counts_towards_player_limit, eligible_for_next_game
from bot.rules.redraft import rehire_cost
from bot.rules.team_building import (
    SquadPlayer,
    Staffing,
    check_hire,
    check_redraft_submittable,
    check_staff,
    check_submittable,
    current_team_value,
    next_free_number,
    team_value,
)
from bot.services.inputs import row_id
from bot.services.leagues import clean_name, find_league
from bot.services.runtime import Actor, Runtime
from bot.store import advancements as advancement_store
from bot.store import audit
from bot.store import contracts as contract_store
from bot.store import leagues as league_store
from bot.store import playoffs as playoff_store
from bot.store import postgame as postgame_store
from bot.store import redrafts as redraft_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.leagues import League
from bot.store.redrafts import Redraft
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp, plural

EDITABLE = ("draft", "submitted", "rejected")
MAX_HIRE_AT_ONCE = 16


@dataclass(frozen=True)
class SheetPlayer:
    row: PlayerRow
    position: Position
    gained_skills: tuple[str, ...] = ()
    familiar_face: bool = False  # a star signed by the same team as last season: plays without Loner


@dataclass(frozen=True)
class TeamSheet:
    """Everything the Team Draft List shows."""

    league: League
    team: TeamRow
    roster: Team
    players: list[SheetPlayer]
    team_value: int
    current_team_value: int
    special_rules: tuple[str, ...]
    trophy_rerolls: int = 0  # the League Trophy holder's free re-roll (in TV)

    @property
    def staffing(self) -> Staffing:
        return staffing_of(self.team)


@dataclass(frozen=True)
class DraftResult:
    sheet: TeamSheet
    message: str


def staffing_of(team: TeamRow) -> Staffing:
    return Staffing(
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        dedicated_fans=team.dedicated_fans,
    )


def roster_of(catalog: Catalog, team: TeamRow) -> Team:
    roster = catalog.teams.get(team.roster)
    if roster is None:
        raise NotFound(f"{team.name}'s roster `{team.roster}` is not in the {catalog.edition} catalogue.")
    return roster


STAR_PREFIX = "star_"


def star_position_id(name: str) -> str:
    """The players.position of a contracted star: `star_` and his name in lowercase letters and digits."""
    return STAR_PREFIX + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def position_of(
    catalog: Catalog, roster: Team, row: PlayerRow, familiar_face: bool = False
) -> Position | None:
    """A player's position: the roster's, or for a star under contract his own profile (a Familiar Face
    without Loner), at the value he counts for in TV."""
    if not row.position.startswith(STAR_PREFIX):
        return roster.position(row.position)
    star = next((s for s in catalog.stars.values() if star_position_id(s.name) == row.position), None)
    if star is None:
        return None
    return Position.model_construct(
        id=row.position,
        name=star.name,
        max=1,
        cost=row.hiring_fee,
        ma=star.ma,
        st=star.st,
        ag=star.ag,
        pa=star.pa,
        av=star.av,
        skills=tuple(s for s in star.skills if not (familiar_face and s.startswith("Loner"))),
        primary=(),
        secondary=(),
        keywords=star.keywords,
    )


def squad_positions(catalog: Catalog, roster: Team, rows: list[PlayerRow]) -> list[Position]:
    """Positions of the players on a roster (stars included), for the hiring limits."""
    return [p for p in (position_of(catalog, roster, r) for r in rows) if p is not None]


def roster_place(row: PlayerRow, missed_this_game: frozenset[int] = frozenset()) -> RosterPlace:
    return RosterPlace(
        journeyman=row.journeyman,
        miss_next_game=row.miss_next_game,
        temporarily_retired=row.temporarily_retired,
        missed_this_game=row.id in missed_this_game,
    )


def limit_positions(catalog: Catalog, roster: Team, rows: list[PlayerRow]) -> list[Position]:
    """Positions of the players who count towards the 16-player limit (journeymen do not)."""
    return squad_positions(catalog, roster, [r for r in rows if counts_towards_player_limit(roster_place(r))])


def build_sheet(conn: sqlite3.Connection, catalog: Catalog, league: League, team: TeamRow) -> TeamSheet:
    roster = roster_of(catalog, team)
    rows = team_store.players(conn, team)
    gained = advancement_store.for_team(conn, team.guild_id, team.id)
    traits = trait_store.of_team(conn, team.guild_id, team.id)
    players = []
    familiar = contract_store.familiar_players(conn, team.guild_id, team.id)
    for row in rows:
        position = position_of(catalog, roster, row, row.id in familiar)
        if position is None:
            raise NotFound(f"{team.name}: player #{row.number} has an unknown position `{row.position}`.")
        skills = tuple(a.skill for a in gained.get(row.id, []) if a.skill) + tuple(
            t.label for t in traits if t.player_id == row.id
        )
        players.append(SheetPlayer(row, position, skills, row.id in familiar))
    squad = [
        SquadPlayer(
            p.position,
            p.row.hiring_fee,
            p.row.value_increase,
            p.row.miss_next_game,
            p.row.temporarily_retired,
        )
        for p in players
    ]
    holds_trophy = playoff_store.trophy_holder(conn, team.guild_id, team.league_id) == team.id
    trophy = catalog.season_end.trophy_rerolls if holds_trophy else 0
    staff = replace(staffing_of(team), trophy_rerolls=trophy)
    special = roster.special_rules_with(team.regional_league, team.alignment)
    return TeamSheet(
        league=league,
        team=team,
        roster=roster,
        players=players,
        team_value=team_value(roster, squad, staff, catalog.drafting),
        current_team_value=current_team_value(roster, squad, staff, catalog.drafting, special),
        special_rules=special,
        trophy_rerolls=trophy,
    )


def find_team(
    conn: sqlite3.Connection, guild_id: int, reference: str, league: League | None = None
) -> TeamRow:
    """A team by autocomplete value (`t:<id>`) or by name, in the guild (and league, when given)."""
    reference = reference.strip()
    number = row_id(reference[2:]) if reference.startswith("t:") else None
    if number is not None:
        team = team_store.get(conn, guild_id, number)
        if team is not None and (league is None or team.league_id == league.id):
            return team
    candidates = (
        team_store.in_league(conn, guild_id, league.id)
        if league is not None
        else [t for lg in _leagues(conn, guild_id) for t in team_store.in_league(conn, guild_id, lg)]
    )
    exact = [t for t in candidates if t.name.lower() == reference.lower()]
    found = exact or best_matches(reference, candidates, lambda t: t.name, limit=1)
    if not found:
        raise NotFound(f"No team called `{reference[:60]}`. Start typing and pick one from the list.")
    return found[0]


def _leagues(conn: sqlite3.Connection, guild_id: int) -> list[int]:
    return league_store.ids_in_guild(conn, guild_id)


def own_team(conn: sqlite3.Connection, actor: Actor, league: League) -> TeamRow:
    team = team_store.by_coach(conn, actor.guild_id, league.id, actor.user_id)
    if team is None:
        raise NotFound(f"You have no team in {league.name}. Start one with /team create.")
    return team


@dataclass(frozen=True)
class Changeable:
    """A team the coach may change now: drafting, or an approved team in its post-game sequence."""

    team: TeamRow
    postgame_fixture: int | None  # the fixture whose post-game is open; None while drafting

    @property
    def drafting(self) -> bool:
        return self.postgame_fixture is None


def _changeable(conn: sqlite3.Connection, team: TeamRow) -> Changeable:
    if team.status == "approved":
        open_postgames = postgame_store.open_for_team(conn, team.guild_id, team.id)
        if not open_postgames:
            raise RuleViolation(
                f"{team.name} changes its roster in the post-game sequence: after a result is "
                "confirmed and before you finish the post-game."
            )
        return Changeable(team, open_postgames[0].fixture_id)
    return Changeable(_editable(conn, team), None)


def _editable(conn: sqlite3.Connection, team: TeamRow) -> TeamRow:
    """Draft changes are allowed until approval; changing a submitted or rejected team makes it a draft."""
    if team.status not in EDITABLE:
        raise RuleViolation(
            f"{team.name} is {team.status}: its roster changes through the post-game sequence."
        )
    if team.status != "draft":
        team_store.set_status(conn, team, "draft", team.review_note)
        refreshed = team_store.get(conn, team.guild_id, team.id)
        assert refreshed is not None
        return refreshed
    return team


# --- create -------------------------------------------------------------------------------------------


def find_roster(catalog: Catalog, reference: str) -> Team:
    roster = catalog.team(reference)
    if roster is None:
        found = best_matches(reference, list(catalog.teams.values()), lambda t: t.name, limit=1)
        if not found:
            raise NotFound(f"No roster called `{reference[:40]}`; /rules team lists them.")
        roster = found[0]
    return roster


def choose_league_and_alignment(
    roster: Team, league: str | None, alignment: str | None
) -> tuple[str, str | None]:
    """The regional league and alignment a new team plays with (asked only where the roster has a choice)."""
    if league is None:
        if len(roster.leagues) > 1:
            raise RuleViolation(
                f"{roster.name} teams choose one league: {' or '.join(roster.leagues)}. "
                "Pick it with the regional_league option."
            )
        league = roster.leagues[0]
    match = next((name for name in roster.leagues if name.lower() == league.strip().lower()), None)
    if match is None:
        raise RuleViolation(f"{roster.name} teams play in {' or '.join(roster.leagues)}, not {league}.")
    options = roster.alignments_in(match)
    if not options:
        if alignment:
            raise RuleViolation(f"{roster.name} teams in the {match} have no Favoured of... choice.")
        return match, None
    if alignment is None:
        if len(options) > 1:
            raise RuleViolation(
                f"{roster.name} teams choose an alignment: {', '.join(options)}. "
                "Pick it with the alignment option; it cannot change later."
            )
        return match, options[0]
    chosen = next(
        (o for o in options if o.lower() == alignment.strip().lower().removeprefix("favoured of ")), None
    )
    if chosen is None:
        raise RuleViolation(f"{roster.name} teams may be Favoured of {', '.join(options)}, not {alignment}.")
    return match, chosen


def _create(
    conn: sqlite3.Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    name: str,
    roster_ref: str,
    regional_league: str | None,
    alignment: str | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    existing = team_store.by_coach(conn, actor.guild_id, league.id, actor.user_id)
    if existing is not None:
        raise Conflict(
            f"You already coach {existing.name} in {league.name}; a coach has one team per league."
            + (
                " In the off-season, /redraft start re-drafts it and /redraft retire retires it so you can "
                "start a new one."
                if existing.status == "approved"
                else ""
            )
        )
    roster = find_roster(rt.catalog, roster_ref)
    chosen_league, chosen_alignment = choose_league_and_alignment(roster, regional_league, alignment)
    if any(t.name.lower() == name.lower() for t in team_store.in_league(conn, actor.guild_id, league.id)):
        raise Conflict(f"{league.name} already has a team called {name}.")
    now = rt.clock.now()
    team = team_store.insert(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        coach_id=actor.user_id,
        name=name,
        roster=roster.id,
        regional_league=chosen_league,
        alignment=chosen_alignment,
        now=now,
    )
    budget = league.settings.draft_budget
    team_store.change_treasury(conn, team, budget, "draft budget", actor_id=actor.user_id, now=now)
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        actor_id=actor.user_id,
        action="team.create",
        now=now,
        detail={"team": name, "roster": roster.name, "league": chosen_league, "alignment": chosen_alignment},
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    sheet = build_sheet(conn, rt.catalog, league, refreshed)
    return DraftResult(
        sheet, f"{name} ({roster.name}) is drafting with {gp(budget)}. Hire players with /team hire."
    )


async def create_team(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    name: str,
    roster: str,
    regional_league: str | None = None,
    alignment: str | None = None,
) -> DraftResult:
    return await rt.db.write(
        _create, rt, actor, league_ref, clean_name(name, "team name"), roster, regional_league, alignment
    )


# --- hire, fire, rename, staff ----------------------------------------------------------------------


def find_position(roster: Team, reference: str) -> Position:
    position = roster.position(reference.strip())
    if position is None:
        found = best_matches(reference, list(roster.positions), lambda p: p.name, limit=1)
        if not found:
            names = ", ".join(p.name for p in roster.positions)
            raise NotFound(f"{roster.name} teams have no `{reference[:40]}`; they hire: {names}.")
        position = found[0]
    return position


def _hire(
    conn: sqlite3.Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    position_ref: str,
    count: int,
    name: str | None,
    number: int | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    change = _changeable(conn, own_team(conn, actor, league))
    team = change.team
    roster = roster_of(rt.catalog, team)
    position = find_position(roster, position_ref)
    if not 1 <= count <= MAX_HIRE_AT_ONCE:
        raise RuleViolation(f"Hire 1 to {MAX_HIRE_AT_ONCE} players at a time.")
    if count > 1 and (name or number):
        raise RuleViolation(
            "Give a name or number only when hiring one player; rename others with /team player."
        )
    current = team_store.players(conn, team)
    positions = limit_positions(rt.catalog, roster, current)
    check_hire(roster, position.id, positions, rt.catalog.drafting, count)
    now = rt.clock.now()
    taken = [row.number for row in current]
    hired = []
    for _ in range(count):
        shirt = number if number is not None else next_free_number(taken)
        taken.append(shirt)
        label = name or f"{position.name} {shirt}"
        team_store.change_treasury(
            conn,
            team,
            -position.cost,
            f"{'' if change.drafting else 'post-game: '}hire #{shirt} {label} ({position.name})",
            actor_id=actor.user_id,
            now=now,
            fixture_id=change.postgame_fixture,
        )
        hired.append(
            team_store.insert_player(
                conn,
                team,
                number=shirt,
                name=label,
                position=position.id,
                hiring_fee=position.cost,
                now=now,
                hired_in_fixture=change.postgame_fixture,
            )
        )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    numbers = ", ".join(f"#{p.number}" for p in hired)
    message = (
        f"Hired {plural(count, position.name)} ({numbers}) for {gp(position.cost * count)}. "
        f"Treasury {gp(refreshed.treasury)}."
    )
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), message)


async def hire_players(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    position: str,
    count: int = 1,
    name: str | None = None,
    number: int | None = None,
) -> DraftResult:
    if number is not None and not 1 <= number <= 99:
        raise RuleViolation("Shirt numbers are 1 to 99.")
    return await rt.db.write(
        _hire,
        rt,
        actor,
        league_ref,
        position,
        count,
        clean_name(name, "player name") if name else None,
        number,
    )


def find_player(conn: sqlite3.Connection, team: TeamRow, reference: str) -> PlayerRow:
    """A player by autocomplete value (`p:<id>`), shirt number (`7` or `#7`) or name."""
    reference = reference.strip()
    player_id = row_id(reference[2:]) if reference.startswith("p:") else None
    if player_id is not None:
        found = team_store.player(conn, team, player_id)
        if found is not None and found.status == "active":
            return found
    shirt = row_id(reference.lstrip("#"))
    if shirt is not None:
        by_number = team_store.player_by_number(conn, team, shirt)
        if by_number is not None:
            return by_number
    matches = best_matches(reference, team_store.players(conn, team), lambda p: p.name, limit=1)
    if not matches:
        raise NotFound(f"{team.name} has no player `{reference[:40]}`.")
    return matches[0]


def _fire(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    player = find_player(conn, own_team(conn, actor, league), player_ref)
    if player.star_contract is not None:
        raise RuleViolation(
            f"{player.name} is under contract for the season: a star signed this way is never fired."
        )
    change = _changeable(conn, own_team(conn, actor, league))
    team = change.team
    now = rt.clock.now()
    if not change.drafting:
        return _fire_in_postgame(conn, rt, actor, league, change, player)
    refund = _release_veteran(conn, rt, actor, team, player)
    if refund is None:  # a player hired in this draft never existed in the league
        refund = player.hiring_fee
        team_store.delete_player(conn, team, player.id)
    team_store.change_treasury(
        conn,
        team,
        refund,
        f"draft: released #{player.number} {player.name}",
        actor_id=actor.user_id,
        now=now,
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    message = f"Released #{player.number} {player.name}; {gp(refund)} back in the treasury."
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), message)


def _release_veteran(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, team: TeamRow, player: PlayerRow
) -> int | None:
    """A veteran re-hired in this re-draft, released again: he goes back to last season's list and what he
    cost comes back. None for anyone else."""
    redraft = _open_redraft(conn, team)
    if redraft is None or player.id not in redraft.previous_players:
        return None
    postgame_store.set_status(
        conn,
        team,
        player.id,
        "left",
        fixture_id=None,
        actor_id=actor.user_id,
        now=rt.clock.now(),
        reason="off-season: released again",
    )
    return rehire_cost(player.current_value, player.seasons_played, rt.catalog.season_end.redraft)


def _open_redraft(conn: sqlite3.Connection, team: TeamRow) -> Redraft | None:
    """The team's re-draft, while the league is between seasons."""
    season = season_store.current_season(conn, team.guild_id, team.league_id)
    last = redraft_store.last_season_played(conn, team.guild_id, team.id)
    if season is None or season.status != "finished" or last is None:
        return None
    return redraft_store.for_season(conn, team.guild_id, team.id, last)


def _fire_in_postgame(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, league: League, change: Changeable, player: PlayerRow
) -> DraftResult:
    """Post-game firing: no refund, and never below 11 players eligible for the next game."""
    team = change.team
    assert change.postgame_fixture is not None
    record = postgame_store.get(conn, team.guild_id, change.postgame_fixture, team.id)
    missed = frozenset(record.missed_player_ids) if record is not None else frozenset()
    eligible = [p for p in team_store.players(conn, team) if eligible_for_next_game(roster_place(p, missed))]
    if player in eligible and len(eligible) - 1 < rt.catalog.drafting.min_players_at_draft:
        raise RuleViolation(
            f"Players may not be fired if it takes the players eligible for the next game below "
            f"{rt.catalog.drafting.min_players_at_draft}; {team.name} has {len(eligible)}."
        )
    postgame_store.set_status(
        conn,
        team,
        player.id,
        "fired",
        fixture_id=change.postgame_fixture,
        actor_id=actor.user_id,
        now=rt.clock.now(),
        reason="fired in the post-game",
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    return DraftResult(
        build_sheet(conn, rt.catalog, league, refreshed), f"Fired #{player.number} {player.name} (no refund)."
    )


async def fire_player(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """While drafting, a released player is refunded in full: he was never part of the league. In the
    post-game a fired player leaves without a refund."""
    return await rt.db.write(_fire, rt, actor, league_ref, player)


def _rename(
    conn: sqlite3.Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player_ref: str,
    name: str | None,
    number: int | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    if team.status == "retired":
        raise RuleViolation(f"{team.name} is retired.")
    player = find_player(conn, team, player_ref)
    new_name = name or player.name
    new_number = player.number if number is None else number
    team_store.rename_player(conn, team, player.id, name=new_name, number=new_number)
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        actor_id=actor.user_id,
        action="player.rename",
        now=rt.clock.now(),
        detail={
            "team": team.name,
            "from": f"#{player.number} {player.name}",
            "to": f"#{new_number} {new_name}",
        },
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), f"Now #{new_number} {new_name}.")


async def update_player(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    player: str,
    *,
    name: str | None = None,
    number: int | None = None,
) -> DraftResult:
    if name is None and number is None:
        raise RuleViolation("Give a new name, a new number, or both.")
    if number is not None and not 1 <= number <= 99:
        raise RuleViolation("Shirt numbers are 1 to 99.")
    return await rt.db.write(
        _rename, rt, actor, league_ref, player, clean_name(name, "player name") if name else None, number
    )


def _staff(
    conn: sqlite3.Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    wanted: dict[str, int | bool | None],
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    change = _changeable(conn, own_team(conn, actor, league))
    team = change.team
    roster = roster_of(rt.catalog, team)
    rules = rt.catalog.drafting
    current = staffing_of(team)
    new = Staffing(
        rerolls=int(wanted["rerolls"]) if wanted["rerolls"] is not None else current.rerolls,
        assistant_coaches=int(wanted["assistant_coaches"])
        if wanted["assistant_coaches"] is not None
        else current.assistant_coaches,
        cheerleaders=int(wanted["cheerleaders"])
        if wanted["cheerleaders"] is not None
        else current.cheerleaders,
        apothecary=bool(wanted["apothecary"]) if wanted["apothecary"] is not None else current.apothecary,
        dedicated_fans=int(wanted["dedicated_fans"])
        if wanted["dedicated_fans"] is not None
        else current.dedicated_fans,
    )
    check_staff(roster, new, rules, drafting=change.drafting)
    reroll_price = roster.reroll_cost
    if not change.drafting:
        if new.rerolls < current.rerolls:
            raise RuleViolation("Team re-rolls bought during the league are never removed.")
        if new.dedicated_fans != current.dedicated_fans:
            raise RuleViolation(
                "Dedicated fans are bought only when drafting; in the league they change with results."
            )
        reroll_price *= rules.reroll_cost_multiplier_after_draft  # double, though TV counts the normal price
    prices = {
        "team re-roll": (current.rerolls, new.rerolls, reroll_price),
        "assistant coach": (
            current.assistant_coaches,
            new.assistant_coaches,
            rules.staff_rule("assistant_coach").cost,
        ),
        "cheerleader": (current.cheerleaders, new.cheerleaders, rules.staff_rule("cheerleader").cost),
        "apothecary": (int(current.apothecary), int(new.apothecary), rules.staff_rule("apothecary").cost),
        "dedicated fan": (current.dedicated_fans, new.dedicated_fans, rules.dedicated_fans.cost_per_step),
    }
    now = rt.clock.now()
    changes = []
    # Refunds first, so a swap (fewer cheerleaders, one more re-roll) never trips over the budget.
    for item, (before, after, price) in sorted(prices.items(), key=lambda kv: kv[1][1] - kv[1][0]):
        if before == after:
            continue
        delta = after - before
        if change.drafting:
            verb = "bought" if delta > 0 else "sold back"
            team_store.change_treasury(
                conn,
                team,
                -delta * price,
                f"draft: {verb} {abs(delta)} {item}",
                actor_id=actor.user_id,
                now=now,
            )
        elif delta > 0:  # post-game: staff are hired at their price; let go without a refund
            team_store.change_treasury(
                conn,
                team,
                -delta * price,
                f"post-game: hired {delta} {item}",
                actor_id=actor.user_id,
                now=now,
                fixture_id=change.postgame_fixture,
            )
        changes.append(f"{item} {before}→{after}")
    team_store.set_staff(
        conn,
        team,
        rerolls=new.rerolls,
        assistant_coaches=new.assistant_coaches,
        cheerleaders=new.cheerleaders,
        apothecary=new.apothecary,
        dedicated_fans=new.dedicated_fans,
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    message = (
        "Changed " + ", ".join(changes) if changes else "Nothing changed"
    ) + f". Treasury {gp(refreshed.treasury)}."
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), message)


async def set_staff(
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    *,
    rerolls: int | None = None,
    assistant_coaches: int | None = None,
    cheerleaders: int | None = None,
    apothecary: bool | None = None,
    dedicated_fans: int | None = None,
) -> DraftResult:
    """Set re-rolls, staff and dedicated fans while drafting; the treasury pays or refunds the difference."""
    wanted: dict[str, int | bool | None] = {
        "rerolls": rerolls,
        "assistant_coaches": assistant_coaches,
        "cheerleaders": cheerleaders,
        "apothecary": apothecary,
        "dedicated_fans": dedicated_fans,
    }
    return await rt.db.write(_staff, rt, actor, league_ref, wanted)


def _retire(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    change = _changeable(conn, own_team(conn, actor, league))
    if change.drafting:
        raise RuleViolation(
            "Players are temporarily retired in the post-game sequence, after a Lasting Injury."
        )
    player = find_player(conn, change.team, player_ref)
    if player.temporarily_retired:
        raise Conflict(f"#{player.number} {player.name} is already temporarily retired.")
    if not postgame_store.has_lasting_injury(conn, actor.guild_id, player.id):
        raise RuleViolation("Only a player who suffered a Lasting Injury may be temporarily retired.")
    postgame_store.retire_temporarily(
        conn,
        change.team,
        player.id,
        fixture_id=change.postgame_fixture,
        actor_id=actor.user_id,
        now=rt.clock.now(),
    )
    refreshed = team_store.get(conn, actor.guild_id, change.team.id)
    assert refreshed is not None
    return DraftResult(
        build_sheet(conn, rt.catalog, league, refreshed),
        f"#{player.number} {player.name} takes the rest of the season off: still on the roster "
        "(and counted towards 16 players), but not in CTV and not playing.",
    )


async def retire_player(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """Temporarily retire a player with a Lasting Injury for the rest of the season."""
    return await rt.db.write(_retire, rt, actor, league_ref, player)


def _keep(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    change = _changeable(conn, own_team(conn, actor, league))
    if change.drafting:
        raise RuleViolation("Journeymen are hired in the post-game of the game they played.")
    team = change.team
    player = find_player(conn, team, player_ref)
    if not player.journeyman or player.hired_in_fixture != change.postgame_fixture:
        raise RuleViolation(f"#{player.number} {player.name} is not a journeyman who played this game.")
    roster = roster_of(rt.catalog, team)
    positions = limit_positions(rt.catalog, roster, team_store.players(conn, team))
    check_hire(roster, player.position, positions, rt.catalog.drafting)
    cost = player.hiring_fee + player.value_increase
    team_store.change_treasury(
        conn,
        team,
        -cost,
        f"post-game: hire journeyman #{player.number} {player.name}",
        actor_id=actor.user_id,
        now=rt.clock.now(),
        fixture_id=change.postgame_fixture,
    )
    team_store.make_permanent(conn, team, player.id)
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    return DraftResult(
        build_sheet(conn, rt.catalog, league, refreshed),
        f"#{player.number} {player.name} joins the team for {gp(cost)}: no longer a journeyman "
        f"(no Loner), keeping his {player.spp} SPP.",
    )


async def keep_journeyman(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """Hire a journeyman who played, in the post-game: his hiring fee plus any value increase."""
    return await rt.db.write(_keep, rt, actor, league_ref, player)


def _hatred(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str, keyword: str
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    player = find_player(conn, team, player_ref)
    pending = [
        t
        for t in trait_store.of_team(conn, actor.guild_id, team.id, ("pending",))
        if t.player_id == player.id
    ]
    if not pending:
        raise Conflict(f"#{player.number} {player.name} has no Hatred to choose (Getting Even gives it).")
    trait = pending[0]
    chosen = next((o for o in trait.options if o.lower() == keyword.strip().lower()), None)
    if chosen is None:
        raise RuleViolation(f"#{player.number} {player.name} may hate: {', '.join(trait.options)}.")
    now = rt.clock.now()
    trait_store.choose(conn, actor.guild_id, trait.id, chosen, now)
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        actor_id=actor.user_id,
        action="player.hatred",
        now=now,
        detail={"team": team.name, "player": f"#{player.number} {player.name}", "hatred": chosen},
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    return DraftResult(
        build_sheet(conn, rt.catalog, league, refreshed),
        f"#{player.number} {player.name} now has Hatred ({chosen}): a grudge he may lose in the off-season.",
    )


async def choose_hatred(
    rt: Runtime, actor: Actor, league_ref: str | None, player: str, keyword: str
) -> DraftResult:
    """Getting Even gave a player Hatred: his coach picks the keyword among the opponents' ones."""
    return await rt.db.write(_hatred, rt, actor, league_ref, player, keyword)


def _hatred_options(
    conn: sqlite3.Connection, actor: Actor, league_ref: str | None, player_ref: str
) -> list[str]:
    try:
        team = own_team(conn, actor, find_league(conn, actor.guild_id, league_ref))
        player = find_player(conn, team, player_ref)
    except (NotFound, RuleViolation):
        return []
    pending = trait_store.of_team(conn, actor.guild_id, team.id, ("pending",))
    return next((list(t.options) for t in pending if t.player_id == player.id), [])


async def hatred_options(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> list[str]:
    """The keywords a player may come to hate (for autocomplete)."""
    return await rt.db.read(_hatred_options, actor, league_ref, player)


# --- submit and review ----------------------------------------------------------------------------------


def _submit(conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    if team.status == "submitted":
        raise Conflict(f"{team.name} is already waiting for the commissioner.")
    if team.status not in ("draft", "rejected"):
        raise Conflict(f"{team.name} is {team.status}.")
    roster = roster_of(rt.catalog, team)
    positions = squad_positions(rt.catalog, roster, team_store.players(conn, team))
    redraft = _open_redraft(conn, team)
    if redraft is not None:  # every purchase went through the treasury, so the budget holds already
        spent = redraft.budget - team.treasury
        check_redraft_submittable(positions, staffing_of(team), roster, rt.catalog.drafting)
    else:
        spent = league.settings.draft_budget - team.treasury
        check_submittable(
            roster, positions, staffing_of(team), rt.catalog.drafting, league.settings.draft_budget
        )
    team_store.set_status(conn, team, "submitted")
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        actor_id=actor.user_id,
        action="team.submit",
        now=rt.clock.now(),
        detail={"team": team.name, "spent": spent},
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    return DraftResult(
        build_sheet(conn, rt.catalog, league, refreshed),
        f"{team.name} is submitted: a commissioner will approve or reject it.",
    )


async def submit_team(rt: Runtime, actor: Actor, league_ref: str | None) -> DraftResult:
    return await rt.db.write(_submit, rt, actor, league_ref)


def _review(
    conn: sqlite3.Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    team_ref: str,
    approve: bool,
    reason: str | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = find_team(conn, actor.guild_id, team_ref, league)
    if team.status != "submitted":
        raise Conflict(f"{team.name} is {team.status}, not waiting for review.")
    if not approve and not reason:
        raise RuleViolation("Give the coach a reason for the rejection.")
    team_store.set_status(conn, team, "approved" if approve else "rejected", reason)
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        actor_id=actor.user_id,
        action="team.approve" if approve else "team.reject",
        now=rt.clock.now(),
        detail={"team": team.name, "coach": team.coach_id},
        reason=reason,
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    verdict = "approved" if approve else f"rejected: {reason}"
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), f"{team.name} is {verdict}")


async def review_team(
    rt: Runtime, actor: Actor, league_ref: str | None, team: str, *, approve: bool, reason: str | None = None
) -> DraftResult:
    """A commissioner approves or rejects a submitted team; the reason is kept in the audit log."""
    cleaned = " ".join((reason or "").split())[:300] or None
    return await rt.db.write(_review, rt, actor, league_ref, team, approve, cleaned)


# --- reading ----------------------------------------------------------------------------------------------


def _sheet(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None, team_ref: str | None
) -> TeamSheet:
    league = find_league(conn, actor.guild_id, league_ref)
    team = find_team(conn, actor.guild_id, team_ref, league) if team_ref else own_team(conn, actor, league)
    return build_sheet(conn, rt.catalog, league, team)


async def team_sheet(rt: Runtime, actor: Actor, league_ref: str | None, team: str | None = None) -> TeamSheet:
    """A team's draft list (the caller's own team when none is named)."""
    return await rt.db.read(_sheet, rt, actor, league_ref, team)


@dataclass(frozen=True)
class TeamChoice:
    id: int
    name: str
    roster: str
    status: str
    league_name: str


def _choices(conn: sqlite3.Connection, guild_id: int, league_ref: str | None) -> list[TeamChoice]:
    try:
        leagues = [find_league(conn, guild_id, league_ref)]
    except (NotFound, RuleViolation):
        from bot.store import leagues as league_store

        leagues = league_store.in_guild(conn, guild_id)
    return [
        TeamChoice(t.id, t.name, t.roster, t.status, league.name)
        for league in leagues
        for t in team_store.in_league(conn, guild_id, league.id)
        if t.status != "retired"
    ]


async def team_choices(rt: Runtime, guild_id: int, league_ref: str | None) -> list[TeamChoice]:
    """Teams for autocomplete, in the named league or every league of the server."""
    return await rt.db.read(_choices, guild_id, league_ref)


def _my_players(conn: sqlite3.Connection, actor: Actor, league_ref: str | None) -> list[PlayerRow]:
    try:
        league = find_league(conn, actor.guild_id, league_ref)
        team = own_team(conn, actor, league)
    except (NotFound, RuleViolation):
        return []
    return team_store.players(conn, team)


async def my_players(rt: Runtime, actor: Actor, league_ref: str | None) -> list[PlayerRow]:
    """The caller's players, for autocomplete (empty when they have no team)."""
    return await rt.db.read(_my_players, actor, league_ref)


def _my_roster(conn: sqlite3.Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> Team | None:
    try:
        return roster_of(rt.catalog, own_team(conn, actor, find_league(conn, actor.guild_id, league_ref)))
    except (NotFound, RuleViolation):
        return None


async def my_roster(rt: Runtime, actor: Actor, league_ref: str | None) -> Team | None:
    return await rt.db.read(_my_roster, rt, actor, league_ref)


def ensure_coach(team: TeamRow, actor: Actor) -> None:
    if team.coach_id != actor.user_id:
        raise NotAllowed(f"Only {team.name}'s coach can do that.")
