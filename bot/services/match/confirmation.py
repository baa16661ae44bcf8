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

from bot.rules.match.match_result import ResultReport
from bot.services.league import playoffs
from bot.services.match.postgame import TeamSummary, apply_confirmed
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_play
from bot.store import audit
from bot.store import seasons as season_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture

# What runs after every confirmation that ran a post-game: the play-offs may open, or their next stage be
# drawn. Each hook is idempotent (see services/playoffs.py), so racing confirmations do no harm.
AFTER_RESULT: tuple[Callable[[Connection, Runtime, Fixture], None], ...] = (playoffs.after_result,)


@dataclass(frozen=True)
class Confirmation:
    """What differs between the ways a result is confirmed."""

    step: str  # the fixture history's action: 'confirmed' or 'corrected'
    audit_action: str  # 'result.confirm', 'result.set', 'result.auto_confirm', 'deadline.forfeit', ...
    reason: str | None = None  # a person's reason: kept in the history and the audit log
    note: str | None = None  # the bot's own explanation: in the history only (the audit action says it)
    new_version: bool = False  # the report is new: saved as the next version before it is locked
    counts_for_bonus: bool = True  # False for a fixture settled unplayed (no bonus league points)
    postgame: bool = True  # False for a correction: the post-game already ran at the first confirmation
    extra: Mapping[str, object] = field(default_factory=dict)  # more detail for the audit log


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
    *,
    version: int,
    step: str,
    audit_action: str,
    report: ResultReport,
    payload: str | None = None,
    reason: str | None = None,
    note: str | None = None,
    extra: Mapping[str, object] | None = None,
) -> None:
    """Keep one step of a result's life twice: in its version history and in the league's audit log (a
    `note` only in the history)."""
    now = rt.clock.now()
    season_store.add_history(
        conn,
        fx,
        version=version,
        action=step,
        report=payload,
        actor_id=actor.user_id,
        reason=reason or note,
        now=now,
    )
    detail: dict[str, object] = {
        "fixture": fx.id,
        "match": fx.label,
        "score": report.score_text,
        "version": version,
        **(extra or {}),
    }
    audit.record(
        conn,
        guild_id=fx.guild_id,
        league_id=fx.league_id,
        actor_id=actor.user_id,
        action=audit_action,
        now=now,
        detail=detail,
        reason=reason,
    )


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
    log_step(
        conn,
        rt,
        actor,
        fx,
        version=version,
        step=how.step,
        audit_action=how.audit_action,
        report=report,
        payload=payload,
        reason=how.reason,
        note=how.note,
        extra=how.extra,
    )
    summaries: list[TeamSummary] = []
    if how.postgame and tournament_play.is_tournament_fixture(conn, fx):
        # seed 000: no post-game sequence (full recovery, no SPP, no winnings); the winner's fan and the
        # next round's pairing instead (and, with the rulespack's injuries or advancement, that part of it)
        summaries = tournament_play.after_result(conn, rt, actor, fx, report)
    elif how.postgame:
        summaries = apply_confirmed(conn, rt, actor, fx, report)
        for hook in AFTER_RESULT:
            hook(conn, rt, fx)
    fresh = season_store.fixture(conn, fx.guild_id, fx.id)
    assert fresh is not None
    return Confirmed(fresh, version, tuple(summaries))
