"""Long-term star contracts (seed 004), when the league uses them: the signing draft at the start of each
season, the contracts, and their end with the season.

The draft opens with the season: the first season's order is drawn from the hat (the draw is logged);
later, teams new to the league sign first in a drawn order, then the others from the bottom of last
season's table (the league as one division) to the top. The coach on the clock signs a star who plays for
his team, for free (a pair together); with none left, any unsigned star. Each pick has the league's time
limit and a reminder; a coach who runs out of time moves to the end of the order, and a commissioner may
sign for the team on the clock or skip it. Everything is announced in the league's channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot import i18n
from bot.errors import Conflict, NotAllowed, NotFound
from bot.i18n import _
from bot.rules.dice import RecordingDice, shuffle
from bot.rules.league.standings import GameResult
from bot.rules.league.star_drafts import (
    check_signable,
    familiar_face,
    later_signing_order,
    move_to_end,
    ranked_as_one_division,
    signing_options,
)
from bot.rules.roster.stars import StarUnit, star_units
from bot.services.dice_logging import log_dice
from bot.services.league.leagues import find_league
from bot.services.roster.teams import add_star_rows
from bot.services.runtime import BOT_USER, Actor, Runtime
from bot.store import announcements, audit
from bot.store import contracts as contract_store
from bot.store import leagues as league_store
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.contracts import Contract, SigningDraft
from bot.store.deadlines import Due
from bot.store.leagues import League
from bot.store.seasons import Season
from bot.store.teams import TeamRow
from bot.text import gp


@dataclass(frozen=True)
class DraftView:
    league: League
    season: Season
    draft: SigningDraft
    names: dict[int, str]  # team id -> name
    coaches: dict[int, int]  # team id -> coach id
    contracts: list[Contract]


def _clock_line(team: TeamRow, deadline_unix: int) -> str:
    return _(
        "On the clock: {team} (<@{coach}>), until <t:{deadline}:f>: /stars sign.",
        team=team.name,
        coach=team.coach_id,
        deadline=deadline_unix,
    )


def begin(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league: League,
    season: Season,
    team_ids: list[int],
    previous: tuple[list[int], list[GameResult]] | None,
) -> None:
    """Open the season's signing draft (called in the transaction that starts the season). `previous`:
    last season's teams and regular-season results, None in the league's first season."""
    dice = RecordingDice(rt.dice)
    if previous is None:
        order = shuffle(team_ids, dice)
    else:
        ranked = ranked_as_one_division(*previous, league.settings)
        existing = [t for t in ranked if t in team_ids]
        new = [t for t in team_ids if t not in existing]
        order = later_signing_order(new, existing, dice)
    now = rt.clock.now()
    teams = {t.id: t for t in team_store.in_league(conn, league.guild_id, league.id)}
    deadline = now + timedelta(hours=league.settings.signing_pick_hours)
    names = ", ".join(teams[t].name for t in order)
    with i18n.using(league.language):  # the draft's log and its announcement are the league channel's
        purpose = _("{league} season {number}: star signing order", league=league.name, number=season.number)
        if previous is None:
            order_line = _("Order (drawn from the hat): {teams}", teams=names)
        else:
            order_line = _(
                "Order (new teams first (drawn), then last season's teams from the bottom, as one table): "
                "{teams}",
                teams=names,
            )
        title = _(
            "{league} season {number}: star player signing draft", league=league.name, number=season.number
        )
        lines = [
            order_line,
            _(
                "Each team signs one star player for the whole season, free (he counts in team value), who "
                "plays for it; a pair signs together. Unsigned stars stay available as inducements "
                "(/stars unsigned)."
            ),
            _clock_line(teams[order[0]], int(deadline.timestamp())),
        ]
    if dice.rolls:
        log_dice(conn, rt, actor, dice.rolls, purpose=purpose, league_id=league.id)
    contract_store.insert_draft(
        conn, league.guild_id, season, order=order, deadline=deadline, log=[order_line], now=now
    )
    announcements.to_league(conn, league, title, lines, now, [teams[order[0]].coach_id])


def _move_on(
    conn: Connection,
    rt: Runtime,
    league: League,
    draft: SigningDraft,
    order: list[int],
    line: str,
    title: str,
) -> None:
    """Record what happened, give the next team on the clock a fresh time limit, and announce both."""
    deadline = rt.clock.now() + timedelta(hours=league.settings.signing_pick_hours)
    contract_store.save_draft(conn, draft, order=order, deadline=deadline, log=[*draft.log, line])
    lines, mentions = [line], []
    if order:
        nxt = team_store.get(conn, league.guild_id, order[0])
        assert nxt is not None
        with i18n.using(league.language):
            lines.append(_clock_line(nxt, int(deadline.timestamp())))
        mentions.append(nxt.coach_id)
    else:
        with i18n.using(league.language):
            lines.append(
                _("The signing draft is complete: /stars unsigned lists who is left for inducements.")
            )
    announcements.to_league(conn, league, title, lines, rt.clock.now(), mentions)


def _open_draft(conn: Connection, league: League) -> tuple[Season, SigningDraft]:
    season = season_store.current_season(conn, league.guild_id, league.id)
    draft = None if season is None else contract_store.draft_for_season(conn, league.guild_id, season.id)
    if season is None or draft is None:
        raise NotFound(
            _(
                "{league} has no star signing draft (the league setting star_contracts is off?).",
                league=league.name,
            )
        )
    if draft.status != "open":
        raise Conflict(_("The signing draft is over: every team has signed (or was skipped)."))
    return season, draft


def _signed(conn: Connection, league: League, season: Season) -> set[str]:
    return {
        m for c in contract_store.contracts_of_season(conn, league.guild_id, season.id) for m in c.members
    }


def _free_places(conn: Connection, rt: Runtime, team: TeamRow) -> int:
    return rt.catalog.drafting.max_players - len(team_store.players(conn, team))


def options(conn: Connection, rt: Runtime, league: League, team: TeamRow) -> tuple[list[StarUnit], bool]:
    season, _draft = _open_draft(conn, league)
    return signing_options(
        rt.catalog,
        star_units(rt.catalog),
        _signed(conn, league, season),
        team.roster,
        team.regional_league,
        team.alignment,
        _free_places(conn, rt, team),
    )


def _on_the_clock(conn: Connection, league: League, draft: SigningDraft) -> TeamRow:
    team = team_store.get(conn, league.guild_id, draft.order[0])
    assert team is not None
    return team


def _names(unit: StarUnit) -> tuple[str, ...]:
    """What a coach may type for a unit: its name or one of its members' (any case)."""
    return (unit.name.lower(), *(m.lower() for m in unit.members))


def _unit_to_sign(
    conn: Connection, rt: Runtime, league: League, season: Season, team: TeamRow, star: str
) -> tuple[StarUnit, bool]:
    """The unit the coach named among the team's options (and whether they are the fallback); refused
    with the reason when the star is unknown, already signed, too many for the roster or not eligible."""
    choices, fallback = options(conn, rt, league, team)
    wanted = star.strip().lower()
    unit = next((u for u in (*choices, *star_units(rt.catalog)) if wanted in _names(u)), None)
    if unit is None:
        raise NotFound(_("No star player called `{star}`: pick one from the list.", star=star[:40]))
    check_signable(unit, team.name, choices, _signed(conn, league, season), _free_places(conn, rt, team))
    return unit, fallback


def _signed_last_season(conn: Connection, league: League, season: Season, team: TeamRow) -> list[str]:
    previous = season_store.season_by_number(conn, league.guild_id, league.id, season.number - 1)
    if previous is None:
        return []
    return [
        c.star
        for c in contract_store.contracts_of_season(conn, league.guild_id, previous.id)
        if c.team_id == team.id
    ]


def _join_roster(
    conn: Connection, rt: Runtime, team: TeamRow, unit: StarUnit, contract_id: int, now: datetime
) -> None:
    """The unit's stars join the roster under the contract, on free numbers, each at his share of its cost."""
    for player in add_star_rows(conn, team, unit, unit.member_costs(), now):
        contract_store.link_player(conn, team.guild_id, player.id, contract_id)


def _sign(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    star: str,
    as_commissioner: bool,
) -> DraftView:
    league = find_league(conn, actor.guild_id, league_ref)
    season, draft = _open_draft(conn, league)
    team = _on_the_clock(conn, league, draft)
    if team.coach_id != actor.user_id and not as_commissioner:
        raise NotAllowed(
            _("It is {team}'s pick (<@{coach}>); wait for your turn.", team=team.name, coach=team.coach_id)
        )
    unit, fallback = _unit_to_sign(conn, rt, league, season, team, star)
    familiar = familiar_face(unit.name, _signed_last_season(conn, league, season, team))
    now = rt.clock.now()
    how = (
        "by the commissioner"
        if team.coach_id != actor.user_id
        else ("any unsigned" if fallback else "eligible")
    )
    contract_id = contract_store.insert_contract(
        conn, team, season, unit, familiar_face=familiar, how=how, actor_id=actor.user_id, now=now
    )
    _join_roster(conn, rt, team, unit, contract_id, now)
    with i18n.using(league.language):  # the draft's log and its announcement
        line = _(
            "{team} signs {star} ({cost} in team value)", team=team.name, star=unit.name, cost=gp(unit.cost)
        )
        if familiar:
            line = _("{signing}: a Familiar Face, without Loner this season", signing=line)
        if fallback:
            line = _("{signing} (no star who plays for them was left)", signing=line)
        if how == "by the commissioner":
            line = _("{signing} for them, by the commissioner", signing=line)
        title = _("{league}: {star} signs for {team}", league=league.name, star=unit.name, team=team.name)
    audit.record_in(
        conn,
        league,
        actor.user_id,
        "stars.sign",
        now,
        {"team": team.name, "star": unit.name, "familiar_face": familiar, "how": how},
    )
    _move_on(conn, rt, league, draft, list(draft.order[1:]), line, title)
    return _view(conn, league, season)


async def sign_star(
    rt: Runtime, actor: Actor, league_ref: str | None, star: str, *, as_commissioner: bool = False
) -> DraftView:
    """The coach on the clock (or a commissioner for him) signs a star for the season."""
    return await rt.db.write(_sign, rt, actor, league_ref, star, as_commissioner)


def _skip(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> DraftView:
    league = find_league(conn, actor.guild_id, league_ref)
    season, draft = _open_draft(conn, league)
    team = _on_the_clock(conn, league, draft)
    with i18n.using(league.language):
        line = _("{team} is skipped by the commissioner: no star this season.", team=team.name)
        title = _("{league}: signing draft", league=league.name)
    audit.record_in(conn, league, actor.user_id, "stars.skip", rt.clock.now(), {"team": team.name})
    _move_on(conn, rt, league, draft, list(draft.order[1:]), line, title)
    return _view(conn, league, season)


async def skip_team(rt: Runtime, actor: Actor, league_ref: str | None) -> DraftView:
    """A commissioner skips the team on the clock: it signs no star this season."""
    return await rt.db.write(_skip, rt, actor, league_ref)


def run_due(conn: Connection, rt: Runtime, due: Due) -> None:
    """A pick's time ran out (the coach goes to the end of the order), or its reminder is due."""
    draft = contract_store.draft_by_id(conn, due.guild_id, due.item_id)
    if draft is None or draft.status != "open" or draft.pick_deadline_at is None:
        return
    league = league_store.get(conn, due.guild_id, draft.league_id)
    assert league is not None
    team = _on_the_clock(conn, league, draft)
    now = rt.clock.now()
    if due.kind == "signing_reminder":
        if contract_store.claim_reminder(conn, draft, draft.pick_deadline_at):
            with i18n.using(league.language):
                title = _("{league}: signing draft reminder", league=league.name)
                line = _(
                    "{team} (<@{coach}>): your star pick ends <t:{deadline}:R>.",
                    team=team.name,
                    coach=team.coach_id,
                    deadline=int(draft.pick_deadline_at.timestamp()),
                )
            announcements.to_league(conn, league, title, [line], now, [team.coach_id])
        return
    if not contract_store.claim_timeout(conn, draft, now):
        return
    with i18n.using(league.language):
        line = _(
            "{team} ran out of time and moves to the end of the order (a commissioner may sign for it).",
            team=team.name,
        )
        title = _("{league}: signing draft", league=league.name)
    audit.record_in(conn, league, BOT_USER, "stars.timeout", now, {"team": team.name})
    _move_on(conn, rt, league, draft, move_to_end(list(draft.order), team.id), line, title)


def expire(conn: Connection, rt: Runtime, league: League, season: Season) -> None:
    """The season is over: every contract expires and the stars leave their rosters."""
    for player_id, team_id in contract_store.expire(conn, league.guild_id, season.id):
        team = team_store.get(conn, league.guild_id, team_id)
        assert team is not None
        with i18n.using(league.language):
            why = _("contract expired with season {number}", number=season.number)
        postgame_store.leave(conn, team, player_id, why, actor_id=BOT_USER, now=rt.clock.now())


def _view(conn: Connection, league: League, season: Season) -> DraftView:
    draft = contract_store.draft_for_season(conn, league.guild_id, season.id)
    if draft is None:
        raise NotFound(
            _("{league} season {number} has no star signing draft.", league=league.name, number=season.number)
        )
    teams = team_store.in_league(conn, league.guild_id, league.id)
    return DraftView(
        league,
        season,
        draft,
        {t.id: t.name for t in teams},
        {t.id: t.coach_id for t in teams},
        contract_store.contracts_of_season(conn, league.guild_id, season.id),
    )


def _read_view(conn: Connection, guild_id: int, league_ref: str | None) -> DraftView:
    league = find_league(conn, guild_id, league_ref)
    season = season_store.current_season(conn, guild_id, league.id)
    if season is None:
        raise NotFound(_("{league} has not started a season yet.", league=league.name))
    return _view(conn, league, season)


async def draft_view(rt: Runtime, guild_id: int, league_ref: str | None) -> DraftView:
    return await rt.db.read(_read_view, guild_id, league_ref)


def _my_options(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None
) -> tuple[list[StarUnit], bool]:
    try:
        league = find_league(conn, actor.guild_id, league_ref)
        _season, draft = _open_draft(conn, league)
    except (NotFound, Conflict):
        return [], False
    return options(conn, rt, league, _on_the_clock(conn, league, draft))


async def sign_options(rt: Runtime, actor: Actor, league_ref: str | None) -> tuple[list[StarUnit], bool]:
    """What the team on the clock may sign (for autocomplete): eligible stars, or the fallback."""
    return await rt.db.read(_my_options, rt, actor, league_ref)


def signed_stars(conn: Connection, guild_id: int, league_id: int) -> set[str]:
    """Stars under contract in the league's current season: not offered as inducements to anyone."""
    season = season_store.current_season(conn, guild_id, league_id)
    if season is None or season.status == "finished":
        return set()
    return {
        m
        for c in contract_store.contracts_of_season(conn, guild_id, season.id)
        if c.status == "active"
        for m in c.members
    }


@dataclass(frozen=True)
class StarMarket:
    league: League
    unsigned: list[StarUnit]
    signed: list[tuple[Contract, str]]  # contract and team name


def _market(conn: Connection, rt: Runtime, guild_id: int, league_ref: str | None) -> StarMarket:
    league = find_league(conn, guild_id, league_ref)
    taken = signed_stars(conn, guild_id, league.id)
    season = season_store.current_season(conn, guild_id, league.id)
    contracts = contract_store.contracts_of_season(conn, guild_id, season.id) if season else []
    names = {t.id: t.name for t in team_store.in_league(conn, guild_id, league.id)}
    return StarMarket(
        league,
        [u for u in star_units(rt.catalog) if not set(u.members) & taken],
        [(c, names.get(c.team_id, "?")) for c in contracts if c.status == "active"],
    )


async def market(rt: Runtime, guild_id: int, league_ref: str | None) -> StarMarket:
    """Unsigned stars (available as inducements) and the stars under contract, with their teams."""
    return await rt.db.read(_market, rt, guild_id, league_ref)
