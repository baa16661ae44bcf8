"""The one way a result becomes final, inside the caller's transaction.

A coach's confirmation, a commissioner's `/league result`, the automatic confirmation after the grace period
and the settlement of an unplayed fixture at its deadline all do the same: (save the report as a new
version,) lock the result, record the step in the fixture's history and the league's audit log, run the
post-game sequence and the after-result hooks. Each caller says only what differs, in a `Confirmation`:
who (the actor), why (the step, the audit action, the reason) and which outcome (the report).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from bot.rules.match.match_result import ResultReport
from bot.services.league import playoffs
from bot.services.match.postgame import TeamSummary, apply_confirmed
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play
from bot.store import audit
from bot.store import seasons as season_store
from bot.store.connection import Connection, ahead
from bot.store.seasons import Fixture

# What runs after every confirmation that ran a post-game: the play-offs may open, or their next stage be
# drawn. Each hook is idempotent (see services/league/playoffs.py), so racing confirmations do no harm.
AFTER_RESULT: tuple[Callable[[Connection, Runtime, Fixture], None], ...] = (playoffs.after_result,)


@dataclass(frozen=True)
class Step:
    """One step of a result's life, as its version history and the league's audit log keep it."""

    step: str  # the fixture history's action: 'reported', 'disputed', 'confirmed' or 'corrected'
    audit_action: str  # 'result.report', 'result.confirm', 'result.set', 'deadline.forfeit', ...
    reason: str | None = None  # a person's reason: kept in the history and the audit log
    note: str | None = None  # the bot's own explanation: in the history only (the audit action says it)
    extra: Mapping[str, object] = field(default_factory=dict)  # more detail for the audit log


@dataclass(frozen=True)
class Confirmation(Step):
    """What differs between the ways a result is confirmed."""

    new_version: bool = False  # the report is new: saved as the next version before it is locked
    counts_for_bonus: bool = True  # False for a fixture settled unplayed (no bonus league points)
    postgame: bool = True  # False for a correction: the post-game already ran at the first confirmation


@dataclass(frozen=True)
class Confirmed:
    fixture: Fixture  # as stored after the confirmation
    version: int
    postgame: tuple[TeamSummary, ...]  # empty when no post-game ran


def save_version(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport
) -> tuple[int, str]:
    """Store `report` as the fixture's next version (reported, not yet locked): its number and its JSON."""
    version = fx.report_version + 1
    payload = report.model_dump_json()
    season_store.save_report(
        conn,
        fx,
        status="reported",
        report=payload,
        version=version,
        actor_id=actor.user_id,
        now=rt.clock.now(),
    )
    return version, payload


def log_step(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    version: int,
    how: Step,
    report: ResultReport,
    payload: str | None = None,
) -> None:
    """Keep one step of a result's life twice: in its version history and in the league's audit log (a
    `note` only in the history)."""
    now = rt.clock.now()
    season_store.add_history(
        conn,
        fx,
        version=version,
        action=how.step,
        report=payload,
        actor_id=actor.user_id,
        reason=how.reason or how.note,
        now=now,
    )
    detail = {"score": report.score_text, "version": version, **how.extra}
    audit.record_in(
        conn, fx, actor.user_id, how.audit_action, now, fixture_detail(fx, detail), reason=how.reason
    )


def fixture_detail(fx: Fixture, more: Mapping[str, object] | None = None) -> dict[str, object]:
    """What the audit log says of a fixture: its number and its match, then `more`."""
    return {"fixture": fx.id, "match": fx.label, **(more or {})}


def reload(conn: Connection, fx: Fixture) -> Fixture:
    """The fixture as stored now (it was changed in this transaction)."""
    fresh = season_store.fixture(conn, fx.guild_id, fx.id)
    assert fresh is not None
    return fresh


def back_to_commissioner(
    conn: Connection, fx: Fixture, actor_id: int, now: datetime, audit_action: str, reason: str, history: str
) -> Fixture:
    """A fixture (just set to disputed) goes back to the commissioner to decide: its history says `history`,
    the audit log the action and the reason. The fixture as stored now."""
    season_store.add_history(
        conn,
        fx,
        version=fx.report_version,
        action="disputed",
        report=None,
        actor_id=actor_id,
        reason=history,
        now=now,
    )
    audit.record_in(conn, fx, actor_id, audit_action, now, fixture_detail(fx), reason=reason)
    return reload(conn, fx)


def confirm(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport, how: Confirmation
) -> Confirmed:
    """Lock `report` as the result of `fx`, record it, and (unless `how` says not) run the post-game and the
    after-result hooks. The caller has checked that this may happen; this only does it."""
    now = rt.clock.now()
    version, payload = (
        save_version(conn, rt, actor, fx, report) if how.new_version else (fx.report_version, None)
    )
    home_outcome, away_outcome = report.outcomes
    season_store.lock_result(
        conn,
        fx,
        home_score=report.home.score,
        away_score=report.away.score,
        home_cas=report.home.casualties,
        away_cas=report.away.casualties,
        home_outcome=home_outcome,
        away_outcome=away_outcome,
        counts_for_bonus=how.counts_for_bonus,
        actor_id=actor.user_id,
        now=now,
    )
    log_step(conn, rt, actor, fx, version, how, report, payload)
    summaries: list[TeamSummary] = []
    if how.postgame and tournament_play.is_tournament_fixture(conn, fx):
        # seed 000: no post-game sequence (full recovery, no SPP, no winnings); the winner's fan and the
        # next round's pairing instead (and, with the rulespack's injuries or advancement, that part of it)
        summaries = tournament_play.after_result(conn, rt, actor, fx, report)
    elif how.postgame:
        season_id = fx.season_id
        if season_id is not None:  # what the after-result hooks read, sent with the post-game's reads
            ahead(
                conn,
                lambda c: season_store.current_season(c, fx.guild_id, fx.league_id),
                lambda c: season_store.unsettled_count(c, fx.guild_id, season_id, "league"),
            )
        summaries = apply_confirmed(conn, rt, actor, fx, report)
        for hook in AFTER_RESULT:
            hook(conn, rt, fx)
    return Confirmed(reload(conn, fx), version, tuple(summaries))
