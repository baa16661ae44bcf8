"""The post-game sequence (seed 001) run by the bot for both teams of a confirmed fixture.

On confirmation, in the same transaction as the confirmation itself: record the outcome and collect
winnings (fan factors rolled if the pre-game did not), update dedicated fans, award Star Player Points and
roll the MVP, apply the injuries reported. Each team then finishes its post-game (its coach, or a
commissioner): expensive mistakes are rolled and players who missed this game recover. Every die is
logged against the fixture; every change is a row tied to the fixture.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bot.errors import Conflict, NotAllowed, NotFound, RuleViolation
from bot.rules.dice import RecordingDice
from bot.rules.match_result import Outcome, ResultReport, Side
from bot.rules.postgame import (
    DieRoll,
    conceding_fans,
    expensive_mistake,
    fan_factor,
    pick_mvp,
    quits_after_concession,
    spp_earned,
    update_dedicated_fans,
    winnings,
    winnings_after_opponent_conceded,
)
from bot.services.runtime import Actor, Runtime
from bot.services.teams import roster_of
from bot.store import dice_log
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.postgame import TeamPostgame
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow
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


class _Rolls:
    """Dice for one post-game: rolls through the runtime's dice and keeps each DieRoll to log and show."""

    def __init__(self, rt: Runtime) -> None:
        self.dice = RecordingDice(rt.dice)
        self.rolls: list[DieRoll] = []

    def keep(self, *rolls: DieRoll | None) -> None:
        self.rolls += [r for r in rolls if r is not None]


def _log_rolls(
    conn: sqlite3.Connection,
    actor: Actor,
    fx: Fixture,
    rolls: list[DieRoll],
    rt: Runtime,
    team: TeamRow | None = None,
) -> None:
    prefix = f"{fx.label} post-game" + (f", {team.name}" if team else "")
    log_rolls(conn, actor, rolls, rt, prefix=prefix, fixture_id=fx.id)


def log_rolls(
    conn: sqlite3.Connection,
    actor: Actor,
    rolls: list[DieRoll],
    rt: Runtime,
    *,
    prefix: str,
    fixture_id: int | None,
) -> None:
    """Every die a rule rolled goes into the dice log, with what it was for and the fixture."""
    dice_log.insert_rolls(
        conn,
        guild_id=actor.guild_id,
        channel_id=actor.channel_id,
        user_id=actor.user_id,
        rolls=[(f"{prefix}: {die.purpose}", die.dice, die.faces) for die in rolls],
        rolled_at=rt.clock.now(),
        fixture_id=fixture_id,
    )


def apply_confirmed(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport
) -> list[TeamSummary]:
    """Steps 1-3 and 5 of the post-game sequence for both teams (friendlies: injuries only, as Badly Hurt)."""
    friendly = fx.kind == "friendly"
    rules = rt.catalog.postgame
    fan_rule = rt.catalog.drafting.dedicated_fans
    now = rt.clock.now()
    teams: dict[Side, TeamRow] = {}
    for side, team_id in zip(SIDES, (fx.home_team_id, fx.away_team_id), strict=True):
        team = team_store.get(conn, fx.guild_id, team_id)
        assert team is not None
        teams[side] = team
    outcomes: dict[Side, Outcome] = dict(zip(SIDES, report.outcomes, strict=True))
    lines: dict[Side, list[str]] = {"home": [], "away": []}
    rolls: dict[Side, _Rolls] = {side: _Rolls(rt) for side in SIDES}
    factors: dict[Side, int] = {}
    if not friendly:
        for side, team in teams.items():
            factors[side], fair = fan_factor(team.dedicated_fans, rolls[side].dice, rules)
            rolls[side].keep(fair)
            lines[side].append(f"Fan Factor {factors[side]} ({team.dedicated_fans} dedicated + {fair})")
    attendance = sum(factors.values())
    summaries = []
    for side in SIDES:
        team, data, dice = teams[side], report.side(side), rolls[side]
        # Conceding without penalty: only the 2-0 (or X-0) result applies, none of the other penalties.
        conceded = report.conceded_by == side and report.concession_penalty
        opponent_conceded = report.conceded_by == OTHER[side] and report.concession_penalty
        roster = roster_of(rt.catalog, team)
        special = roster.special_rules_with(team.regional_league, team.alignment)
        squad = team_store.players(conn, team)
        missed = [p.id for p in squad if p.miss_next_game]
        fans_after = team.dedicated_fans
        earned = 0
        if not friendly:
            # 1. Record the outcome and collect winnings.
            if conceded:
                earned = 0
                lines[side].append("No winnings: the team conceded")
            elif opponent_conceded:
                earned = winnings_after_opponent_conceded(attendance, data.score, rules)
                lines[side].append(
                    f"Winnings {gp(earned)} (whole attendance {attendance} + {data.score} TD, "
                    "opponent conceded)"
                )
            else:
                earned = winnings(attendance, data.score, data.stalling, rules)
                lines[side].append(
                    f"Winnings {gp(earned)} (attendance {attendance} / 2 + {data.score} TD"
                    + (", stalling" if data.stalling else " + 1 no stalling")
                    + ")"
                )
            if earned:
                team_store.change_treasury(
                    conn,
                    team,
                    earned,
                    f"winnings: {fx.label}",
                    actor_id=actor.user_id,
                    now=now,
                    fixture_id=fx.id,
                )
            # 2. Update dedicated fans.
            if conceded:
                fans_after, lost = conceding_fans(team.dedicated_fans, dice.dice, rules, fan_rule)
                dice.keep(lost)
            else:
                fans_after, check = update_dedicated_fans(
                    team.dedicated_fans,
                    outcomes[side],
                    dice.dice,
                    fan_rule,
                )
                dice.keep(check)
                if check is not None:
                    lines[side].append(f"Dedicated fans: {check}")
            if fans_after != team.dedicated_fans:
                postgame_store.set_fans(
                    conn,
                    team,
                    before=team.dedicated_fans,
                    after=fans_after,
                    cause=f"post-game: {fx.label}",
                    fixture_id=fx.id,
                    actor_id=actor.user_id,
                    now=now,
                )
            lines[side].append(f"Dedicated fans {team.dedicated_fans} → {fans_after}")
            # 3. Star Player Points and the MVP (a conceding team earns none and awards no MVP).
            if conceded:
                lines[side].append("No SPP and no MVP: the team conceded")
            else:
                values = rules.spp_values(special)
                for line in data.players:
                    points = spp_earned(line, values)
                    if points:
                        postgame_store.add_spp(
                            conn,
                            team,
                            line.player_id,
                            points,
                            "spp",
                            fixture_id=fx.id,
                            actor_id=actor.user_id,
                            now=now,
                            detail={"events": line.summary},
                        )
                        lines[side].append(f"#{line.number} {line.name}: +{points} SPP ({line.summary})")
                nominees = [line.player_id for line in data.players if line.mvp_nomination]
                eligible = nominees or [p.id for p in squad if not p.miss_next_game]
                names = {p.id: f"#{p.number} {p.name}" for p in squad}
                picked: list[int] = []
                for award in range(2 if opponent_conceded else 1):
                    pool = [
                        p for p in eligible if p not in picked
                    ] or eligible  # a second MVP goes to another
                    if not pool:
                        break
                    mvp, mvp_rolls = pick_mvp(
                        pool, dice.dice, rules.mvp_nominees, "MVP" + (" (second award)" if award else "")
                    )
                    dice.keep(*mvp_rolls)
                    picked.append(mvp)
                    postgame_store.add_spp(
                        conn,
                        team,
                        mvp,
                        rules.spp["mvp"],
                        "mvp",
                        fixture_id=fx.id,
                        actor_id=actor.user_id,
                        now=now,
                        detail={"nominated": bool(nominees)},
                    )
                    how = "nominated" if nominees else "no nominations: random among those who played"
                    lines[side].append(
                        f"MVP {names.get(mvp, mvp)} +{rules.spp['mvp']} SPP "
                        f"({', '.join(str(r) for r in mvp_rolls)}; {how})"
                    )
        # 5. Injuries (in a friendly every casualty counts as Badly Hurt).
        for line in data.players:
            if line.injury is None:
                continue
            injury = "badly_hurt" if friendly else line.injury
            postgame_store.injure(
                conn,
                team,
                line.player_id,
                injury,
                characteristic=line.lasting_characteristic,
                fixture_id=fx.id,
                actor_id=actor.user_id,
                now=now,
            )
            detail = (
                f" ({line.lasting_characteristic.upper()} reduced)"
                if injury == "lasting_injury" and line.lasting_characteristic
                else ""
            )
            lines[side].append(f"#{line.number} {line.name}: {injury.replace('_', ' ')}{detail}")
        # Conceding: players with three or more advancements may quit.
        if conceded and not friendly:
            for player in squad:
                quits, check = quits_after_concession(player.advancements, dice.dice, rules)
                dice.keep(check)
                if quits:
                    postgame_store.set_status(
                        conn,
                        team,
                        player.id,
                        "left",
                        fixture_id=fx.id,
                        actor_id=actor.user_id,
                        now=now,
                        reason="quit after the concession",
                    )
                    lines[side].append(f"#{player.number} {player.name} quits in disgust ({check})")
        if missed:
            lines[side].append(
                f"{len(missed)} player(s) who missed this game recover when the post-game is finished"
            )
        postgame_store.insert(
            conn,
            team,
            fixture_id=fx.id,
            fan_factor=factors.get(side),
            winnings=earned,
            fans_before=team.dedicated_fans,
            fans_after=fans_after,
            missed_player_ids=missed,
            summary=lines[side],
            now=now,
        )
        _log_rolls(conn, actor, fx, dice.rolls, rt, team)
        summaries.append(TeamSummary(team.id, team.name, team.coach_id, tuple(lines[side]), False))
    return summaries


def _finish(
    conn: sqlite3.Connection, rt: Runtime, actor: Actor, fixture_id: int, team_id: int, as_commissioner: bool
) -> TeamSummary:
    team = team_store.get(conn, actor.guild_id, team_id)
    fx = season_store.fixture(conn, actor.guild_id, fixture_id)
    if team is None or fx is None:
        raise NotFound("That post-game does not exist on this server.")
    if team.coach_id != actor.user_id and not as_commissioner:
        raise NotAllowed(f"Only {team.name}'s coach (or a commissioner) finishes its post-game.")
    record = postgame_store.get(conn, actor.guild_id, fixture_id, team_id)
    if record is None:
        raise NotFound(f"{team.name} has no post-game for fixture #{fixture_id}.")
    if record.status == "finished":
        raise Conflict(f"{team.name}'s post-game for {fx.label} is already finished.")
    if not as_commissioner:
        from bot.services.advancement import unfinished_advancements

        waiting = unfinished_advancements(conn, rt, team)
        if waiting:
            raise RuleViolation(
                f"First advance (/advance) {', '.join(waiting)}: a player whose SPP reach the price "
                "of a characteristic improvement must advance, and rolled choices must be made."
            )
    now = rt.clock.now()
    lines = list(record.summary)
    rolls = _Rolls(rt)
    if fx.kind != "friendly":
        # Expensive mistakes, after any hiring.
        current = team_store.get(conn, actor.guild_id, team_id)
        assert current is not None
        mistake = expensive_mistake(current.treasury, rt.catalog.expensive_mistakes, rolls.dice)
        if mistake is None:
            lines.append(
                f"Expensive mistakes: no roll (treasury {gp(current.treasury)} is under "
                f"{gp(rt.catalog.expensive_mistakes.threshold)})"
            )
        else:
            rolls.keep(*mistake.rolls)
            shown = ", ".join(str(r) for r in mistake.rolls)
            lines.append(
                f"Expensive mistakes: {mistake.outcome.name} ({shown})"
                + (f": lost {gp(mistake.lost)}" if mistake.lost else "")
            )
            if mistake.lost:
                team_store.change_treasury(
                    conn,
                    current,
                    -mistake.lost,
                    f"expensive mistakes: {mistake.outcome.name}",
                    actor_id=actor.user_id,
                    now=now,
                    fixture_id=fx.id,
                )
    # Prepare for the next fixture: players who missed this game recover.
    postgame_store.recover(
        conn, team, list(record.missed_player_ids), fixture_id=fx.id, actor_id=actor.user_id, now=now
    )
    final = team_store.get(conn, actor.guild_id, team_id)
    assert final is not None
    lines.append(f"Post-game finished: treasury {gp(final.treasury)}")
    if not postgame_store.finish(
        conn, actor.guild_id, record.id, summary=lines, actor_id=actor.user_id, now=now
    ):
        raise Conflict(f"{team.name}'s post-game is already finished.")
    _log_rolls(conn, actor, fx, rolls.rolls, rt, team)
    return TeamSummary(team.id, team.name, team.coach_id, tuple(lines), True)


async def finish_postgame(
    rt: Runtime, actor: Actor, fixture_id: int, team_id: int, *, as_commissioner: bool = False
) -> TeamSummary:
    """Roll expensive mistakes and prepare the team for its next fixture; a second click changes nothing."""
    return await rt.db.write(_finish, rt, actor, fixture_id, team_id, as_commissioner)


def open_postgames(conn: sqlite3.Connection, guild_id: int, team: TeamRow) -> list[TeamPostgame]:
    return postgame_store.open_for_team(conn, guild_id, team.id)
