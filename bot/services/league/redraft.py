"""The off-season re-draft (seed 001, Off-season and Re-drafting), run by the coach, approved by a
commissioner.

`/redraft start`, once the league's season is over: rest and relaxation (every roll shown), the re-draft
budget (1,000,000 + treasury + the bonuses for last season's league fixtures, up to the league's cap),
and a fresh Team Draft List: the team is a draft again with no players and no staff. The coach re-hires
players from the previous list (current value + 20,000 per previous season, with their whole profile),
hires new ones and carries staff over at their standard cost with the usual drafting commands, and
submits; a commissioner approves as for a new team. Players not re-hired (temporarily retired ones
included) leave. A coach may instead retire the team and start a brand-new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot import i18n
from bot.errors import Conflict, NotFound
from bot.i18n import N_, _, ngettext
from bot.rules.dice import DieRoll, RecordingDice
from bot.rules.league.redraft import (
    LeagueRecord,
    RedraftBudget,
    check_may_redraft,
    check_off_season,
    check_rehire,
    hatred_checks,
    league_record,
    niggling_checks,
    redraft_budget,
    reduction_checks,
    rehire_cost,
)
from bot.rules.roster.team_building import check_hire, next_free_number
from bot.services.dice_logging import log_dice
from bot.services.league.leagues import find_league
from bot.services.roster.team_lookup import DraftResult, build_sheet, own_team, roster_of, squad_positions
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import postgame as postgame_store
from bot.store import redrafts as redraft_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.redrafts import Redraft
from bot.store.seasons import Season
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp

NOT_REHIRED = N_("off-season: not re-hired (yet)")


@dataclass(frozen=True)
class Veteran:
    """A player of the previous Team Draft List: what re-hiring him costs, and whether he was."""

    player: PlayerRow
    cost: int
    rehired: bool


@dataclass(frozen=True)
class RedraftView:
    result: DraftResult
    redraft: Redraft
    veterans: list[Veteran]


def _fixtures_played_line(record: LeagueRecord) -> str:
    """'12 fixtures played (1 double forfeit not counted)': only games actually played earn the bonus."""
    played = ngettext("{n} League Fixture played", "{n} League Fixtures played", record.played)
    forfeited = ngettext("{n} double forfeit", "{n} double forfeits", record.forfeited)
    conceded = ngettext(
        "{n} fixture conceded before the deadline",
        "{n} fixtures conceded before the deadline",
        record.conceded_unplayed,
    )
    if record.forfeited and record.conceded_unplayed:
        left_out = _("{first} and {second}", first=forfeited, second=conceded)
    elif record.forfeited or record.conceded_unplayed:
        left_out = forfeited if record.forfeited else conceded
    else:
        return played
    return _("{played} ({left_out} not counted)", played=played, left_out=left_out)


def _finished_season(conn: Connection, league: League) -> Season:
    return check_off_season(season_store.current_season(conn, league.guild_id, league.id))


def _rest_and_relaxation(
    conn: Connection, rt: Runtime, actor: Actor, team: TeamRow, squad: list[PlayerRow]
) -> list[str]:
    """Recoveries, niggling injuries, Hatred and retired players' reductions: every roll kept and shown."""
    rules = rt.catalog.season_end.rest_and_relaxation
    dice = RecordingDice(rt.dice)
    now = rt.clock.now()
    lines: list[str] = []
    rolls: list[DieRoll] = []
    grudges = trait_store.of_team(conn, team.guild_id, team.id, ("gained",))
    for player in squad:
        who = f"#{player.number} {player.name}"
        if player.miss_next_game:
            redraft_store.recover(conn, team, player.id, actor_id=actor.user_id, now=now)
            lines.append(_("{player} recovers: fit for the new season", player=who))
        if player.niggling_injuries:
            checks = niggling_checks(player.niggling_injuries, team.apothecary, dice, rules)
            rolls += [c.roll for c in checks]
            healed = sum(c.passed for c in checks)
            if healed:
                redraft_store.heal_niggling(conn, team, player.id, healed, actor_id=actor.user_id, now=now)
            lines += [f"{who}: {c}" for c in checks]
        hated = [t for t in grudges if t.player_id == player.id and t.parameter]
        for trait, (_keyword, check) in zip(
            hated, hatred_checks([t.parameter or "" for t in hated], dice, rules), strict=True
        ):
            rolls.append(check.roll)
            if check.passed:
                trait_store.set_status(conn, team.guild_id, trait.id, "lost", now)
            if check.passed:
                lines.append(
                    _("{player}: {check}: loses {trait}", player=who, check=check, trait=trait.label)
                )
            else:
                lines.append(f"{who}: {check}")
        if player.temporarily_retired:
            for characteristic, check in reduction_checks(
                redraft_store.reductions(conn, team.guild_id, player.id), team.apothecary, dice, rules
            ):
                rolls.append(check.roll)
                if check.passed:
                    redraft_store.heal_reduction(
                        conn, team, player.id, characteristic, actor_id=actor.user_id, now=now
                    )
                lines.append(_("{player} (retired for now): {check}", player=who, check=check))
    purpose = _("{team} off-season", team=team.name)
    log_dice(conn, rt, actor, rolls, purpose=purpose, league_id=team.league_id)
    return lines or [_("Nobody needed rest and relaxation.")]


def _season_to_leave(conn: Connection, actor: Actor, team: TeamRow, season: Season) -> int:
    """The id of the last season the team played, once it may re-draft: it played one, is approved, has
    not re-drafted since, and finished every post-game."""
    last = redraft_store.last_season_played(conn, actor.guild_id, team.id)
    redrafted = last is not None and redraft_store.for_season(conn, actor.guild_id, team.id, last) is not None
    unfinished = postgame_store.open_for_team(conn, actor.guild_id, team.id)
    return check_may_redraft(
        team.name,
        team.status,
        last_played=last,
        redrafted_for=season.number + 1 if redrafted else None,
        open_postgame=unfinished[0].fixture_id if unfinished else None,
    )


def _raise_funds(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    team: TeamRow,
    season: Season,
    last: int,
    now: datetime,
) -> tuple[RedraftBudget, list[str]]:
    """The re-draft budget from last season's league fixtures, made the team's treasury, and its lines."""
    record = league_record(redraft_store.league_results(conn, actor.guild_id, team.id, last))
    played, won, drawn = record.played, record.won, record.drawn
    rules = rt.catalog.season_end.redraft
    budget = redraft_budget(
        team.treasury, played, won, drawn, rules, league.settings.redraft_cap, not_played=record.not_played
    )
    lines = [
        _("**Raise funds**"),
        _fixtures_played_line(record),
        _(
            "{base} + treasury {treasury} + {played} played x {per_played} + {won} won x {per_win} + {drawn} "
            "drawn x {per_draw} = {raised}",
            base=gp(budget.base),
            treasury=gp(budget.treasury),
            played=played,
            per_played=gp(rules.per_fixture_played),
            won=won,
            per_win=gp(rules.per_win),
            drawn=drawn,
            per_draw=gp(rules.per_draw),
            raised=gp(budget.raised),
        ),
    ]
    if budget.lost:
        lines.append(_("Over the {cap} cap: {lost} is lost.", cap=gp(budget.cap or 0), lost=gp(budget.lost)))
    lines.append(_("Re-draft budget: **{budget}**", budget=gp(budget.budget)))
    cause = _(
        "re-draft for season {number}: budget {budget}", number=season.number + 1, budget=gp(budget.budget)
    )
    if budget.lost:
        cause = _("{cause} ({lost} over the cap lost)", cause=cause, lost=gp(budget.lost))
    team_store.change_treasury(
        conn, team, budget.budget - team.treasury, cause, actor_id=actor.user_id, now=now
    )
    return budget, lines


def _fresh_draft_list(
    conn: Connection, actor: Actor, team: TeamRow, everyone: list[PlayerRow], now: datetime
) -> list[str]:
    """Every player leaves (veterans may be re-hired) and the staff goes: the team is a draft again."""
    staff = [
        ngettext("{n} team re-roll", "{n} team re-rolls", team.rerolls),
        ngettext("{n} assistant coach", "{n} assistant coaches", team.assistant_coaches),
        ngettext("{n} cheerleader", "{n} cheerleaders", team.cheerleaders),
        _("an apothecary") if team.apothecary else _("no apothecary"),
    ]
    for player in everyone:
        why = _(NOT_REHIRED) if not player.journeyman else _("off-season: journeyman")
        postgame_store.leave(conn, team, player.id, why, actor_id=actor.user_id, now=now)
    team_store.set_staff(
        conn, team, rerolls=0, assistant_coaches=0, cheerleaders=0, apothecary=False, dedicated_fans=1
    )
    team_store.set_status(conn, team, "draft")
    return [
        _("**Re-draft**"),
        _(
            "A fresh Team Draft List. Last season: {staff}, {fans} dedicated fans: carry staff over at their "
            "standard cost with /team staff (dedicated fans 1-3, as for any draft).",
            staff=", ".join(staff),
            fans=team.dedicated_fans,
        ),
        _(
            "Re-hire players with /redraft rehire (current value + the agent's fee), hire new ones with "
            "/team hire, then /team submit. Players not re-hired leave the team."
        ),
    ]


def _start(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> RedraftView:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    season = _finished_season(conn, league)
    last = _season_to_leave(conn, actor, team, season)
    now = rt.clock.now()
    everyone = team_store.players(conn, team)
    squad = [p for p in everyone if not p.journeyman]
    with i18n.using(league.language):  # the summary is posted in the league's channel, and kept
        lines = [_("**Rest and relaxation**"), *_rest_and_relaxation(conn, rt, actor, team, squad)]
        budget, funds = _raise_funds(conn, rt, actor, league, team, season, last, now)
        lines += funds
        lines += _fresh_draft_list(conn, actor, team, everyone, now)
    redraft_store.insert(
        conn,
        team,
        after_season_id=last,
        budget=budget.budget,
        lost=budget.lost,
        previous_players=[p.id for p in squad],
        summary=lines,
        actor_id=actor.user_id,
        now=now,
    )
    audit.record_in(
        conn,
        league,
        actor.user_id,
        "team.redraft",
        now,
        {"team": team.name, "season": season.number + 1, "budget": budget.budget, "lost": budget.lost},
    )
    return _view(conn, rt, league, team.id, season)


async def start_redraft(rt: Runtime, actor: Actor, league_ref: str | None) -> RedraftView:
    """Rest and relaxation, raise funds, and a fresh Team Draft List for the coach's team."""
    return await rt.db.write(_start, rt, actor, league_ref)


def _view(conn: Connection, rt: Runtime, league: League, team_id: int, season: Season) -> RedraftView:
    team = team_store.get(conn, league.guild_id, team_id)
    assert team is not None
    last = redraft_store.last_season_played(conn, league.guild_id, team.id)
    redraft = None if last is None else redraft_store.for_season(conn, league.guild_id, team.id, last)
    if redraft is None:
        raise NotFound(_("{team} is not re-drafting: /redraft start begins it.", team=team.name))
    fee = rt.catalog.season_end.redraft
    veterans = []
    for player_id in redraft.previous_players:
        player = team_store.player(conn, team, player_id)
        if player is not None and player.status in ("active", "left"):
            cost = rehire_cost(player.current_value, player.seasons_played, fee)
            veterans.append(Veteran(player, cost, player.status == "active"))
    sheet = build_sheet(conn, rt.catalog, league, team)
    rehired = sum(v.rehired for v in veterans)
    message = ngettext(
        "{team}: re-draft budget {budget}, {left} left; {rehired} of {n} players re-hired.",
        "{team}: re-draft budget {budget}, {left} left; {rehired} of {n} players re-hired.",
        len(veterans),
        team=team.name,
        budget=gp(redraft.budget),
        left=gp(team.treasury),
        rehired=rehired,
    )
    return RedraftView(DraftResult(sheet, message), redraft, veterans)


def _current_redraft(
    conn: Connection, actor: Actor, league_ref: str | None
) -> tuple[League, TeamRow, Season]:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    season = _finished_season(conn, league)
    return league, team, season


def _show(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> RedraftView:
    league, team, season = _current_redraft(conn, actor, league_ref)
    return _view(conn, rt, league, team.id, season)


async def show_redraft(rt: Runtime, actor: Actor, league_ref: str | None) -> RedraftView:
    """The re-draft so far: budget, the previous players with what re-hiring each costs."""
    return await rt.db.read(_show, rt, actor, league_ref)


def _rehire(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> RedraftView:
    league, team, season = _current_redraft(conn, actor, league_ref)
    check_rehire(team.name, team.status)
    view = _view(conn, rt, league, team.id, season)
    veteran = _find_veteran(view.veterans, player_ref)
    if veteran.rehired:
        raise Conflict(
            _(
                "#{number} {player} is already re-hired.",
                number=veteran.player.number,
                player=veteran.player.name,
            )
        )
    roster = roster_of(rt.catalog, team)
    current = team_store.players(conn, team)
    positions = squad_positions(rt.catalog, roster, current)
    check_hire(roster, veteran.player.position, positions, rt.catalog.drafting)
    taken = [p.number for p in current]
    number = veteran.player.number if veteran.player.number not in taken else next_free_number(taken)
    now = rt.clock.now()
    fee = veteran.cost - veteran.player.current_value
    with i18n.using(league.language):  # kept in the team's ledger and the player's history
        cause = _(
            "re-draft: re-hire #{number} {player} (value {value} + agent's fee {fee})",
            number=number,
            player=veteran.player.name,
            value=gp(veteran.player.current_value),
            fee=gp(fee),
        )
        reason = _("re-hired for season {number}", number=season.number + 1)
    team_store.change_treasury(conn, team, -veteran.cost, cause, actor_id=actor.user_id, now=now)
    redraft_store.come_back(conn, team, veteran.player.id, number)
    postgame_store.record_change(
        conn,
        team,
        veteran.player.id,
        "status",
        fixture_id=None,
        actor_id=actor.user_id,
        now=now,
        detail={
            "status": "active",
            "reason": reason,
            "cost": veteran.cost,
        },
    )
    fresh = _view(conn, rt, league, team.id, season)
    values = {
        "number": number,
        "player": veteran.player.name,
        "cost": gp(veteran.cost),
        "value": gp(veteran.player.current_value),
        "fee": gp(fee),
    }
    if number != veteran.player.number:
        rehired = _(
            "Re-hired #{number} {player} (#{old} is taken: now #{number}) for {cost}: value {value} + {fee} "
            "agent's fee.",
            old=veteran.player.number,
            **values,
        )
    else:
        rehired = _("Re-hired #{number} {player} for {cost}: value {value} + {fee} agent's fee.", **values)
    message = rehired + " " + fresh.result.message
    return RedraftView(DraftResult(fresh.result.sheet, message), fresh.redraft, fresh.veterans)


def _find_veteran(veterans: list[Veteran], reference: str) -> Veteran:
    reference = reference.strip()
    for veteran in veterans:
        player = veteran.player
        if reference in (f"p:{player.id}", f"#{player.number}", str(player.number)):
            return veteran
        if reference.lower() == player.name.lower():
            return veteran
    raise NotFound(
        _(
            "`{reference}` is not a player of last season's list: /redraft show lists them.",
            reference=reference[:40],
        )
    )


async def rehire_player(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> RedraftView:
    """Re-hire a player of last season's list: current value + 20,000 per previous season he played."""
    return await rt.db.write(_rehire, rt, actor, league_ref, player)


def _retire(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> str:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    season = _finished_season(conn, league)
    with i18n.using(league.language):  # kept, and said in the league's channel
        why = _("retired by its coach after season {number}", number=season.number)
        said = _(
            "{team} retires; its record stays in the league's history. Start a new team with /team create.",
            team=team.name,
        )
    team_store.set_status(conn, team, "retired", why)
    audit.record_in(
        conn,
        league,
        actor.user_id,
        "team.retire",
        rt.clock.now(),
        {"team": team.name, "after_season": season.number},
    )
    return said


async def retire_team(rt: Runtime, actor: Actor, league_ref: str | None) -> str:
    """In the off-season a coach may retire the team instead of re-drafting it, and start a new one."""
    return await rt.db.write(_retire, rt, actor, league_ref)
