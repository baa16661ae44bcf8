"""Secret Objectives in a tournament (seed 000, Additional rules), when the rulespack switches them on.

When a round is paired the bot rolls three D16 objectives for each coach of each game (repeats re-rolled;
every die logged with the game's fixture id), keeps them (tournament_objectives) and sends each coach his
own by direct message through the outbox; `/tournament objectives` shows a coach his own at any time, and
his opponent's only once their game is confirmed. Coaches report how many they achieved with the result
(/report my_objectives, their_objectives); the numbers are a tiebreaker (first by default, see
`Rulespack.tiebreakers`). When a game is confirmed, both coaches' objectives are revealed in the channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot import i18n
from bot.catalog.models import RollEntry, RollTable
from bot.errors import NotFound
from bot.i18n import _
from bot.rules.match.match_result import ResultReport
from bot.rules.tournament.secret_objectives import SECRET_PURPOSE, check_plays_with, roll_objectives
from bot.services.dice_logging import log_dice
from bot.services.runtime import BOT_USER, Actor, Runtime
from bot.services.tournament.tournaments import Event, find_event
from bot.store import announcements
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournament_objectives as objective_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.tournament_objectives import ObjectiveRow

TABLE_ID = "secret_objectives"


def table(rt: Runtime) -> RollTable:
    return rt.catalog.tables[TABLE_ID]


def objective_lines(entries: Sequence[RollEntry]) -> list[str]:
    """One line per objective, its summary in the current language (the name is the table's)."""
    return [f"{i}. **{e.name}** (D16 {e.range_text}): {_(e.summary)}" for i, e in enumerate(entries, start=1)]


def roll_for_games(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event: Event,
    round_number: int,
    games: Sequence[Fixture],
) -> list[str]:
    """Roll, keep and privately send both coaches' objectives for each game of a just-paired round; the
    line for the pairings announcement (nothing when the event does not use them). Everything is worded in
    the event's language: the direct messages, the dice log's labels and the line."""
    if not event.rulespack.secret_objectives or not games:
        return []
    with i18n.using(event.league.language):
        return _roll_for_games(conn, rt, actor, event, round_number, games)


def _roll_for_games(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event: Event,
    round_number: int,
    games: Sequence[Fixture],
) -> list[str]:
    objectives_table = table(rt)
    now = rt.clock.now()
    for fx in games:
        rolled = {row.team_id for row in objective_store.of_fixture(conn, fx.guild_id, fx.id)}
        for team_id, name, coach, opponent in (
            (fx.home_team_id, fx.home_name, fx.home_coach_id, fx.away_name),
            (fx.away_team_id, fx.away_name, fx.away_coach_id, fx.home_name),
        ):
            if team_id in rolled:
                continue  # already rolled for this game: kept as first rolled
            drawn = roll_objectives(objectives_table, rt.dice)
            objective_store.add(conn, fx.guild_id, event.id, fx.id, team_id, drawn.results, now)
            log_dice(conn, rt, actor, drawn.rolls, purpose=f"{SECRET_PURPOSE}{name}", fixture_id=fx.id)
            if coach == BOT_USER:
                continue
            announcements.add(
                conn,
                guild_id=fx.guild_id,
                league_id=event.id,
                title=_(
                    "{event}, round {number}: your Secret Objectives", event=event.name, number=round_number
                ),
                lines=[
                    _(
                        "{team} v {opponent} (#{fixture}). Keep them to yourself; they are revealed when the "
                        "game is confirmed. Report how many you achieved with /report (my_objectives).",
                        team=name,
                        opponent=opponent,
                        fixture=fx.id,
                    ),
                    *objective_lines(drawn.entries(objectives_table)),
                ],
                now=now,
                dm_user_id=coach,
            )
    return [
        _(
            "Secret Objectives: three rolled for each coach of each game and sent to him privately "
            "(see yours any time with /tournament objectives)."
        )
    ]


def after_swap(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    event: Event,
    round_number: int,
    moves: Sequence[tuple[int, int | None, int | None]],
    games: Sequence[Fixture],
) -> None:
    """The organiser swapped coaches between tables (team, old fixture, new fixture; None: a Bye): each
    coach's objectives go with him; a coach coming from a Bye has his rolled and sent now."""
    if not event.rulespack.secret_objectives:
        return
    for team_id, old, new in moves:
        if old is not None:
            objective_store.move(conn, event.league.guild_id, team_id, old, new)
    roll_for_games(conn, rt, actor, event, round_number, games)


def reveal(conn: Connection, rt: Runtime, event: Event, fx: Fixture, report: ResultReport) -> None:
    """A game was just confirmed: announce both coaches' objectives and how many each achieved (in the
    event's language)."""
    if not event.rulespack.secret_objectives:
        return
    rows = {row.team_id: row for row in objective_store.of_fixture(conn, fx.guild_id, fx.id)}
    if not rows:
        return
    objectives_table = table(rt)
    with i18n.using(event.league.language):
        lines, title = _revealed(objectives_table, rows, event, fx, report)
    announcements.to_league(conn, event.league, title, lines, rt.clock.now())


def _revealed(
    objectives_table: RollTable,
    rows: Mapping[int, ObjectiveRow],
    event: Event,
    fx: Fixture,
    report: ResultReport,
) -> tuple[list[str], str]:
    lines: list[str] = []
    for team_id, name, side in (
        (fx.home_team_id, fx.home_name, report.home),
        (fx.away_team_id, fx.away_name, report.away),
    ):
        row = rows.get(team_id)
        if row is None:
            lines.append(_("**{team}**: no objectives were rolled for this game.", team=name))
            continue
        names = ", ".join(objectives_table.lookup(r).name for r in row.results)
        lines.append(
            _(
                "**{team}** ({achieved} of 3 achieved): {objectives}",
                team=name,
                achieved=side.objectives or 0,
                objectives=names,
            )
        )
    title = _(
        "{event}: Secret Objectives of {game} (#{fixture})", event=event.name, game=fx.label, fixture=fx.id
    )
    return lines, title


@dataclass(frozen=True)
class GameObjectives:
    """One game's objectives as a coach may see them: his own; the opponent's once the game is confirmed."""

    fixture: Fixture
    mine: tuple[RollEntry, ...]
    theirs: tuple[RollEntry, ...] | None  # None: hidden until the game is confirmed
    achieved: int | None  # what the confirmed report says he achieved
    opponent_achieved: int | None


@dataclass(frozen=True)
class CoachObjectives:
    event: Event
    team_name: str
    games: tuple[GameObjectives, ...]  # the latest game first


def _mine(conn: Connection, rt: Runtime, actor: Actor, reference: str | None) -> CoachObjectives:
    event = find_event(conn, actor.guild_id, reference)
    check_plays_with(event.name, event.rulespack.secret_objectives)
    team = team_store.by_coach(conn, actor.guild_id, event.id, actor.user_id)
    if team is None:
        raise NotFound(_("You have no roster in {event}.", event=event.name))
    objectives_table = table(rt)
    games: list[GameObjectives] = []
    for row in reversed(objective_store.of_team(conn, actor.guild_id, team.id)):
        fx = season_store.fixture(conn, actor.guild_id, row.fixture_id)
        if fx is None:
            continue
        confirmed = fx.status == "confirmed"
        theirs: tuple[RollEntry, ...] | None = None
        achieved = opponent_achieved = None
        if confirmed:
            other = {r.team_id: r for r in objective_store.of_fixture(conn, actor.guild_id, fx.id)}
            opponent_id = fx.away_team_id if team.id == fx.home_team_id else fx.home_team_id
            if opponent_id in other:
                theirs = tuple(objectives_table.lookup(r) for r in other[opponent_id].results)
            if fx.report is not None:
                report = ResultReport.model_validate_json(fx.report)
                mine_side, their_side = (
                    (report.home, report.away) if team.id == fx.home_team_id else (report.away, report.home)
                )
                achieved, opponent_achieved = mine_side.objectives or 0, their_side.objectives or 0
        games.append(
            GameObjectives(
                fx,
                tuple(objectives_table.lookup(r) for r in row.results),
                theirs,
                achieved,
                opponent_achieved,
            )
        )
    if not games:
        raise NotFound(
            _(
                "No Secret Objectives have been rolled for {team} yet: a round is paired first.",
                team=team.name,
            )
        )
    return CoachObjectives(event, team.name, tuple(games))


async def my_objectives(rt: Runtime, actor: Actor, reference: str | None) -> CoachObjectives:
    """A coach's own Secret Objectives, game by game (the latest first); his opponents' only for games
    already confirmed."""
    return await rt.db.read(lambda conn: _mine(conn, rt, actor, reference))
