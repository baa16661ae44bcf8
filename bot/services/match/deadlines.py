"""Round deadlines (seed 001, League Fixtures), processed by the bot itself.

When a round's deadline passes: a fixture not played is a double forfeit (a loss for both, no MVP, no
winnings, the post-game otherwise as usual); a fixture one coach conceded ahead of the deadline is settled
as conceded without penalty, the other team making two MVP awards and gaining D6 x 10,000; a reported but
unconfirmed result confirms itself after the league's grace period unless it is disputed. Every piece of
work is claimed with a conditional UPDATE first, so it happens once however often it is attempted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot import failpoints, i18n
from bot.clock import unix
from bot.errors import Conflict, NotAllowed
from bot.i18n import N_, _
from bot.rules.league.league_settings import MAX_REMINDER_HOURS
from bot.rules.match.deadlines import extendable_deadline, open_round, regular_season, running_season
from bot.rules.match.match_result import ResultReport, Side, SideReport
from bot.rules.statuses import fixture_status
from bot.rules.times import LATEST_UNIX
from bot.services.inputs import optional_reason, reason_of, whole
from bot.services.league import contracts
from bot.services.league.leagues import find_league, language_of
from bot.services.match import unreadable
from bot.services.match.confirmation import (
    Confirmation,
    back_to_commissioner,
    confirm,
    fixture_detail,
    reload,
)
from bot.services.match.postgame import TeamSummary
from bot.services.match.postgame_order import Blocker, blocker
from bot.services.match.results import conceded, find_fixture
from bot.services.runtime import BOT_USER, Actor, Runtime
from bot.services.tournament import tournament_play
from bot.store import announcements, audit
from bot.store import contracts as contract_store
from bot.store import deadlines as deadline_store
from bot.store import leagues as league_store
from bot.store import preferences as preference_store
from bot.store import seasons as season_store
from bot.store.connection import Connection
from bot.store.deadlines import Due
from bot.store.leagues import League
from bot.store.seasons import Fixture


@dataclass(frozen=True)
class SettledFixture:
    fixture: Fixture
    how: str  # 'forfeit', 'conceded', 'to commissioner', 'auto confirm pending', 'disputed', 'confirmed'
    postgame: tuple[TeamSummary, ...] = ()


@dataclass(frozen=True)
class ClosedRound:
    league: League
    season_number: int
    round_number: int
    settled: list[SettledFixture]
    auto_confirm_at: datetime | None
    next_round: tuple[int, datetime] | None  # the round now open, and its deadline
    fixture_only: bool = False  # one fixture's own (extended) deadline, not the whole round


@dataclass(frozen=True)
class Reminder:
    league: League
    round_number: int
    deadline: datetime
    fixtures: list[Fixture]  # still to be played
    dm_user_ids: frozenset[int] = frozenset()  # coaches of those fixtures who want reminders by DM


@dataclass
class Work:
    """Everything the due jobs did (for the Discord layer to announce)."""

    closed: list[ClosedRound] = field(default_factory=list)
    confirmed: list[tuple[League, Fixture, ResultReport, tuple[TeamSummary, ...]]] = field(
        default_factory=list
    )
    reminders: list[Reminder] = field(default_factory=list)


def _system(guild_id: int, league: League) -> Actor:
    return Actor(guild_id=guild_id, user_id=BOT_USER, channel_id=league.announce_channel_id or 0)


def _to_commissioner(conn: Connection, rt: Runtime, fx: Fixture, tournament: bool = False) -> SettledFixture:
    """An unplayed play-off game cannot be a double forfeit: someone must go through. The commissioner
    decides it with /league result. An unplayed tournament game is held for the organiser the same way
    (seed 000 has no forfeit by deadline)."""
    now = rt.clock.now()
    season_store.set_status(conn, fx, "disputed")
    with i18n.using(language_of(conn, fx.guild_id, fx.league_id)):  # the fixture's history and the log
        if tournament:
            reason = _("not played by the round's deadline: held for the organiser to decide")
        else:
            reason = _(
                "not played by the deadline: a play-off game needs a winner, so the commissioner decides"
            )
    action = "deadline.tournament_unplayed" if tournament else "deadline.playoff_unplayed"
    fresh = back_to_commissioner(conn, fx, BOT_USER, now, action, reason, reason)
    return SettledFixture(fresh, "to organiser" if tournament else "to commissioner")


def _settle_unplayed(conn: Connection, rt: Runtime, actor: Actor, fx: Fixture) -> SettledFixture:
    conceder = deadline_store.concession_of(conn, fx.guild_id, fx.id)
    tournament = tournament_play.is_tournament_fixture(conn, fx)
    if conceder is None and (fx.kind == "playoff" or tournament):
        return _to_commissioner(conn, rt, fx, tournament)
    unplayed = ResultReport(
        home=SideReport(team_id=fx.home_team_id, score=0, casualties=0),
        away=SideReport(team_id=fx.away_team_id, score=0, casualties=0),
    )
    if conceder is None:
        report = unplayed.model_copy(update={"unplayed": "forfeit"})
        how = "forfeit"
    else:
        conceded_by: Side = "home" if conceder == fx.home_team_id else "away"
        report = conceded(conn, rt, fx, unplayed, conceded_by).model_copy(
            update={"concession_penalty": False, "unplayed": "conceded"}
        )
        how = "conceded"
    deadline_store.mark_settled(conn, fx.guild_id, fx.id, "forfeit" if how == "forfeit" else "concession")
    with i18n.using(language_of(conn, fx.guild_id, fx.league_id)):  # the fixture's history
        note = _("deadline passed: forfeit") if how == "forfeit" else _("deadline passed: conceded")
    done = confirm(
        conn,
        rt,
        actor,
        fx,
        report,
        Confirmation(
            step="confirmed",
            audit_action=f"deadline.{how}",
            note=note,
            new_version=True,
            counts_for_bonus=False,
        ),
    )
    return SettledFixture(done.fixture, how, done.postgame)


def _close_round(conn: Connection, rt: Runtime, guild_id: int, round_id: int) -> ClosedRound | None:
    now = rt.clock.now()
    info = deadline_store.round_info(conn, guild_id, round_id)
    if info is None or not deadline_store.claim_round(conn, guild_id, round_id, now):
        return None  # already processed (or not due): nothing to do
    league = league_store.get(conn, guild_id, info["league_id"])
    assert league is not None
    actor = _system(guild_id, league)
    grace = timedelta(hours=league.settings.confirm_grace_hours)
    settled = []
    auto_at = None
    for fixture_id in deadline_store.round_fixture_ids(conn, guild_id, round_id):
        fx = season_store.fixture(conn, guild_id, fixture_id)
        assert fx is not None
        own = deadline_store.own_deadline(conn, guild_id, fx.id)
        if own is not None and own > now and fx.status in ("scheduled", "reported"):
            settled.append(SettledFixture(fx, "extended"))  # its own job settles it at its own deadline
        elif fx.status == "scheduled" and (held := blocker(conn, fx)) is not None:
            deadline_store.hold_unplayed(conn, guild_id, fx.id, now)  # settled once that post-game is done
            with i18n.using(league.language):  # the line "round N is over" says
                waits = _(
                    "not played: settled once {team} finishes its post-game of fixture #{fixture}",
                    team=held.team.name,
                    fixture=held.fixture.id,
                )
            settled.append(SettledFixture(fx, waits))
        elif fx.status == "scheduled":
            settled.append(_settle_unplayed(conn, rt, actor, fx))
        elif fx.status == "reported":
            auto_at = now + grace
            deadline_store.set_auto_confirm(conn, guild_id, fx.id, auto_at)
            settled.append(SettledFixture(fx, "auto confirm pending"))
        else:
            settled.append(SettledFixture(fx, fx.status))
    detail = {"round": info["number"], "season": info["season_number"]}
    audit.record_in(conn, league, BOT_USER, "round.close", now, detail)
    upcoming = deadline_store.next_open_round(conn, guild_id, info["season_id"])
    return _announced(
        conn, now, ClosedRound(league, info["season_number"], info["number"], settled, auto_at, upcoming)
    )


def _close_fixture(conn: Connection, rt: Runtime, guild_id: int, fixture_id: int) -> ClosedRound | None:
    """A fixture whose deadline was extended past its round's: settled on its own, once."""
    now = rt.clock.now()
    fx = season_store.fixture(conn, guild_id, fixture_id)
    if fx is None or (fx.status == "scheduled" and blocker(conn, fx) is not None):
        return None  # held: settled once the earlier post-game is finished
    if not deadline_store.claim_fixture_deadline(conn, guild_id, fixture_id, now):
        return None
    league = league_store.get(conn, guild_id, fx.league_id)
    assert league is not None
    auto_at = None
    if fx.status == "scheduled":
        settled = _settle_unplayed(conn, rt, _system(guild_id, league), fx)
    elif fx.status == "reported":
        auto_at = now + timedelta(hours=league.settings.confirm_grace_hours)
        deadline_store.set_auto_confirm(conn, guild_id, fx.id, auto_at)
        settled = SettledFixture(fx, "auto confirm pending")
    else:
        settled = SettledFixture(fx, fx.status)
    season = season_store.current_season(conn, guild_id, league.id)
    closed = ClosedRound(
        league,
        season.number if season else 0,
        fx.round_number or 0,
        [settled],
        auto_at,
        None,
        fixture_only=True,
    )
    return _announced(conn, now, closed)


SETTLED = {  # how each game of a closed round was settled, as its line says it (worded: _(SETTLED[how]))
    "forfeit": N_("not played: a loss for both (no MVP, no winnings)"),
    "to commissioner": N_("not played: a play-off game needs a winner, so the commissioner decides"),
    "to organiser": N_("to organiser"),
    "conceded": N_("conceded before the deadline (without penalty)"),
    "auto confirm pending": N_("reported: confirms itself unless disputed"),
    "disputed": N_("disputed: the commissioner decides"),
    "confirmed": N_("played"),
    "extended": N_("extended"),
}


def _announced(conn: Connection, now: datetime, closed: ClosedRound) -> ClosedRound:
    """Write "round N is over" to the outbox in the transaction that closed it, so a bot stopped right
    after the commit still posts it, once (issue 31 §2)."""
    lines = []
    with i18n.using(closed.league.language):
        for settled in closed.settled:
            fx = settled.fixture
            score = f" **{fx.home_score}-{fx.away_score}**" if fx.home_score is not None else ""
            how = _(SETTLED[settled.how]) if settled.how in SETTLED else settled.how
            lines.append(
                _("{home} v {away}{score}: {how}", home=fx.home_name, away=fx.away_name, score=score, how=how)
            )
        if closed.auto_confirm_at:
            lines.append(
                _("Reported results confirm themselves <t:{time}:R>.", time=unix(closed.auto_confirm_at))
            )
        if closed.next_round:
            number, deadline = closed.next_round
            lines.append(
                _(
                    "**Round {number} is open**: deadline <t:{time}:f> (<t:{time}:R>)",
                    number=number,
                    time=unix(deadline),
                )
            )
        title = _("{league}: round {number} is over", league=closed.league.name, number=closed.round_number)
        lines = lines or [_("No fixtures.")]
    announcements.to_league(conn, closed.league, title, lines, now)
    return closed


def _auto_confirm(
    conn: Connection, rt: Runtime, guild_id: int, fixture_id: int
) -> tuple[League, Fixture, ResultReport, tuple[TeamSummary, ...]] | None:
    now = rt.clock.now()
    fx = season_store.fixture(conn, guild_id, fixture_id)
    if fx is None or blocker(conn, fx) is not None:
        return None  # held: confirmed once the earlier post-game is finished
    if not deadline_store.claim_auto_confirm(conn, guild_id, fixture_id, now):
        return None
    assert fx.report is not None
    league = league_store.get(conn, guild_id, fx.league_id)
    assert league is not None
    report = ResultReport.model_validate_json(fx.report)
    with i18n.using(league.language):  # the fixture's history
        note = _("not confirmed or disputed within the grace period")
    how = Confirmation(step="confirmed", audit_action="result.auto_confirm", note=note)
    done = confirm(conn, rt, _system(guild_id, league), fx, report, how)
    return league, done.fixture, report, done.postgame


def _remind(conn: Connection, rt: Runtime, guild_id: int, reminder_id: int) -> Reminder | None:
    round_id = deadline_store.claim_reminder(conn, guild_id, reminder_id, rt.clock.now())
    if round_id is None:
        return None
    info = deadline_store.round_info(conn, guild_id, round_id)
    assert info is not None
    league = league_store.get(conn, guild_id, info["league_id"])
    assert league is not None
    fixtures = [
        f
        for f in (
            season_store.fixture(conn, guild_id, i)
            for i in deadline_store.round_fixture_ids(conn, guild_id, round_id)
        )
        if f is not None and f.status == "scheduled"
    ]
    deadline = datetime.fromtimestamp(info["deadline_at"], rt.clock.now().tzinfo)
    coaches = sorted({c for f in fixtures for c in f.coaches()})
    wanting = preference_store.wanting_dm(conn, guild_id, coaches)
    return Reminder(league, int(info["number"]), deadline, fixtures, frozenset(wanting))


def _run(conn: Connection, rt: Runtime, due: Due) -> Work:
    work = Work()
    if due.kind == "deadline":
        closed = _close_round(conn, rt, due.guild_id, due.item_id)
        if closed:
            work.closed.append(closed)
    elif due.kind == "fixture_deadline":
        closed_fixture = _close_fixture(conn, rt, due.guild_id, due.item_id)
        if closed_fixture:
            work.closed.append(closed_fixture)
    elif due.kind == "auto_confirm":
        confirmed = _auto_confirm(conn, rt, due.guild_id, due.item_id)
        if confirmed:
            work.confirmed.append(confirmed)
    elif due.kind in ("signing", "signing_reminder"):
        contracts.run_due(conn, rt, due)  # announced through the outbox
    elif due.kind == "reminder":
        reminder = _remind(conn, rt, due.guild_id, due.item_id)
        if reminder:
            work.reminders.append(reminder)
    return work


async def run_due(rt: Runtime, due: Due) -> Work:
    """Do one due piece of work, in one transaction; doing it twice does nothing the second time."""
    return await rt.db.write_step(failpoints.DEADLINE, _run, rt, due)


def _schedule(conn: Connection, rt: Runtime, until: datetime | None) -> list[Due]:
    now = rt.clock.now()
    last = LATEST_UNIX if until is None else unix(until)  # the watch reads only what falls due before then
    # A round opened without its reminders (before they existed, or by an import) gets them now, once they
    # could fall due before `until`: its deadline at most the longest reminder time after it.
    horizon = min(LATEST_UNIX, last + MAX_REMINDER_HOURS * 3600)
    hours: dict[tuple[int, int], tuple[int, ...]] = {}  # each league's settings read once, not per round
    missing = []
    for due, league_id in deadline_store.rounds_without_reminders(conn, unix(now), horizon):
        key = (due.guild_id, league_id)
        if key not in hours:
            league = league_store.get(conn, *key)
            assert league is not None
            hours[key] = league.settings.reminder_hours
        missing += deadline_store.reminders_due(due.guild_id, due.item_id, due.at, hours[key], now)
    deadline_store.add_reminders(conn, missing)
    items = (
        [due for due, _league in deadline_store.open_rounds(conn, last)]
        + deadline_store.pending_reminders(conn, last)
        + deadline_store.pending_auto_confirms(conn, last)
        + deadline_store.extended_fixtures(conn, last)
        + [due for due in contract_store.due_signings(conn) if unix(due.at) <= last]
    )
    unreadable.report(conn, rt)  # rows left out above: logged and told to their commissioner, once
    return sorted((d for d in items if not _held(conn, d, now)), key=lambda d: (d.at, d.kind, d.item_id))


def _held(conn: Connection, due: Due, now: datetime) -> bool:
    """An overdue confirmation or settlement waiting for an earlier post-game is not armed (it would only
    wait again); finishing that post-game re-arms the watch (see services/match/postgame_order.py)."""
    return _waiting_on(conn, due, now) is not None


def _waiting_on(conn: Connection, due: Due, now: datetime) -> Blocker | None:
    """The post-game an overdue confirmation or settlement waits for, if it waits."""
    if due.kind not in ("auto_confirm", "fixture_deadline") or due.at > now:
        return None
    fx = season_store.fixture(conn, due.guild_id, due.item_id)
    if fx is None or (due.kind == "fixture_deadline" and fx.status != "scheduled"):
        return None
    return blocker(conn, fx)


@dataclass(frozen=True)
class Waiting:
    """A confirmation or settlement held until a team finishes an earlier post-game."""

    due: Due
    blocker: Blocker


async def waiting(rt: Runtime, guild_id: int) -> list[Waiting]:
    """The server's held confirmations and settlements, each with the post-game it waits for."""

    def read(conn: Connection) -> list[Waiting]:
        now = rt.clock.now()
        items = deadline_store.pending_auto_confirms(conn) + deadline_store.extended_fixtures(conn)
        found = [(due, _waiting_on(conn, due, now)) for due in items if due.guild_id == guild_id]
        return [Waiting(due, held) for due, held in found if held is not None]

    return await rt.db.read(read)


async def schedule(rt: Runtime, until: datetime | None = None) -> list[Due]:
    """Everything still to come (or overdue), from the database, or only what falls due by `until` (the
    watch's next re-read): what the scheduler must arm."""
    return await rt.db.write(_schedule, rt, until)


# --- what coaches and commissioners do ---------------------------------------------------------------------


def _concede(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> Fixture:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    side = fx.side_of(actor.user_id)
    if side is None:
        raise NotAllowed(_("Only a coach of this fixture can concede it."))
    if fx.kind != "league" or fx.status != "scheduled":
        raise Conflict(
            _(
                "{match} is {status}: only an unplayed league fixture can be conceded ahead of its deadline.",
                match=fx.label,
                status=fixture_status(fx.status),
            )
        )
    team_id = fx.home_team_id if side == "home" else fx.away_team_id
    deadline_store.request_concession(conn, actor.guild_id, fx.id, team_id)
    audit.record_in(conn, fx, actor.user_id, "fixture.concede", rt.clock.now(), fixture_detail(fx))
    return fx


async def concede_fixture(rt: Runtime, actor: Actor, fixture: str) -> Fixture:
    """A coach who cannot play (real-life commitments) concedes ahead of the deadline, without penalty; it is
    settled at the deadline unless the game is reported first."""
    return await rt.db.write(_concede, rt, actor, fixture)


def _extend(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    round_number: int,
    days: int,
    reason: str,
) -> tuple[int, datetime]:
    league = find_league(conn, actor.guild_id, league_ref)
    season = running_season(league.name, season_store.current_season(conn, actor.guild_id, league.id))
    rounds = season_store.rounds(conn, actor.guild_id, season.id)
    target = open_round(round_number, rounds)
    shift = timedelta(days=days)
    for later in rounds:  # this round and every later one move together, keeping their lengths
        if later.number >= round_number and later.status == "open":
            seconds = int(shift.total_seconds())
            deadline_store.shift_round(
                conn,
                actor.guild_id,
                later.id,
                deadline_by=seconds,
                start_by=0 if later.number == round_number else seconds,
            )
            deadline_store.move_reminders(conn, actor.guild_id, later.id, later.deadline_at + shift)
    detail = {"round": round_number, "days": days}
    audit.record_in(conn, league, actor.user_id, "round.extend", rt.clock.now(), detail, reason=reason)
    return round_number, target.deadline_at + shift


async def extend_round(
    rt: Runtime, actor: Actor, league_ref: str | None, round_number: int, days: int, reason: str
) -> tuple[int, datetime]:
    """Extend a round's deadline (later rounds move with it, reminders too); the reason is kept."""
    whole(round_number, 1, 999, _("the round"))
    whole(days, 1, 60, _("the days to extend by"))
    return await rt.db.write(_extend, rt, actor, league_ref, round_number, days, reason_of(reason))


def _pause(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    pause: bool,
    reason: str | None,
) -> datetime | None:
    league = find_league(conn, actor.guild_id, league_ref)
    season = regular_season(league.name, season_store.current_season(conn, actor.guild_id, league.id))
    paused = deadline_store.paused_at(conn, actor.guild_id, season.id)
    now = rt.clock.now()
    if pause:
        if paused is not None:
            raise Conflict(_("{league} is already paused.", league=league.name))
        deadline_store.set_paused(conn, actor.guild_id, season.id, now)
        audit.record_in(conn, league, actor.user_id, "season.pause", now, reason=reason)
        return None
    if paused is None:
        raise Conflict(_("{league} is not paused.", league=league.name))
    paused_for = int(now.timestamp()) - paused
    # Resuming gives back the time the season was paused: every open deadline (and reminder) moves on.
    deadline_store.shift_open_deadlines(conn, actor.guild_id, season.id, paused_for)
    deadline_store.shift_fixture_deadlines(conn, actor.guild_id, season.id, paused_for)
    deadline_store.set_paused(conn, actor.guild_id, season.id, None)
    detail = {"paused_seconds": paused_for}
    audit.record_in(conn, league, actor.user_id, "season.resume", now, detail, reason=reason)
    return now + timedelta(seconds=paused_for)


async def pause_season(
    rt: Runtime, actor: Actor, league_ref: str | None, *, pause: bool, reason: str = ""
) -> datetime | None:
    """Pause (no deadline passes) or resume (deadlines move on by the time paused) the current season."""
    return await rt.db.write(_pause, rt, actor, league_ref, pause, optional_reason(reason))


def _set_dm(conn: Connection, rt: Runtime, actor: Actor, on: bool) -> None:
    preference_store.set_dm_reminders(conn, actor.guild_id, actor.user_id, on, rt.clock.now())


async def set_dm_reminders(rt: Runtime, actor: Actor, on: bool) -> None:
    """A coach chooses whether deadline reminders also come by direct message (off by default)."""
    await rt.db.write(_set_dm, rt, actor, on)


def _extend_fixture(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, days: int, reason: str
) -> tuple[Fixture, datetime]:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    deadline = extendable_deadline(fx.label, fx.kind, fx.status, fx.deadline_at)
    new_deadline = max(deadline, rt.clock.now()) + timedelta(days=days)
    deadline_store.set_fixture_deadline(conn, actor.guild_id, fx.id, new_deadline)
    detail = fixture_detail(fx, {"days": days})
    audit.record_in(conn, fx, actor.user_id, "fixture.extend", rt.clock.now(), detail, reason=reason)
    return reload(conn, fx), new_deadline


async def extend_fixture(
    rt: Runtime, actor: Actor, fixture: str, days: int, reason: str
) -> tuple[Fixture, datetime]:
    """Give one fixture more time than its round; it is then settled at its own deadline."""
    whole(days, 1, 60, _("the days to extend by"))
    return await rt.db.write(_extend_fixture, rt, actor, fixture, days, reason_of(reason))
