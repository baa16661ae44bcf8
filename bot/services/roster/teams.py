"""Drafting a team (seed 001, Drafting a Blood Bowl Team): create it, hire and fire players, name and
number them, set re-rolls, staff and dedicated fans, submit it, and the commissioner's review; and a
team's Team Draft List. Hiring, firing and staff work in the post-game sequence too (firing there is
postgame_roster.py's); the look-ups other services share are in team_lookup.py."""

from __future__ import annotations

from dataclasses import replace

from bot.catalog.models import Team
from bot.errors import Conflict, RuleViolation
from bot.rules.league.redraft import rehire_cost
from bot.rules.roster.staff import staff_changes
from bot.rules.roster.team_building import (
    Staffing,
    check_hire,
    check_redraft_submittable,
    check_submittable,
    next_free_number,
)
from bot.rules.rulesets import ruleset
from bot.services.league.leagues import clean_name, find_league
from bot.services.match.postgame_roster import fire_in_postgame
from bot.services.roster.team_lookup import (
    Changeable,
    DraftResult,
    TeamSheet,
    build_sheet,
    changeable,
    find_player,
    find_position,
    find_roster,
    find_team,
    limit_positions,
    open_redraft,
    own_team,
    roster_of,
    squad_positions,
    staffing_of,
)
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp, plural

MAX_HIRE_AT_ONCE = 16


def _changeable(conn: Connection, team: TeamRow) -> Changeable:
    """The team, if it may change now; draft changes are allowed until approval, and changing a submitted
    or rejected team makes it a draft again."""
    change = changeable(conn, team)
    if not change.drafting or team.status == "draft":
        return change
    team_store.set_status(conn, team, "draft", team.review_note)
    refreshed = team_store.get(conn, team.guild_id, team.id)
    assert refreshed is not None
    return Changeable(refreshed, None)


# --- create -------------------------------------------------------------------------------------------


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
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    name: str,
    roster_ref: str,
    regional_league: str | None,
    alignment: str | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    return create_in(conn, rt, actor, league, name, roster_ref, regional_league, alignment)


def create_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    name: str,
    roster_ref: str,
    regional_league: str | None,
    alignment: str | None,
) -> DraftResult:
    """The drafting sequence's first step in a competition already found (a league, or a tournament whose
    LeagueSettings carry the event's Team Draft Budget): the caller's transaction, no look-up of its own."""
    existing = team_store.by_coach(conn, actor.guild_id, league.id, actor.user_id)
    if existing is not None:
        raise Conflict(
            f"You already coach {existing.name} in {league.name}; a coach has one team per {league.kind}."
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
        sheet,
        f"{name} ({roster.name}) is drafting with {gp(budget)}. "
        f"Hire players with {'/roster' if league.is_tournament else '/team'} hire.",
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


def _hire(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    position_ref: str,
    count: int,
    name: str | None,
    number: int | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    return hire_in(conn, rt, actor, league, position_ref, count, name, number)


def hire_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    position_ref: str,
    count: int,
    name: str | None,
    number: int | None,
) -> DraftResult:
    """Hire players for the caller's team in `league` (a league or an event), in the caller's transaction."""
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


def _fire(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> DraftResult:
    return fire_in(conn, rt, actor, find_league(conn, actor.guild_id, league_ref), player_ref)


def fire_in(conn: Connection, rt: Runtime, actor: Actor, league: League, player_ref: str) -> DraftResult:
    """Release one of the caller's players in `league`, in the caller's transaction."""
    player = find_player(conn, own_team(conn, actor, league), player_ref)
    if player.star_contract is not None:
        raise RuleViolation(
            f"{player.name} is under contract for the season: a star signed this way is never fired."
        )
    change = _changeable(conn, own_team(conn, actor, league))
    team = change.team
    now = rt.clock.now()
    if not change.drafting:
        return fire_in_postgame(conn, rt, actor, league, change, player)
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
    conn: Connection, rt: Runtime, actor: Actor, team: TeamRow, player: PlayerRow
) -> int | None:
    """A veteran re-hired in this re-draft, released again: he goes back to last season's list and what he
    cost comes back. None for anyone else."""
    redraft = open_redraft(conn, team)
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


async def fire_player(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """While drafting, a released player is refunded in full: he was never part of the league. In the
    post-game a fired player leaves without a refund."""
    return await rt.db.write(_fire, rt, actor, league_ref, player)


def _rename(
    conn: Connection,
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
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    wanted: dict[str, int | bool | None],
) -> DraftResult:
    return staff_in(conn, rt, actor, find_league(conn, actor.guild_id, league_ref), wanted)


def staff_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    wanted: dict[str, int | bool | None],
) -> DraftResult:
    """Set the caller's re-rolls, staff and fans in `league` (None keeps one), in the caller's transaction."""
    change = _changeable(conn, own_team(conn, actor, league))
    team = change.team
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
    priced = (current, new)
    if league.is_tournament:  # seed 000 prices Dedicated Fans apart (tournament_entries.set_fans)
        start = rt.catalog.drafting.dedicated_fans.start
        new = replace(new, dedicated_fans=current.dedicated_fans)
        priced = (replace(current, dedicated_fans=start), replace(new, dedicated_fans=start))
    changes = staff_changes(
        roster_of(rt.catalog, team),
        *priced,
        rt.catalog.drafting,
        drafting=change.drafting,
        rerolls_removable=ruleset(rt.catalog, league.settings.ruleset).rerolls_removable,
    )
    now = rt.clock.now()
    for staff in changes:
        if not change.drafting and staff.delta < 0:
            continue  # post-game: let go without a refund
        if change.drafting:
            verb = "bought" if staff.delta > 0 else "sold back"
            reason = f"draft: {verb} {abs(staff.delta)} {staff.item}"
        else:
            reason = f"post-game: hired {staff.delta} {staff.item}"
        team_store.change_treasury(
            conn,
            team,
            staff.treasury_change,
            reason,
            actor_id=actor.user_id,
            now=now,
            fixture_id=change.postgame_fixture,
        )
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
    summary = ", ".join(f"{c.item} {c.before}→{c.after}" for c in changes)
    message = (
        f"Changed {summary}" if changes else "Nothing changed"
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


# --- submit and review ----------------------------------------------------------------------------------


def _submit(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    if team.status == "submitted":
        raise Conflict(f"{team.name} is already waiting for the commissioner.")
    if team.status not in ("draft", "rejected"):
        raise Conflict(f"{team.name} is {team.status}.")
    roster = roster_of(rt.catalog, team)
    positions = squad_positions(rt.catalog, roster, team_store.players(conn, team))
    redraft = open_redraft(conn, team)
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
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    team_ref: str,
    approve: bool,
    reason: str | None,
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    return review_in(conn, rt, actor, league, team_ref, approve, reason)


def review_in(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    team_ref: str,
    approve: bool,
    reason: str | None,
) -> DraftResult:
    """Approve or reject a submitted team of `league`, in the caller's transaction."""
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
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, team_ref: str | None
) -> TeamSheet:
    league = find_league(conn, actor.guild_id, league_ref)
    team = find_team(conn, actor.guild_id, team_ref, league) if team_ref else own_team(conn, actor, league)
    return build_sheet(conn, rt.catalog, league, team)


async def team_sheet(rt: Runtime, actor: Actor, league_ref: str | None, team: str | None = None) -> TeamSheet:
    """A team's draft list (the caller's own team when none is named)."""
    return await rt.db.read(_sheet, rt, actor, league_ref, team)
