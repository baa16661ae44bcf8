"""The pre-game sequence of a fixture, step by step as its league's ruleset orders it (bot/rules/rulesets).

`/match pregame` rolls each rolled step the fixture has not got yet (the stadium, the weather, the flip for
the kick, fans and FAME), writes it once (bot/store/pregame.py) with its dice logged against the fixture, and
shows every step: what a rolled one decided, which command does the others, and what a commissioner recorded
by hand for a step whose table the ruleset lacks (`/league record`). The classic post-game reads FAME from
the `fans_and_fame` step (or rolls it there when the coaches did not)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.errors import NotAllowed, NotFound, RuleViolation
from bot.rules.dice import Dice, RecordingDice
from bot.rules.match.match_day import roll_on
from bot.rules.match.postgame import DieRoll, roll
from bot.rules.rulesets import PregameStep, Ruleset, classic, ruleset
from bot.services.dice_logging import log_dice
from bot.services.inputs import text_of
from bot.services.league.leagues import find_league
from bot.services.match.results import find_fixture
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import pregame as pregame_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.pregame import PregameStepRow
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow

RECORD_MAX = 200


@dataclass(frozen=True)
class StepView:
    step: PregameStep
    lines: tuple[str, ...]  # what the step decided, or how it happens
    recorded: tuple[str, ...] = ()  # what a commissioner recorded by hand for it


@dataclass(frozen=True)
class PregameView:
    fixture: Fixture
    ruleset: Ruleset
    steps: tuple[StepView, ...]
    rolled: tuple[str, ...]  # the steps this call rolled (none on a second call)


@dataclass(frozen=True)
class _Game:
    fx: Fixture
    home: TeamRow
    away: TeamRow
    rs: Ruleset


Roller = Callable[[Runtime, _Game, PregameStep, Dice], tuple[dict[str, Any], list[DieRoll]]]


def _table_step(
    rt: Runtime, game: _Game, step: PregameStep, dice: Dice
) -> tuple[dict[str, Any], list[DieRoll]]:
    """A 2D6 table (the seed: each coach rolls a D6 and they look up the total)."""
    assert step.table is not None
    rolled = roll_on(rt.catalog.tables[step.table], dice)
    faces = rolled.roll.faces
    who = (
        f"{game.home.name} {faces[0]} + {game.away.name} {faces[1]} = {rolled.roll.total}"
        if len(faces) == 2
        else rolled.roll.shown
    )
    lines = [f"{who} → **{rolled.entry.name}**: {rolled.entry.summary}"]
    if rolled.entry.follow_up is not None:
        lines.append(
            f"Its {rolled.entry.follow_up.dice.upper()} table is not in the {game.rs.name} rules: a "
            "commissioner may record the attribute with /league record."
        )
    return {"entry": rolled.entry.name, "total": rolled.roll.total, "lines": lines}, [rolled.roll]


def _flip(rt: Runtime, game: _Game, step: PregameStep, dice: Dice) -> tuple[dict[str, Any], list[DieRoll]]:
    coin = roll(dice, "d2", "flip for the kick (1 home, 2 away)")
    winner = game.home if coin.total == 1 else game.away
    side = "heads" if coin.total == 1 else "tails"
    line = (
        f"The coin lands {side} ({game.home.name} called heads): <@{winner.coach_id}> ({winner.name}) "
        "chooses to kick or receive."
    )
    return {"winner": "home" if coin.total == 1 else "away", "lines": [line]}, [coin]


def _fans(rt: Runtime, game: _Game, step: PregameStep, dice: Dice) -> tuple[dict[str, Any], list[DieRoll]]:
    rule = rt.catalog.classic_season.fans_and_fame
    home, away = classic.fans_and_fame((game.home.dedicated_fans, game.away.dedicated_fans), dice, rule)
    return classic.fans_record(home, away), [*home.rolls, *away.rolls]


ROLLERS: dict[str, Roller] = {
    "stadium": _table_step,
    "weather": _table_step,
    "kick_off_flip": _flip,
    "fans_and_fame": _fans,
}


def _shown(game: _Game, row: PregameStepRow) -> tuple[str, ...]:
    if row.step == "fans_and_fame":
        return tuple(
            f"{team.name}: {int(row.result[side]['fans']):,} fans "
            f"(Fan Factor {row.result[side]['fan_factor']}): FAME {int(row.result[side]['fame']):+d}"
            for side, team in (("home", game.home), ("away", game.away))
        )
    return tuple(str(line) for line in row.result.get("lines", ()))


def _recorded(row: PregameStepRow) -> str:
    return f"{row.result.get('text', '')} (recorded by <@{row.actor_id}>)"


def _game(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> _Game:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    league = find_league(conn, actor.guild_id, f"l:{fx.league_id}")
    home = team_store.get(conn, fx.guild_id, fx.home_team_id)
    away = team_store.get(conn, fx.guild_id, fx.away_team_id)
    assert home is not None and away is not None
    return _Game(fx, home, away, ruleset(rt.catalog, league.settings.ruleset))


def _view(conn: Connection, game: _Game, rolled: tuple[str, ...]) -> PregameView:
    stored = pregame_store.steps(conn, game.fx.guild_id, game.fx.id)
    views = []
    for step in game.rs.pregame:
        row = stored.get(step.id)
        if step.kind == "roll":
            lines = _shown(game, row) if row is not None and not row.recorded else ("Not rolled.",)
        elif step.kind == "command":
            lines = (f"{step.summary} ({step.command})",)
        else:
            lines = (step.summary,)
        recorded = [_recorded(row)] if row is not None and row.recorded else []
        views.append(StepView(step, lines, tuple(recorded)))
    known = {s.id for s in game.rs.pregame}
    for step_id, row in stored.items():  # recorded by hand for a step outside the sequence (a sponsor ...)
        if step_id not in known and row.recorded:
            missing = next((m for m in game.rs.missing if m.id == step_id), None)
            name = missing.name if missing is not None else step_id
            views.append(StepView(PregameStep(step_id, name, "skipped", ""), (), (_recorded(row),)))
    return PregameView(game.fx, game.rs, tuple(views), rolled)


def _pregame(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, as_commissioner: bool
) -> PregameView:
    game = _game(conn, rt, actor, fixture_ref)
    if game.fx.side_of(actor.user_id) is None and not as_commissioner:
        raise NotAllowed("Only the two coaches of this fixture (or a commissioner) run its pre-game.")
    rolled: list[str] = []
    if game.fx.status == "scheduled":
        for step in game.rs.rolled_steps:
            if pregame_store.step(conn, game.fx.guild_id, game.fx.id, step.id) is not None:
                continue
            dice = RecordingDice(rt.dice)
            result, rolls = ROLLERS[step.id](rt, game, step, dice)
            if pregame_store.write(
                conn,
                game.fx.guild_id,
                game.fx.id,
                step.id,
                result,
                actor_id=actor.user_id,
                now=rt.clock.now(),
            ):
                log_dice(conn, rt, actor, rolls, purpose=f"{game.fx.label} pre-game", fixture_id=game.fx.id)
                rolled.append(step.id)
    return _view(conn, game, tuple(rolled))


async def run_pregame(
    rt: Runtime, actor: Actor, fixture: str, *, as_commissioner: bool = False
) -> PregameView:
    """Roll the fixture's pre-game steps not rolled yet (only while it is scheduled) and show every step."""
    return await rt.db.write(_pregame, rt, actor, fixture, as_commissioner)


def recordable(rs: Ruleset) -> list[tuple[str, str]]:
    """What a commissioner may record by hand in this ruleset, (id, name): each step it skips because the
    seed lacks its table (a stadium attribute, a famous referee, a sponsor ...)."""
    return [(m.id, m.name) for m in rs.missing if m.handled == "skipped"]


def _record(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fixture_ref: str,
    step_id: str,
    text: str,
    reason: str | None,
) -> PregameView:
    game = _game(conn, rt, actor, fixture_ref)
    allowed = dict(recordable(game.rs))
    if not allowed:
        raise RuleViolation(f"A {game.rs.name} league has no pre-game step to record by hand.")
    if step_id not in allowed:
        raise NotFound(f"Record one of: {', '.join(allowed.values())}.")
    pregame_store.write(
        conn,
        game.fx.guild_id,
        game.fx.id,
        step_id,
        {"text": text},
        actor_id=actor.user_id,
        now=rt.clock.now(),
        recorded=True,
    )
    audit.record(
        conn,
        guild_id=actor.guild_id,
        league_id=game.fx.league_id,
        actor_id=actor.user_id,
        action="match.record",
        now=rt.clock.now(),
        detail={"fixture": game.fx.id, "step": allowed[step_id], "result": text},
        reason=reason,
    )
    return _view(conn, game, ())


async def record_step(
    rt: Runtime, actor: Actor, fixture: str, step: str, result: str, reason: str | None = None
) -> PregameView:
    """A commissioner records by hand what a step decided whose table the ruleset lacks (a stadium attribute,
    a famous referee, a sponsor); a second recording corrects the first."""
    cleaned = text_of(result, "the result", RECORD_MAX)
    why = " ".join((reason or "").split())[:300] or None
    return await rt.db.write(_record, rt, actor, fixture, step, cleaned, why)


def _recordable_of(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> list[tuple[str, str]]:
    try:
        return recordable(_game(conn, rt, actor, fixture_ref).rs)
    except NotFound:
        return []


async def recordable_steps(rt: Runtime, actor: Actor, fixture: str) -> list[tuple[str, str]]:
    """For the step option's autocomplete: what may be recorded by hand for this fixture."""
    return await rt.db.read(_recordable_of, rt, actor, fixture)
