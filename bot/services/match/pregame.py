"""The pre-game sequence of a fixture, step by step as its league's ruleset orders it (bot/rules/rulesets).

`/match pregame` rolls each rolled step the fixture has not got yet (the ruleset rolls it: a stadium, the
weather, the flip for the kick, fans and FAME ...), writes it once (bot/store/pregame.py) with its dice logged
against the fixture, and shows every step: what a rolled one decided, which command does the others, and
what a commissioner recorded by hand for a step whose table the ruleset lacks (`/league record`). A post-game
may read a step's result (`Ruleset.postgame_reads`), or settle it then when the coaches did not roll it."""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.errors import NotAllowed, NotFound
from bot.i18n import _
from bot.rules.match.pregame import PregameGame, PregameTeam
from bot.rules.rulesets import PregameStep, Ruleset, ruleset
from bot.services.dice_logging import log_dice
from bot.services.inputs import optional_reason, text_of
from bot.services.league.leagues import find_league
from bot.services.match.results import find_fixture
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
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
    language: str  # the league's: the pre-game is shown in its channel

    @property
    def teams(self) -> PregameGame:
        """Both teams as the ruleset's steps read them."""
        return PregameGame(
            *(PregameTeam(t.name, t.coach_id, t.dedicated_fans) for t in (self.home, self.away))
        )


def _shown(game: _Game, row: PregameStepRow) -> tuple[str, ...]:
    return game.rs.step_lines(row.step, row.result, game.teams)


def _recorded(row: PregameStepRow) -> str:
    return _("{result} (recorded by <@{user}>)", result=row.result.get("text", ""), user=row.actor_id)


def _game(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> _Game:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    league = find_league(conn, actor.guild_id, f"l:{fx.league_id}")
    home = team_store.get(conn, fx.guild_id, fx.home_team_id)
    away = team_store.get(conn, fx.guild_id, fx.away_team_id)
    assert home is not None and away is not None
    # gold piece escalation: the Dedicated Fans of the roster of the fixture's round
    home, away = escalation.fielded_team(conn, fx, home), escalation.fielded_team(conn, fx, away)
    return _Game(fx, home, away, ruleset(rt.catalog, league.settings.ruleset), league.language)


def _view(conn: Connection, game: _Game, rolled: tuple[str, ...]) -> PregameView:
    stored = pregame_store.steps(conn, game.fx.guild_id, game.fx.id)
    views = []
    with i18n.using(game.language):
        for step in game.rs.pregame:
            row = stored.get(step.id)
            if step.kind == "roll":
                lines = _shown(game, row) if row is not None and not row.recorded else (_("Not rolled."),)
            elif step.kind == "command":
                lines = (f"{_(step.summary)} ({_(step.command or '')})",)
            else:
                lines = (_(step.summary),)
            recorded = [_recorded(row)] if row is not None and row.recorded else []
            views.append(StepView(step, lines, tuple(recorded)))
    known = {s.id for s in game.rs.pregame}
    for step_id, row in stored.items():  # recorded by hand for a step outside the sequence (a sponsor ...)
        if step_id not in known and row.recorded:
            missing = next((m for m in game.rs.missing if m.id == step_id), None)
            name = missing.name if missing is not None else step_id
            with i18n.using(game.language):
                views.append(StepView(PregameStep(step_id, name, "skipped", ""), (), (_recorded(row),)))
    return PregameView(game.fx, game.rs, tuple(views), rolled)


def _pregame(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, as_commissioner: bool
) -> PregameView:
    game = _game(conn, rt, actor, fixture_ref)
    if game.fx.side_of(actor.user_id) is None and not as_commissioner:
        raise NotAllowed(_("Only the two coaches of this fixture (or a commissioner) run its pre-game."))
    rolled: list[str] = []
    if game.fx.status == "scheduled":
        for step in game.rs.rolled_steps:
            if pregame_store.step(conn, game.fx.guild_id, game.fx.id, step.id) is not None:
                continue
            with i18n.using(game.language):  # the lines it keeps are shown in the league's channel
                rolled_step = game.rs.roll_step(step, game.teams, rt.dice)
            if pregame_store.write(
                conn,
                game.fx.guild_id,
                game.fx.id,
                step.id,
                rolled_step.result,
                actor_id=actor.user_id,
                now=rt.clock.now(),
            ):
                with i18n.using(game.language):
                    purpose = _("{match} pre-game", match=game.fx.label)
                log_dice(conn, rt, actor, rolled_step.rolls, purpose=purpose, fixture_id=game.fx.id)
                rolled.append(step.id)
    return _view(conn, game, tuple(rolled))


async def run_pregame(
    rt: Runtime, actor: Actor, fixture: str, *, as_commissioner: bool = False
) -> PregameView:
    """Roll the fixture's pre-game steps not rolled yet (only while it is scheduled) and show every step."""
    return await rt.db.write(_pregame, rt, actor, fixture, as_commissioner)


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
    name = game.rs.check_recordable(step_id)
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
    detail = {"fixture": game.fx.id, "step": name, "result": text}
    audit.record_in(conn, game.fx, actor.user_id, "match.record", rt.clock.now(), detail, reason=reason)
    return _view(conn, game, ())


async def record_step(
    rt: Runtime, actor: Actor, fixture: str, step: str, result: str, reason: str | None = None
) -> PregameView:
    """A commissioner records by hand what a step decided whose table the ruleset lacks (a stadium attribute,
    a famous referee, a sponsor); a second recording corrects the first."""
    cleaned = text_of(result, _("the result"), RECORD_MAX)
    return await rt.db.write(_record, rt, actor, fixture, step, cleaned, optional_reason(reason))


def _recordable_of(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> list[tuple[str, str]]:
    try:
        return _game(conn, rt, actor, fixture_ref).rs.recordable()
    except NotFound:
        return []


async def recordable_steps(rt: Runtime, actor: Actor, fixture: str) -> list[tuple[str, str]]:
    """For the step option's autocomplete: what may be recorded by hand for this fixture."""
    return await rt.db.read(_recordable_of, rt, actor, fixture)
