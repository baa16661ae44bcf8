"""The post-game sequence run by the bot for both teams of a confirmed fixture, as the league's ruleset says.

On confirmation, in the same transaction as the confirmation itself, the ruleset (bot/rules/rulesets) works
out what happens and this module writes it: what is settled for both teams first (seed 001's Fan Factor,
seed 003's FAME), each team's winnings and lasting fans, Star Player Points and the MVP, the injuries
reported (and Getting Even where the ruleset has it), who leaves. Each team then finishes its post-game (its
coach, or a commissioner): expensive mistakes are rolled and players who missed this game recover. What a
friendly counts for beyond the ruleset's own post-game (its casualties, who stays out, the expensive
mistakes) is the ruleset's too (`Ruleset.friendlies`). Every die
is logged against the fixture; every change is a row tied to the fixture (the rows one team's part writes, and
its lines: services/match/postgame_steps.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot import failpoints, i18n
from bot.errors import Conflict, NotAllowed, NotFound
from bot.i18n import N_, _, ngettext
from bot.rules.dice import DieRoll
from bot.rules.match.match_result import ResultReport, Side
from bot.rules.match.postgame import (
    check_finishable,
    check_winnings_reroll,
    expensive_mistake,
    missed_players_recover,
)
from bot.rules.rulesets import Ruleset, ruleset
from bot.rules.rulesets.policy import Opening, PostgameGame, PostgameTeam, SquadMember
from bot.services.inputs import an_id
from bot.services.league import playoffs
from bot.services.league.leagues import find_league
from bot.services.match import postgame_order
from bot.services.match.postgame_steps import (
    Post,
    SideState,
    apply_injuries,
    award_spp,
    give_mvps,
    without,
    write_outcome,
)
from bot.services.roster.advancement import unfinished_advancements
from bot.services.roster.team_lookup import STAR_PREFIX, own_team
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament.tournaments import event_of_fixture
from bot.store import deadlines as deadline_store
from bot.store import leagues as league_store
from bot.store import postgame as postgame_store
from bot.store import pregame as pregame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.connection import Connection, Read, ahead, together
from bot.store.leagues import League
from bot.store.postgame import TeamPostgame
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow, TeamRow
from bot.text import gp

OTHER: dict[Side, Side] = {"home": "away", "away": "home"}
SIDES: tuple[Side, Side] = ("home", "away")


@dataclass(frozen=True)
class TeamSummary:
    team_id: int
    team_name: str
    coach_id: int
    lines: tuple[str, ...]
    finished: bool
    reroll_offered: bool = False  # the winner may still re-roll the winnings die (seed 003)
    treasury: int | None = None  # the team's treasury now (None: an event's team, which has none)
    spp: tuple[SppTotal, ...] = ()  # each player who earned SPP in this game, with his total now


@dataclass(frozen=True)
class SppTotal:
    number: int
    name: str
    total: int
    earned: int  # in this game


def summary_of(
    conn: Connection,
    team: TeamRow,
    fixture_id: int,
    lines: list[str] | tuple[str, ...],
    finished: bool,
    *,
    reroll_offered: bool = False,
    treasury: bool = True,
) -> TeamSummary:
    """A team's post-game as it reads now: its lines, then its treasury and the SPP totals this game
    changed (read in the caller's transaction)."""
    now, earned, everyone = together(conn, *_summary_reads(team, fixture_id))
    totals = tuple(SppTotal(p.number, p.name, p.spp, earned[p.id]) for p in everyone if p.id in earned)
    return TeamSummary(
        team.id,
        team.name,
        team.coach_id,
        tuple(lines),
        finished,
        reroll_offered,
        (now or team).treasury if treasury else None,
        totals,
    )


def _summary_reads(
    team: TeamRow, fixture_id: int
) -> tuple[Read[TeamRow | None], Read[dict[int, int]], Read[list[PlayerRow]]]:
    """What `summary_of` reads: the team (its treasury), the SPP this game gave and every player's total."""
    return (
        lambda c: team_store.get(c, team.guild_id, team.id),
        lambda c: postgame_store.spp_earned_in(c, team.guild_id, team.id, fixture_id),
        lambda c: team_store.players(c, team, include_gone=True),
    )


@dataclass(frozen=True)
class FinishedPostgame:
    """A finished post-game and its fixture, both read in the transaction that finished it."""

    fixture: Fixture
    summary: TeamSummary


def _league_of(conn: Connection, fx: Fixture) -> League:
    """The fixture's league (or event)."""
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    return league


def _ruleset_of(conn: Connection, rt: Runtime, fx: Fixture) -> Ruleset:
    """The ruleset of the fixture's league."""
    return ruleset(rt.catalog, _league_of(conn, fx).settings.ruleset)


def apply_confirmed(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport
) -> list[TeamSummary]:
    """The post-game sequence of the league's ruleset for both teams, in the confirming transaction. Called
    by services/match/confirmation.py, the one path by which a result becomes final. What it says is in the
    league's language: it is kept, and shown in the league's channel."""
    league = _league_of(conn, fx)
    with i18n.using(league.language):
        return _apply_confirmed(conn, rt, Post(conn, rt, actor, fx, league.language), report, league)


def _apply_confirmed(
    conn: Connection, rt: Runtime, post: Post, report: ResultReport, league: League
) -> list[TeamSummary]:
    fx, actor = post.fx, post.actor
    rs = ruleset(rt.catalog, league.settings.ruleset)
    sides, squads = _sides(post)
    game = PostgameGame(
        fx.kind == "friendly",
        report,
        PostgameTeam(sides["home"].team.name, sides["home"].team.dedicated_fans),
        PostgameTeam(sides["away"].team.name, sides["away"].team.dedicated_fans),
        pregame={
            step: row.result
            for step in rs.postgame_reads
            if (row := pregame_store.step(conn, fx.guild_id, fx.id, step)) is not None
        },
    )
    opening = rs.postgame_opening(game, rt.dice)
    # a pre-game step settled now is written as that step, so it is never rolled twice
    for step, result in opening.pregame.items():
        pregame_store.write(conn, fx.guild_id, fx.id, step, result, actor_id=actor.user_id, now=post.now)
    return [
        _apply_side(post, rs, game, opening, state, squads[side], sides[OTHER[side]].team)
        for side, state in sides.items()
    ]


def _apply_side(
    post: Post,
    rs: Ruleset,
    game: PostgameGame,
    opening: Opening,
    state: SideState,
    squad: list[PlayerRow],
    opponent: TeamRow,
) -> TeamSummary:
    """One team's part, as the ruleset decides it: its winnings and fans, Star Player Points and the MVP,
    the injuries (and Getting Even), who leaves; then its record. `squad`: its players as the post-game
    began (the other team's part changes none of them)."""
    side, team, data = state.side, state.team, game.report.side(state.side)
    state.lines += opening.lines.get(side, ())
    state.rolls += opening.rolls.get(side, ())
    absent = [p.id for p in squad if p.miss_next_game]
    friendly = rs.friendlies if game.friendly else None
    missed = absent if missed_players_recover(friendly is not None and friendly.missed_stay_out) else []
    outcome = rs.postgame_side(game, side, opening, post.rt.dice)
    write_outcome(post, state, outcome)
    if (awards := outcome.awards) is not None:
        if awards.spp:
            award_spp(post, state, data)
        give_mvps(post, state, awards.mvps, list(awards.nominees), squad, awards.max_nominees)
    badly_hurt = friendly is not None and friendly.casualties_badly_hurt
    apply_injuries(post, state, data, badly_hurt, opponent, rs.getting_even)
    members = [SquadMember(p.id, p.number, p.name, p.advancements) for p in squad]
    departures = rs.leavers(game, side, members, post.rt.dice)
    state.rolls += departures.rolls
    for leaving in departures.leaving:
        post.leave(team, leaving.player_id, leaving.reason)
        state.lines.append(leaving.line)
    return _record(
        post,
        state,
        missed,
        absent,
        fan_factor=opening.fan_factor.get(side),
        winnings_die=outcome.winnings_die,
        reroll_offered=outcome.reroll_offered,
    )


def _record(
    post: Post,
    state: SideState,
    missed: list[int],
    absent: list[int],
    *,
    fan_factor: int | None = None,
    winnings_die: int | None = None,
    reroll_offered: bool = False,
) -> TeamSummary:
    """One team's post-game, worked out: who recovers at Finish (`missed`; after a friendly `absent`
    players stay out), the record with its summary, and its dice logged. Every sequence ends here."""
    if missed:
        state.lines.append(
            ngettext(
                "{n} player who missed this game recover when the post-game is finished",
                "{n} players who missed this game recover when the post-game is finished",
                len(missed),
            )
        )
    elif absent:
        state.lines.append(
            ngettext(
                "A friendly does not count: {n} player still out for the next game",
                "A friendly does not count: {n} players still out for the next game",
                len(absent),
            )
        )
    team = state.team
    postgame_store.insert(
        post.conn,
        team,
        fixture_id=post.fx.id,
        fan_factor=fan_factor,
        winnings=state.earned,
        fans_before=team.dedicated_fans,
        fans_after=state.fans_after,
        missed_player_ids=missed,
        summary=state.lines,
        now=post.now,
        winnings_die=winnings_die,
        winnings_reroll="offered" if reroll_offered else None,
    )
    post.log(state.rolls, team)
    return summary_of(
        post.conn,
        team,
        post.fx.id,
        state.lines,
        False,
        reroll_offered=reroll_offered,
        treasury=event_of_fixture(post.conn, post.fx) is None,
    )


def _sides(post: Post) -> tuple[dict[Side, SideState], dict[Side, list[PlayerRow]]]:
    """Both teams of a confirmed fixture, as the post-game works them out (contracted stars marked), and
    their players (each pair read together)."""
    fx = post.fx
    home, away = together(
        post.conn,
        lambda c: team_store.get(c, fx.guild_id, fx.home_team_id),
        lambda c: team_store.get(c, fx.guild_id, fx.away_team_id),
    )
    assert home is not None and away is not None
    squads = dict(
        zip(
            SIDES,
            together(post.conn, lambda c: team_store.players(c, home), lambda c: team_store.players(c, away)),
            strict=True,
        )
    )
    sides = {
        side: SideState(
            side,
            team,
            team.dedicated_fans,
            frozenset(p.id for p in squads[side] if p.star_contract is not None),
        )
        for side, team in zip(SIDES, (home, away), strict=True)
    }
    return sides, squads


# Who may act on a team's post-game, by what they do (worded: _(DOING[doing], team=...)).
DOING = {
    "reroll": N_("Only {team}'s coach (or a commissioner) re-rolls its winnings."),
    "finish": N_("Only {team}'s coach (or a commissioner) finishes its post-game."),
}


def _own_postgame(
    conn: Connection,
    actor: Actor,
    fixture_id: int,
    team_id: int,
    as_commissioner: bool,
    doing: Literal["reroll", "finish"],
) -> tuple[TeamRow, Fixture, TeamPostgame]:
    """A team's post-game that the actor may act on: its coach, or a commissioner."""
    team, fx, record = together(
        conn,
        lambda c: team_store.get(c, actor.guild_id, team_id),
        lambda c: season_store.fixture(c, actor.guild_id, fixture_id),
        lambda c: postgame_store.get(c, actor.guild_id, fixture_id, team_id),
    )
    if team is None or fx is None:
        raise NotFound(_("That post-game does not exist on this server."))
    if team.coach_id != actor.user_id and not as_commissioner:
        raise NotAllowed(_(DOING[doing], team=team.name))
    if record is None:
        raise NotFound(
            _("{team} has no post-game for fixture #{fixture}.", team=team.name, fixture=fixture_id)
        )
    return team, fx, record


def _reroll_winnings(
    conn: Connection, rt: Runtime, actor: Actor, fixture_id: int, team_id: int, as_commissioner: bool
) -> FinishedPostgame:
    team, fx, record = _own_postgame(conn, actor, fixture_id, team_id, as_commissioner, "reroll")
    check_winnings_reroll(record.winnings_reroll, record.status == "open", team.name, fx.label)
    league = _league_of(conn, fx)
    rs = ruleset(rt.catalog, league.settings.ruleset)
    with i18n.using(league.language):  # its line joins the post-game's, kept and shown in the channel
        rerolled = rs.reroll_winnings(
            record.winnings, record.winnings_die or 0, fx.kind == "friendly", rt.dice
        )
        cause = _("winnings re-roll: {match}", match=fx.label)
    rerolled.check_treasury(team.treasury)
    summary = [*record.summary, rerolled.line]
    if not postgame_store.use_winnings_reroll(
        conn, actor.guild_id, record.id, die=rerolled.die.total, winnings=rerolled.amount, summary=summary
    ):
        raise Conflict(_("{team}'s winnings re-roll is already used.", team=team.name))
    if rerolled.difference:
        team_store.change_treasury(
            conn,
            team,
            rerolled.difference,
            cause,
            actor_id=actor.user_id,
            now=rt.clock.now(),
            fixture_id=fx.id,
        )
    Post(conn, rt, actor, fx, league.language).log([rerolled.die], team)
    return FinishedPostgame(fx, summary_of(conn, team, fx.id, summary, False))


async def reroll_winnings(
    rt: Runtime, actor: Actor, fixture_id: int, team_id: int, *, as_commissioner: bool = False
) -> FinishedPostgame:
    """Seed 003: the winner re-rolls the winnings die once and keeps the second result; the difference is one
    treasury row. A second click, the loser, or a finished post-game is refused."""
    an_id(fixture_id, _("fixture"))
    an_id(team_id, _("team"))
    return await rt.db.write_step(
        failpoints.POSTGAME, _reroll_winnings, rt, actor, fixture_id, team_id, as_commissioner
    )


def apply_tournament(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    report: ResultReport,
    *,
    injuries: bool,
    advancement: bool,
) -> list[TeamSummary]:
    """A tournament game's part of the post-game (seed 000, Additional rules), for an event that keeps
    injuries or lets players advance: Star Player Points and the MVP as in a league (`advancement`; spent
    with /advance before the post-game is finished), the reported casualties kept (`injuries`: missing the
    next game, lasting injuries, deaths; no Getting Even). No winnings, no fan rolls, no expensive mistakes.
    Each team then finishes its post-game as in a league, and players who missed this game recover. What it
    says is in the event's language."""
    event = _league_of(conn, fx)
    with i18n.using(event.language):
        return _apply_tournament(Post(conn, rt, actor, fx, event.language), report, injuries, advancement)


def _apply_tournament(
    post: Post, report: ResultReport, injuries: bool, advancement: bool
) -> list[TeamSummary]:
    conn, fx = post.conn, post.fx
    summaries: list[TeamSummary] = []
    teams = {
        side: team_store.get(conn, fx.guild_id, team_id)
        for side, team_id in zip(SIDES, (fx.home_team_id, fx.away_team_id), strict=True)
    }
    for side in SIDES:
        team, opponent = teams[side], teams[OTHER[side]]
        assert team is not None and opponent is not None
        # gold piece escalation: the roster of the game's round (the MVP is never a player joining later)
        squad = escalation.fielded(conn, fx, team, team_store.players(conn, team))
        stars = frozenset(
            p.id for p in squad if p.star_contract is not None or p.position.startswith(STAR_PREFIX)
        )
        mercenaries = frozenset(p.id for p in squad if p.mercenary)  # BB2025: no SPP, never the MVP
        state = SideState(side, team, team.dedicated_fans, stars, mercenaries)
        data = report.side(side)
        missed = [p.id for p in squad if p.miss_next_game]
        if advancement:
            if report.conceded_by == side and report.concession_penalty:
                state.lines.append(_("No SPP and no MVP: the team conceded"))
            elif report.unplayed == "forfeit":
                state.lines.append(_("No SPP and no MVP: not played"))
            else:
                award_spp(post, state, data)
                nominees = [line.player_id for line in data.players if line.mvp_nomination]
                give_mvps(post, state, 1, nominees, squad)
        if injuries:
            apply_injuries(post, state, data, False, opponent, getting_even=False)
        summaries.append(_record(post, state, missed, missed))
    return summaries


def _check_finishable(conn: Connection, rt: Runtime, team: TeamRow) -> None:
    """A coach finishes once the Getting Even grudges have their keyword and the advancements are taken."""
    waiting, hatred = together(
        conn,
        lambda c: unfinished_advancements(c, rt, team),
        lambda c: trait_store.of_team(c, team.guild_id, team.id, ("pending",)),
    )
    numbers: dict[int, int] = {}
    if hatred:
        numbers = {p.id: p.number for p in team_store.players(conn, team)}
    check_finishable([numbers.get(t.player_id, "?") for t in hatred], waiting)


def _expensive_mistakes(post: Post, team_id: int, rolls: list[DieRoll], lines: list[str]) -> None:
    """Expensive mistakes, after any hiring: rolled on the treasury the team holds now."""
    current = team_store.get(post.conn, post.actor.guild_id, team_id)
    assert current is not None
    table = post.rt.catalog.expensive_mistakes
    mistake = expensive_mistake(current.treasury, table, post.rt.dice)
    if mistake is None:
        lines.append(
            _(
                "Expensive mistakes: no roll (treasury {treasury} is under {threshold})",
                treasury=gp(current.treasury),
                threshold=gp(table.threshold),
            )
        )
        return
    rolls += mistake.rolls
    shown = ", ".join(without(r, "expensive mistakes") for r in mistake.rolls)
    values = {"outcome": mistake.outcome.name, "rolls": shown, "lost": gp(mistake.lost)}
    if mistake.lost:
        lines.append(_("Expensive mistakes: {outcome} ({rolls}): lost {lost}", **values))
        post.pay(current, -mistake.lost, _("expensive mistakes: {outcome}", outcome=mistake.outcome.name))
    else:
        lines.append(_("Expensive mistakes: {outcome} ({rolls})", **values))


def _finish(
    conn: Connection, rt: Runtime, actor: Actor, fixture_id: int, team_id: int, as_commissioner: bool
) -> FinishedPostgame:
    team, fx, record = _own_postgame(conn, actor, fixture_id, team_id, as_commissioner, "finish")
    if record.status == "finished":
        raise Conflict(
            _("{team}'s post-game for {match} is already finished.", team=team.name, match=fx.label)
        )
    # read below whoever finishes, sent with the checks' reads (PostgreSQL)
    ahead(conn, lambda c: _league_of(c, fx), lambda c: team_store.journeymen_of(c, team, fx.id))
    if not as_commissioner:
        _check_finishable(conn, rt, team)
    league = _league_of(conn, fx)
    post = Post(conn, rt, actor, fx, league.language)
    lines = list(record.summary)
    rolls: list[DieRoll] = []
    tournament = event_of_fixture(conn, fx) is not None
    with i18n.using(league.language):  # the post-game's lines, kept and shown in the channel
        # a tournament has no treasury to lose; a friendly rolls them where the ruleset says (seed 003)
        rules = ruleset(rt.catalog, league.settings.ruleset)
        if not tournament and (fx.kind != "friendly" or rules.friendlies.expensive_mistakes):
            _expensive_mistakes(post, team_id, rolls, lines)
        for journeyman in team_store.journeymen_of(conn, team, fx.id):  # those not hired are lost
            post.leave(team, journeyman.id, _("journeyman not hired"))
            lines.append(_("Journeyman #{number} leaves (not hired)", number=journeyman.number))
        finished = _("Post-game finished")
    # Prepare for the next fixture: players who missed this game recover.
    postgame_store.recover(
        conn, team, list(record.missed_player_ids), fixture_id=fx.id, actor_id=actor.user_id, now=post.now
    )
    final = team_store.get(conn, actor.guild_id, team_id)
    assert final is not None
    lines.append(finished)
    _finish_reads_ahead(conn, rt, fx, final, tournament)
    if not postgame_store.finish(
        conn, actor.guild_id, record.id, summary=lines, actor_id=actor.user_id, now=post.now
    ):
        raise Conflict(_("{team}'s post-game is already finished.", team=team.name))
    post.log(rolls, team)
    if not tournament:
        playoffs.after_postgame(conn, rt, fx)  # the season may be over: prizes and the League Trophy
    postgame_order.release_held(conn, rt, final, fx)  # what waited for this post-game goes ahead
    return FinishedPostgame(fx, summary_of(conn, final, fx.id, lines, True, treasury=not tournament))


def _finish_reads_ahead(conn: Connection, rt: Runtime, fx: Fixture, team: TeamRow, tournament: bool) -> None:
    """What a finish reads after its writes (the season, whose prizes may be due; the fixtures held for the
    team; the summary), sent with the finish's own answer on PostgreSQL (`connection.ahead`)."""
    season_id = fx.season_id
    if not tournament and season_id is not None:
        ahead(
            conn,
            lambda c: season_store.current_season(c, fx.guild_id, fx.league_id),
            lambda c: season_store.divisions(c, fx.guild_id, season_id),
        )
    now = rt.clock.now()
    ahead(
        conn,
        lambda c: deadline_store.overdue_of_team(c, team.guild_id, team.id, now),
        *_summary_reads(team, fx.id),
    )


async def finish_postgame(
    rt: Runtime, actor: Actor, fixture_id: int, team_id: int, *, as_commissioner: bool = False
) -> FinishedPostgame:
    """Roll expensive mistakes and prepare the team for its next fixture; a second click changes nothing.

    Returns the team's summary with the fixture, both from this one transaction (what the Finish button
    shows needs no second read)."""
    an_id(fixture_id, _("fixture"))
    an_id(team_id, _("team"))
    return await rt.db.write_step(failpoints.FINISH, _finish, rt, actor, fixture_id, team_id, as_commissioner)


def open_postgames(conn: Connection, guild_id: int, team: TeamRow) -> list[TeamPostgame]:
    return postgame_store.open_for_team(conn, guild_id, team.id)


@dataclass(frozen=True)
class OpenPostgame:
    fixture: Fixture
    summary: TeamSummary


def _open_of(conn: Connection, actor: Actor, league_ref: str | None) -> list[OpenPostgame]:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    found = []
    for open_one in postgame_store.open_for_team(conn, actor.guild_id, team.id):
        fx = season_store.fixture(conn, actor.guild_id, open_one.fixture_id)
        if fx is not None:
            offered = open_one.winnings_reroll == "offered"
            found.append(
                OpenPostgame(
                    fx, summary_of(conn, team, fx.id, open_one.summary, False, reroll_offered=offered)
                )
            )
    if not found:
        raise NotFound(_("{team} has no post-game open: nothing to finish.", team=team.name))
    return found


async def open_postgames_of(rt: Runtime, actor: Actor, league_ref: str | None) -> list[OpenPostgame]:
    """The caller's team's open post-game(s) as their Finish message shows them: to show it again when that
    message was lost (the bot stopped just after the confirmation, or Discord failed to post it)."""
    return await rt.db.read(_open_of, actor, league_ref)
