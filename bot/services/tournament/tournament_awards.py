"""Tournament awards, votes and the end of the event (seed 000, Awards).

`vote`: a coach's Favourite Opponent (and Best Painted) vote, secret, replaceable while the event runs.
`choose_best_painted`: the organiser's Best Painted choice, when the rulespack says the organiser chooses.
`finish`: the organiser ends the event (refused while a round is unpaired or a game unconfirmed, unless
forced) and the final rankings and awards are announced. `awards`: the awards as they stand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot import i18n
from bot.errors import Conflict, InvalidInput, NotAllowed
from bot.i18n import N_, _
from bot.rules.match.tallies import player_tallies
from bot.rules.statuses import fixture_status
from bot.rules.tournament.tournament_awards import (
    Award,
    check_candidate,
    check_favourite_opponent,
    check_finishable,
    check_painted_choice,
    check_painted_vote,
    check_voting_open,
    team_totals,
)
from bot.rules.tournament.tournament_awards import awards as compute_awards
from bot.rules.tournament.tournament_scoring import RankingRow
from bot.rules.tournament.tournament_teams import SquadRow
from bot.services.roster.team_lookup import find_team
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournament_squads import SquadStanding, squad_standings
from bot.services.tournament.tournaments import Event, Played, find_event, played, ranking
from bot.store import announcements, audit
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow
from bot.store.tournament_squads import Squad


@dataclass(frozen=True)
class Standing:
    """The rankings and the awards as they stand (final once the event is finished)."""

    event: Event
    rows: list[RankingRow[int]]
    awards: list[Award[int]]
    teams: dict[int, TeamRow]
    not_counted: tuple[str, ...] = ()  # games not confirmed when the event was finished
    squads: tuple[SquadStanding, ...] = ()  # a team event's squad ranking (seed 000, Team Events)

    @property
    def final(self) -> bool:
        return self.event.status == "finished"


def _tiers(rt: Runtime, state: Played) -> dict[int, int]:
    found: dict[int, int] = {}
    for team_id, team in state.teams.items():
        roster = rt.catalog.teams.get(team.roster)
        if roster is not None:
            found[team_id] = state.event.rulespack.tier_of(roster.id, roster.tier)
    return found


def standing_of(conn: Connection, rt: Runtime, event: Event) -> Standing:
    """The event's rankings and awards from its confirmed games, Byes and votes."""
    state = played(conn, event)
    rows = ranking(rt, state)
    scoring = rt.catalog.tournament.scoring
    found = compute_awards(
        rows,
        team_totals(scoring, state.games, state.view(scoring).ranked_byes),  # the rankings' Byes
        player_tallies(state.reports),
        state.sporting_votes,
        _tiers(rt, state),
        best_painted=event.rulespack.best_painted,
        painted_votes=state.painted_votes,
        painted_choice=event.tournament.best_painted,
        spare=state.spare_team_id,
        stunty_tier=rt.catalog.tournament.stunty_tier,
        stunty_cup=not event.rulespack.stunty,
    )
    return Standing(event, rows, found, state.teams, squads=tuple(squad_standings(conn, rt, event, state)))


async def awards(rt: Runtime, guild_id: int, reference: str | None) -> Standing:
    """The rankings and awards as they stand (provisional until the event is finished)."""

    def _read(conn: Connection) -> Standing:
        return standing_of(conn, rt, find_event(conn, guild_id, reference))

    return await rt.db.read(_read)


# --- votes ---


@dataclass(frozen=True)
class Ballot:
    """What a coach's vote now is (told to them alone: votes are secret)."""

    event: Event
    voter: TeamRow
    opponent: TeamRow
    painted: TeamRow | None


def _voter(conn: Connection, actor: Actor, event: Event) -> TeamRow:
    team = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
    entry = None if team is None else tournament_store.entry(conn, actor.guild_id, team.id)
    if team is None or entry is None or entry.league_id != event.id or team.status != "approved":
        raise NotAllowed(_("Only coaches with an approved roster in {event} vote.", event=event.name))
    return team


def _candidate(conn: Connection, event: Event, reference: str, voter: TeamRow | None = None) -> TeamRow:
    """The team named for an award (a vote, the organiser's Best Painted), as the rules allow it."""
    team = find_team(conn, event.league.guild_id, reference, event.league)
    entry = tournament_store.entry(conn, event.league.guild_id, team.id)
    check_candidate(
        team.name,
        event.name,
        approved=entry is not None and team.status == "approved",
        spare=entry is not None and entry.spare,
        own=voter is not None and team.id == voter.id,
    )
    return team


def _opponents(conn: Connection, actor: Actor, reference: str | None) -> list[TeamRow]:
    event = find_event(conn, actor.guild_id, reference)
    mine = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
    if mine is None:
        return []
    state = played(conn, event)
    met = {g.second if g.first == mine.id else g.first for g in state.games if mine.id in (g.first, g.second)}
    return [state.teams[t] for t in sorted(met) if t != state.spare_team_id and t in state.teams]


async def opponents(rt: Runtime, actor: Actor, reference: str | None) -> list[TeamRow]:
    """The teams the coach has played in confirmed games (whom he may vote for), the Spare Player left out."""
    return await rt.db.read(_opponents, actor, reference)


def _vote(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    opponent_ref: str,
    painted_ref: str | None,
) -> Ballot:
    event = find_event(conn, actor.guild_id, reference)
    check_voting_open(event.name, event.status)
    voter = _voter(conn, actor, event)
    opponent = _candidate(conn, event, opponent_ref, voter)
    games = season_store.fixtures(conn, actor.guild_id, league_id=event.id, team_id=voter.id)
    met = {
        f.home_team_id if f.away_team_id == voter.id else f.away_team_id
        for f in games
        if f.status == "confirmed"
    }
    check_favourite_opponent(opponent.name, opponent.id in met)
    painted = None
    if painted_ref is not None:
        check_painted_vote(event.name, event.rulespack.best_painted)
        painted = _candidate(conn, event, painted_ref, voter)
    now = rt.clock.now()
    tournament_store.cast_vote(conn, actor.guild_id, event.id, "sporting", voter.id, opponent.id, now)
    if painted is not None:
        tournament_store.cast_vote(conn, actor.guild_id, event.id, "painted", voter.id, painted.id, now)
    return Ballot(event, voter, opponent, painted)


async def vote(
    rt: Runtime, actor: Actor, reference: str | None, opponent: str, painted: str | None = None
) -> Ballot:
    """A coach's Favourite Opponent vote (someone they have played) and, when the coaches vote for Best
    Painted, their painted vote. One vote of each kind: a new vote replaces the old. The vote rows are the
    record (no audit line: votes are secret)."""
    _named(opponent)
    if painted is not None:
        _named(painted)
    return await rt.db.write(_vote, rt, actor, reference, opponent, painted)


def _named(team: str) -> None:
    """A team the user named (autocomplete gives one): not empty."""
    if not team.strip():
        raise InvalidInput(_("Name a team: start typing and pick one from the list."))


# --- the organiser's Best Painted choice ---


async def choose_best_painted(rt: Runtime, actor: Actor, reference: str | None, team: str) -> Standing:
    """The organiser's Best Painted team (when the rulespack says the organiser chooses); a new choice
    replaces the old until the event is finished."""
    _named(team)

    def _choose(conn: Connection) -> Standing:
        event = find_event(conn, actor.guild_id, reference)
        check_painted_choice(event.name, event.status, event.rulespack.best_painted)
        chosen = _candidate(conn, event, team)
        tournament_store.set_best_painted(conn, event.tournament, chosen.id)
        detail = {"team": chosen.name, "team_id": chosen.id}
        audit.record_in(conn, event.league, actor.user_id, "tournament.painted", rt.clock.now(), detail)
        return standing_of(conn, rt, find_event(conn, actor.guild_id, event.name))

    return await rt.db.write(_choose)


# --- the end of the event ---


OpenGame = tuple[tuple[int, int] | None, Fixture]  # (round, table) when paired, and the game


def _unfinished(conn: Connection, event: Event) -> tuple[list[int], list[OpenGame]]:
    """(rounds not paired yet, games not confirmed with their round and table)."""
    guild_id = event.league.guild_id
    paired = tournament_store.last_round(conn, guild_id, event.id)
    where = {
        t.fixture_id: (t.round_number, t.table_number)
        for t in tournament_store.tables(conn, guild_id, event.id)
        if t.fixture_id is not None
    }
    games = [
        (where.get(fx.id), fx)
        for fx in season_store.fixtures(conn, guild_id, league_id=event.id)
        if fx.status != "confirmed"
    ]
    return list(range(paired + 1, event.rulespack.rounds + 1)), games


def _unpaired_text(event: Event, number: int) -> str:
    return _("Round {number} of {rounds} is not paired", number=number, rounds=event.rulespack.rounds)


def _open_game_text(game: OpenGame) -> str:
    """`Round 2, table 3: Reavers v Raiders (reported)`, in the current language."""
    place, fx = game
    values = {"home": fx.home_name, "away": fx.away_name, "status": fixture_status(fx.status)}
    if place is None:
        return _("{home} v {away} ({status})", **values)
    return _(
        "Round {number}, table {table}: {home} v {away} ({status})", number=place[0], table=place[1], **values
    )


def _finish(conn: Connection, rt: Runtime, actor: Actor, reference: str | None, force: bool) -> Standing:
    event = find_event(conn, actor.guild_id, reference)
    rounds, games = _unfinished(conn, event)
    check_finishable(
        event.name,
        event.status,
        [_unpaired_text(event, number) for number in rounds],
        [_open_game_text(game) for game in games],
        force,
    )
    if not tournament_store.set_status(conn, event.tournament, "finished", rt.clock.now()):
        raise Conflict(_("{event} was finished or changed by someone else just now.", event=event.name))
    finished = find_event(conn, actor.guild_id, event.name)
    standing = standing_of(conn, rt, finished)
    with i18n.using(event.league.language):  # the announcement, and the log every reader sees
        not_counted = tuple(_open_game_text(game) for game in games)
        standing = Standing(
            finished, standing.rows, standing.awards, standing.teams, not_counted, standing.squads
        )
        title = _("{event}: final rankings and awards", event=event.name)
        lines = standing_lines(standing)
    now = rt.clock.now()
    detail = {
        "name": event.name,
        "forced": bool(force and (rounds or games)),
        "not_counted": list(not_counted),
        "unpaired": len(rounds),
    }
    audit.record_in(conn, event.league, actor.user_id, "tournament.finish", now, detail)
    announcements.to_league(conn, event.league, title, lines, now, winner_coaches(standing))
    return standing


async def finish(rt: Runtime, actor: Actor, reference: str | None, force: bool = False) -> Standing:
    """End the event: refused while a round is not paired or a game is not confirmed (naming them),
    unless `force` (the unconfirmed games are then named as not counted). Claims the status 'finished'
    and writes the final announcement: the whole rankings and every award."""
    if not isinstance(force, bool):
        raise InvalidInput(_("force is True or False."))
    return await rt.db.write(_finish, rt, actor, reference, force)


# --- the text every reader sees (the announcement, /tournament awards) ---

_MARKDOWN = re.compile(r"([\\*_~`|])")


def _name(text: str) -> str:
    """A user-typed name made safe in an announcement: no markdown, no mentions."""
    return _MARKDOWN.sub(r"\\\1", text).replace("@", "@\u200b")


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


def ranking_line(row: RankingRow[int], team: TeamRow | None, extra: tuple[tuple[str, str], ...] = ()) -> str:
    """One ranked coach: TP, BP, touchdowns, casualties, the rulespack's extra tiebreakers (`extra`: each
    one's key and label, `Rulespack.extra_columns`), and the tiebreaker that put him below the coach above.
    The one wording of a ranking, wherever it is shown."""
    name = _name(team.name) if team else _("team {id}", id=row.coach)
    coach = f" (<@{team.coach_id}>)" if team else ""
    extras = "".join(f", {row.extra(key)} {_name(label)}" for key, label in extra)
    decided = ""
    if row.decided_by:
        decided = " · " + _("below the coach above on {tiebreaker}", tiebreaker=_(row.decided_by))
    line = _(
        "**{position}.** {team}{coach}: {tp} TP, {bp} BP, TD {diff} ({scored} scored), {cas} cas",
        position=row.position,
        team=name,
        coach=coach,
        tp=row.tournament_points,
        bp=row.bonus_points,
        diff=_signed(row.td_diff),
        scored=row.td_for,
        cas=row.cas_for,
    )
    return f"{line}{extras}{decided}"


def squad_line(row: SquadRow[int], squad: Squad) -> str:
    """One ranked squad (a team of coaches): team points, games won/drawn/lost, the coaches' tiebreakers
    summed, and the tiebreaker that put it below the squad above."""
    decided = ""
    if row.decided_by:
        decided = " · " + _("below the squad above on {tiebreaker}", tiebreaker=_(row.decided_by))
    line = _(
        "**{position}.** {squad} (captain <@{captain}>): {tp} TP, games {won}-{drawn}-{lost} (W-D-L), "
        "{bp} BP, TD {diff} ({scored} scored), {cas} cas",
        position=row.position,
        squad=_name(squad.name),
        captain=squad.captain_id,
        tp=row.team_points,
        won=row.won,
        drawn=row.drawn,
        lost=row.lost,
        bp=row.bonus_points,
        diff=_signed(row.td_diff),
        scored=row.td_for,
        cas=row.cas_for,
    )
    return f"{line}{decided}"


SQUAD_PLACES = (N_("1st squad"), N_("2nd squad"), N_("3rd squad"))


def squad_award_lines(standing: Standing) -> list[str]:
    """The top squads of a team event (seed 000: the team that finishes top of the rankings wins)."""
    lines = []
    for place, line in zip(SQUAD_PLACES, standing.squads, strict=False):
        lines.append(
            _(
                "**{place}**: {squad} (captain <@{captain}>)",
                place=_(place),
                squad=_name(line.squad.name),
                captain=line.squad.captain_id,
            )
        )
    return lines


def ranking_lines(standing: Standing) -> list[str]:
    """One line per ranked coach, each tie named with the tiebreaker that settled it."""
    extra = standing.event.rulespack.extra_columns
    lines = [ranking_line(row, standing.teams.get(row.coach), extra) for row in standing.rows]
    return lines or [_("Nobody is ranked yet.")]


def award_line(standing: Standing, award: Award[int]) -> str:
    """One award, its winners (or why nobody wins it), in the current language."""
    if not award.winners:
        return _("**{award}**: not awarded ({why})", award=award.name, why=award.not_awarded)
    names = []
    for winner in award.winners:
        team = standing.teams.get(winner.team)
        who = f"{_name(team.name)} (<@{team.coach_id}>)" if team else _("team {id}", id=winner.team)
        if winner.player_name is not None:
            who = _("{player} of {team}", player=_name(winner.player_name), team=who)
        names.append(who)
    value = f" · {award.spec.count(award.value)}" if award.value is not None and award.spec.unit else ""
    if len(names) > 1:
        return _("**{award}** (shared): {winners}", award=award.name, winners=", ".join(names)) + value
    return _("**{award}**: {winners}", award=award.name, winners=names[0]) + value


def standing_lines(standing: Standing) -> list[str]:
    """The rankings, then every award with its winners, then any game not counted."""
    heading = _("Final rankings") if standing.final else _("Rankings so far (provisional)")
    awards = _("Awards")
    lines = [f"__{heading}__", *ranking_lines(standing), "", f"__{awards}__"]
    if standing.squads:  # --- team events: the squad ranking and the top squads ---
        squads = [squad_line(s.row, s.squad) for s in standing.squads]
        coaches, squads_heading = (
            _("{heading}: coaches", heading=heading),
            _("{heading}: squads", heading=heading),
        )
        lines[0] = f"__{coaches}__"
        lines = [f"__{squads_heading}__", *squads, "", *lines, *squad_award_lines(standing)]
    lines += [award_line(standing, award) for award in standing.awards]
    if standing.not_counted:
        not_counted = _("Not counted (unconfirmed when the event finished)")
        lines += ["", f"__{not_counted}__", *map(_name, standing.not_counted)]
    return lines


def winner_coaches(standing: Standing) -> list[int]:
    """The coaches an announcement of the awards mentions, once each."""
    found: dict[int, None] = {}
    if standing.squads:  # the winning squad's coaches
        found.update(dict.fromkeys(standing.squads[0].squad.members))
    for award in standing.awards:
        for winner in award.winners:
            team = standing.teams.get(winner.team)
            if team is not None:
                found[team.coach_id] = None
    return list(found)
