"""Results: a coach reports, the other coach confirms or disputes; a commissioner sets or corrects any
result with a reason. Every version is kept (fixture_reports); a confirmed result is locked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from bot import failpoints, i18n
from bot.errors import Conflict, InvalidInput, NotAllowed, NotFound
from bot.i18n import N_, _
from bot.rules.match.match_report import PlayerEvents, check_team_events, parse_team_events
from bot.rules.match.match_result import PlayerLine, ResultReport, Side, SideReport
from bot.rules.match.postgame import conceded_result
from bot.rules.match.results import Decider, check_friendly, check_objectives, check_player_reported, decide
from bot.rules.rulesets import ruleset
from bot.rules.statuses import fixture_status
from bot.rules.tournament.tournament_settings import check_result_numbers
from bot.services.inputs import an_id, one_of, reason_of, row_id, whole
from bot.services.league.leagues import find_league, language_of
from bot.services.league.playoffs import bracket_moved_on, must_have_winner, shootout_winner, winner_of
from bot.services.match.confirmation import Confirmation, Step, confirm, log_step, reload, save_version
from bot.services.match.postgame import TeamSummary
from bot.services.match.postgame_order import require_no_open_postgame
from bot.services.match.result_fans import follow_result
from bot.services.roster.team_lookup import find_team, own_team
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.services.tournament import tournament_play
from bot.services.tournament.tournaments import event_of_fixture, find_event
from bot.store import coaches as coach_store
from bot.store import leagues as league_store
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.connection import Connection, ahead
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow

OPEN = ("scheduled", "reported")
MAX_SCORE = 30  # touchdowns or casualties of one side in one game (as the stored report allows)
MAX_TIEBREAKER = 99  # the organiser's own number for one side in one game (as the stored report allows)
Concession = Literal["mine", "theirs", "mine_no_penalty", "theirs_no_penalty"]
CONCESSIONS: tuple[Concession, ...] = get_args(Concession)
# Who decides a result its coaches cannot, and with what command (worded where said: _(DECIDERS[...])).
DECIDERS = {"event": N_("the organiser (/event result)"), "league": N_("a commissioner (/league result)")}


@dataclass(frozen=True)
class SideInput:
    """What a reporter typed for one side."""

    score: int
    casualties: int
    events: str = ""
    stalling: bool = False
    objectives: int | None = None  # a tournament with Secret Objectives: how many this side achieved (0-3)
    crowd_casualties: int = 0  # a tournament: casualties this side caused by crowd pushes (no SPP)
    tiebreaker: int | None = None  # a tournament naming a tiebreaker of its own: this side's number


@dataclass(frozen=True)
class ReportedResult:
    fixture: Fixture
    report: ResultReport
    version: int
    confirmer_id: int | None  # who must confirm (None once confirmed)
    postgame: tuple[TeamSummary, ...] = ()  # set when this confirmation ran the post-game sequence
    tiebreaker_name: str | None = None  # an event's own tiebreaker, as its rulespack names it
    fans: tuple[str, ...] = ()  # a correction that changed who won: how each team's fans followed it
    decider: str | None = None  # a dispute: who decides it now, and with what command


def find_fixture(conn: Connection, guild_id: int, reference: str) -> Fixture:
    """A fixture by autocomplete value (`f:<id>`) or its number (`#12` or `12`), in this guild only."""
    cleaned = reference.strip().removeprefix("f:").lstrip("#")
    number = row_id(cleaned)
    if number is None:
        raise NotFound(
            _(
                "`{reference}` is not a fixture: pick one from the list (or its #number).",
                reference=reference[:40],
            )
        )
    fx = season_store.fixture(conn, guild_id, number)
    if fx is None:
        raise NotFound(_("There is no fixture #{number} on this server.", number=cleaned))
    return fx


def _side_report(
    conn: Connection, fx: Fixture, team: TeamRow, entry: SideInput, max_mvp_nominations: int
) -> SideReport:
    whole(entry.score, 0, MAX_SCORE, _("{team}'s score", team=team.name))
    whole(entry.casualties, 0, MAX_SCORE, _("{team}'s casualties", team=team.name))
    if entry.objectives is not None:
        whole(entry.objectives, 0, 3, _("{team}'s Secret Objectives achieved", team=team.name))
    whole(entry.crowd_casualties, 0, MAX_SCORE, _("{team}'s crowd casualties", team=team.name))
    if entry.tiebreaker is not None:
        whole(entry.tiebreaker, 0, MAX_TIEBREAKER, _("{team}'s tiebreaker number", team=team.name))
    events: dict[int, PlayerEvents] = parse_team_events(entry.events)
    check_team_events(
        events, score=entry.score, casualties=entry.casualties, max_mvp_nominations=max_mvp_nominations
    )
    lines = []
    by_number = {p.number: p for p in team_store.players(conn, team)}  # the active players, read once
    check_fielded = escalation.fielded_check(conn, fx, team)  # gold piece escalation: this round's roster
    for number, player_events in sorted(events.items()):
        player = by_number.get(number)
        if player is None:
            raise InvalidInput(_("{team} has no player #{number}.", team=team.name, number=number))
        check_fielded(player)
        check_player_reported(
            team.name,
            number,
            player.name,
            missing=player.miss_next_game,
            star=player.star_contract is not None,
            mvp_nomination=player_events.mvp_nomination,
        )
        lines.append(
            PlayerLine(
                player_id=player.id,
                number=number,
                name=player.name,
                touchdowns=player_events.touchdowns,
                casualties=player_events.casualties,
                completions=player_events.completions,
                interceptions=player_events.interceptions,
                superb_throws=player_events.superb_throws,
                safe_landings=player_events.safe_landings,
                mvp_nomination=player_events.mvp_nomination,
                injury=player_events.injury,
                lasting_characteristic=player_events.lasting_characteristic,
                sent_off=int(player_events.sent_off),
            )
        )
    return SideReport(
        team_id=team.id,
        score=entry.score,
        casualties=entry.casualties,
        stalling=entry.stalling,
        players=tuple(lines),
        objectives=entry.objectives,
        crowd_casualties=entry.crowd_casualties,
        tiebreaker=entry.tiebreaker,
    )


def _teams_of(conn: Connection, fx: Fixture) -> tuple[TeamRow, TeamRow]:
    home = team_store.get(conn, fx.guild_id, fx.home_team_id)
    away = team_store.get(conn, fx.guild_id, fx.away_team_id)
    assert home is not None and away is not None
    return home, away


def _build_report(
    conn: Connection,
    rt: Runtime,
    fx: Fixture,
    home: SideInput,
    away: SideInput,
    conceded_by: Side | None = None,
) -> ResultReport:
    """The report as stored. Players' events are checked against the score as played; a conceded game is
    then recorded as a 2-0 (or X-0) win for the other side."""
    home_team, away_team = _teams_of(conn, fx)
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    most = ruleset(rt.catalog, league.settings.ruleset).mvp_nominees  # the ruleset's nominations
    report = ResultReport(
        home=_side_report(conn, fx, home_team, home, most), away=_side_report(conn, fx, away_team, away, most)
    )
    if home.objectives is not None or away.objectives is not None:
        check_objectives(True, tournament_play.uses_objectives(conn, fx))
    crowd = bool(home.crowd_casualties or away.crowd_casualties)
    custom = home.tiebreaker is not None or away.tiebreaker is not None
    if crowd or custom:
        event = event_of_fixture(conn, fx)
        name, rulespack = (event.name, event.rulespack) if event is not None else (None, None)
        check_result_numbers(name, rulespack, crowd=crowd, custom=custom)
    if conceded_by is None:
        return report
    return conceded(conn, rt, fx, report, conceded_by)


def conceded(
    conn: Connection, rt: Runtime, fx: Fixture, report: ResultReport, conceded_by: Side
) -> ResultReport:
    """A conceded game as its competition scores it: a league's (seed 001: 2-0 or X-0, the conceding
    penalties) or a tournament's (seed 000: 3-0 unless the score was better, -1 Tournament Point)."""
    if tournament_play.is_tournament_fixture(conn, fx):
        return tournament_play.conceded_report(rt, report, conceded_by)
    return conceded_result(report, conceded_by, rt.catalog.postgame)


def _decide(
    conn: Connection,
    fx: Fixture,
    report: ResultReport,
    extra_time: bool,
    penalty_winner: Side | None,
) -> ResultReport:
    """Extra time and penalties, as the rules decide them for this game (a play-off or knock-out game must
    have a winner; a shoot-out the bot rolled with /match penalties decides a level one)."""
    knockout = must_have_winner(conn, fx)
    rolled = shootout_winner(conn, fx) if knockout else None
    game = Decider(knockout, rolled, fx.home_name, fx.away_name, fx.id)
    return decide(report, game, extra_time, penalty_winner)


def _decider(conn: Connection, fx: Fixture) -> str:
    """Who decides a fixture's result that its coaches cannot, and with what command (in the current
    language)."""
    return _(DECIDERS["event" if tournament_play.is_tournament_fixture(conn, fx) else "league"])


def _tiebreaker_name(conn: Connection, fx: Fixture) -> str | None:
    """The name of the event's own tiebreaker, shown with the result (None: a league's game, or none)."""
    event = event_of_fixture(conn, fx)
    return event.rulespack.custom_tiebreaker or None if event is not None else None


def _read_ahead(conn: Connection, fx: Fixture) -> None:
    """What a coach's report or confirmation reads next of the fixture (its league, both teams, their
    players and open post-games), sent with the first of those reads on PostgreSQL (`connection.ahead`)."""
    ahead(
        conn,
        lambda c: league_store.get(c, fx.guild_id, fx.league_id),
        lambda c: team_store.get(c, fx.guild_id, fx.home_team_id),
        lambda c: team_store.get(c, fx.guild_id, fx.away_team_id),
        lambda c: team_store.players_of(c, fx.guild_id, fx.home_team_id),
        lambda c: team_store.players_of(c, fx.guild_id, fx.away_team_id),
        lambda c: postgame_store.open_for_team(c, fx.guild_id, fx.home_team_id),
        lambda c: postgame_store.open_for_team(c, fx.guild_id, fx.away_team_id),
    )


def _no_postgame_pending(conn: Connection, fx: Fixture) -> None:
    """A team plays its next fixture only once it has finished the post-game of the last one."""
    require_no_open_postgame(conn, fx)


def _record_report(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport, action: str
) -> ReportedResult:
    version, payload = save_version(conn, rt, actor, fx, report)
    log_step(conn, rt, actor, fx, version, Step(action, "result.report"), report, payload)
    home_coach, away_coach = fx.coaches()
    confirmer = away_coach if actor.user_id == home_coach else home_coach
    return ReportedResult(
        reload(conn, fx), report, version, confirmer, tiebreaker_name=_tiebreaker_name(conn, fx)
    )


def _report(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fixture_ref: str,
    mine: SideInput,
    theirs: SideInput,
    conceded: Concession | None,
    extra_time: bool,
    penalties: Literal["mine", "theirs"] | None,
) -> ReportedResult:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    _read_ahead(conn, fx)
    ahead(conn, lambda c: must_have_winner(c, fx))  # (it reads whether the game is a knock-out game's)
    side = fx.side_of(actor.user_id)
    decider = _decider(conn, fx)
    if side is None:
        raise NotAllowed(
            _("Only the two coaches of this fixture report it ({decider} sets it).", decider=decider)
        )
    coach_store.remember(conn, actor.guild_id, actor.user_id, actor.name, rt.clock.now())  # the web view's
    if fx.status == "confirmed":
        raise Conflict(
            _("{match} is confirmed and locked; {decider} can correct it.", match=fx.label, decider=decider)
        )
    if fx.status == "disputed":
        raise Conflict(_("{match} is disputed: {decider} decides it.", match=fx.label, decider=decider))
    _no_postgame_pending(conn, fx)
    home, away = (mine, theirs) if side == "home" else (theirs, mine)
    conceded_by: Side | None = None
    if conceded is not None:
        conceded_by = side if conceded.startswith("mine") else ("away" if side == "home" else "home")
    report = _build_report(conn, rt, fx, home, away, conceded_by)
    if conceded is not None and conceded.endswith("no_penalty"):
        report = report.model_copy(update={"concession_penalty": False})
    penalty_winner: Side | None = None
    if penalties is not None:
        penalty_winner = side if penalties == "mine" else ("away" if side == "home" else "home")
    report = _decide(conn, fx, report, extra_time, penalty_winner)
    return _record_report(
        conn,
        rt,
        actor,
        fx,
        report,
        "reported",  # the version number tells a re-report apart
    )


async def report_result(
    rt: Runtime,
    actor: Actor,
    fixture: str,
    mine: SideInput,
    theirs: SideInput,
    conceded: Concession | None = None,
    *,
    extra_time: bool = False,
    penalties: Literal["mine", "theirs"] | None = None,
) -> ReportedResult:
    """Report (or, before confirmation, report again) a fixture's result; the other coach confirms it.
    A play-off game records extra time and, if it was still level, who won the penalty shoot-out."""
    if conceded is not None:
        one_of(conceded, CONCESSIONS, _("who conceded"))
    if penalties is not None:
        one_of(penalties, ("mine", "theirs"), _("who won the penalties"))
    return await rt.db.write(_report, rt, actor, fixture, mine, theirs, conceded, extra_time, penalties)


def _current_report(fx: Fixture) -> ResultReport:
    if fx.report is None:
        raise Conflict(_("{match} has no reported result.", match=fx.label))
    return ResultReport.model_validate_json(fx.report)


def _check_answer(fx: Fixture, actor: Actor, version: int) -> None:
    if fx.status != "reported":
        raise Conflict(
            _(
                "{match} is {status}: there is nothing to confirm or dispute.",
                match=fx.label,
                status=fixture_status(fx.status),
            )
        )
    if version != fx.report_version:
        raise Conflict(
            _("{match} was reported again since this message: answer the newest report.", match=fx.label)
        )
    if fx.side_of(actor.user_id) is None:
        raise NotAllowed(_("Only the coaches of {match} can answer its report.", match=fx.label))
    if actor.user_id == fx.reported_by:
        raise NotAllowed(
            _("The other coach confirms or disputes your report; you can report again to fix it.")
        )


def _confirm(conn: Connection, rt: Runtime, actor: Actor, fixture_id: int, version: int) -> ReportedResult:
    fx = find_fixture(conn, actor.guild_id, str(fixture_id))
    _read_ahead(conn, fx)
    _check_answer(fx, actor, version)
    coach_store.remember(conn, actor.guild_id, actor.user_id, actor.name, rt.clock.now())
    _no_postgame_pending(conn, fx)  # a team's post-games happen one at a time
    report = _current_report(fx)
    done = confirm(conn, rt, actor, fx, report, Confirmation(step="confirmed", audit_action="result.confirm"))
    return ReportedResult(done.fixture, report, done.version, None, done.postgame, _tiebreaker_name(conn, fx))


async def confirm_result(rt: Runtime, actor: Actor, fixture_id: int, version: int) -> ReportedResult:
    """The other coach confirms the exact version they were shown; the result is then locked."""
    an_id(version, _("report of this fixture"))
    return await rt.db.write_step(failpoints.CONFIRMATION, _confirm, rt, actor, fixture_id, version)


def _dispute(
    conn: Connection, rt: Runtime, actor: Actor, fixture_id: int, version: int, reason: str
) -> ReportedResult:
    fx = find_fixture(conn, actor.guild_id, str(fixture_id))
    _check_answer(fx, actor, version)
    report = _current_report(fx)
    season_store.set_status(conn, fx, "disputed")
    log_step(conn, rt, actor, fx, version, Step("disputed", "result.dispute", reason), report)
    with i18n.using(language_of(conn, fx.guild_id, fx.league_id)):  # the dispute is shown in the channel
        tiebreaker, decider = _tiebreaker_name(conn, fx), _decider(conn, fx)
    return ReportedResult(
        reload(conn, fx), report, version, None, tiebreaker_name=tiebreaker, decider=decider
    )


async def dispute_result(
    rt: Runtime, actor: Actor, fixture_id: int, version: int, reason: str
) -> ReportedResult:
    """The other coach disputes the report; a commissioner decides (/league result), or for an event's game
    its organiser (/event result)."""
    cleaned = reason_of(reason, _("Say what is wrong with the report, so the commissioner can decide."))
    return await rt.db.write(_dispute, rt, actor, fixture_id, version, cleaned)


@dataclass(frozen=True)
class Referee:
    """Who sets a result: a commissioner, any fixture of the server; an event's organiser, only the games of
    the event (`event`: as the command named it, None for the server's only event)."""

    organiser: bool = False
    event: str | None = None


COMMISSIONER = Referee()


def _check_event_game(conn: Connection, actor: Actor, fx: Fixture, event_ref: str | None) -> None:
    event = find_event(conn, actor.guild_id, event_ref)
    if fx.league_id != event.id:
        raise NotAllowed(
            _(
                "{match} (#{fixture}) is not a game of {event}: an organiser decides the games of the event "
                "(a league's fixtures are the commissioner's, with /league result).",
                match=fx.label,
                fixture=fx.id,
                event=event.name,
            )
        )


def _set(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fixture_ref: str,
    home: SideInput,
    away: SideInput,
    reason: str,
    extra_time: bool,
    penalty_winner: Side | None,
    by: Referee,
) -> ReportedResult:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    if by.organiser:
        _check_event_game(conn, actor, fx, by.event)
    first_confirmation = fx.status != "confirmed"
    if first_confirmation:
        _no_postgame_pending(conn, fx)
    report = _decide(conn, fx, _build_report(conn, rt, fx, home, away), extra_time, penalty_winner)
    if not first_confirmation and must_have_winner(conn, fx):
        winner = fx.home_team_id if report.outcomes[0] == "W" else fx.away_team_id
        if winner != winner_of(fx) and bracket_moved_on(conn, fx):
            raise Conflict(
                _(
                    "{match}'s winner has played on (or taken a prize): a correction may not change who won.",
                    match=fx.label,
                )
            )
    how = Confirmation(
        step="corrected",
        audit_action="result.set",
        reason=reason,
        new_version=True,
        # The post-game runs once, at the first confirmation; a later correction changes the result and the
        # standings, not the post-game already applied, but the fans follow who won (result_fans.py).
        postgame=first_confirmation,
        extra={"was": fx.status, "by": "organiser" if by.organiser else "commissioner"},
    )
    was = None if first_confirmation else _current_report(fx)
    done = confirm(conn, rt, actor, fx, report, how)
    fans = () if was is None else tuple(follow_result(conn, rt, actor, fx, was, report, reason))
    tiebreaker = _tiebreaker_name(conn, fx)
    return ReportedResult(done.fixture, report, done.version, None, done.postgame, tiebreaker, fans)


async def set_result(
    rt: Runtime,
    actor: Actor,
    fixture: str,
    home: SideInput,
    away: SideInput,
    reason: str,
    *,
    extra_time: bool = False,
    penalty_winner: Side | None = None,
    by: Referee = COMMISSIONER,
) -> ReportedResult:
    """A commissioner (any fixture of the server) or an event's organiser (only that event's games) sets or
    corrects a result, e.g. a disputed or held one; it is confirmed at once, and the reason is kept."""
    if penalty_winner is not None:
        one_of(penalty_winner, ("home", "away"), _("the penalty shoot-out winner"))
    cleaned = reason_of(reason)
    return await rt.db.write(_set, rt, actor, fixture, home, away, cleaned, extra_time, penalty_winner, by)


def _friendly(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    league_ref: str | None,
    opponent_ref: str,
    mine: SideInput,
    theirs: SideInput,
) -> ReportedResult:
    league = find_league(conn, actor.guild_id, league_ref)
    own = own_team(conn, actor, league)
    opponent = find_team(conn, actor.guild_id, opponent_ref, league)
    check_friendly(own, opponent)
    season = season_store.current_season(conn, actor.guild_id, league.id)
    fixture_id = season_store.insert_fixture(
        conn,
        guild_id=actor.guild_id,
        league_id=league.id,
        kind="friendly",
        home=own.id,
        away=opponent.id,
        now=rt.clock.now(),
        season_id=season.id if season else None,
    )
    fx = season_store.fixture(conn, actor.guild_id, fixture_id)
    assert fx is not None
    report = _build_report(conn, rt, fx, mine, theirs)
    return _record_report(conn, rt, actor, fx, report, "reported")


async def report_friendly(
    rt: Runtime, actor: Actor, league_ref: str | None, opponent: str, mine: SideInput, theirs: SideInput
) -> ReportedResult:
    """Report a friendly against another approved team; the other coach confirms it like a league game."""
    return await rt.db.write(_friendly, rt, actor, league_ref, opponent, mine, theirs)


def _open_for(conn: Connection, actor: Actor) -> list[Fixture]:
    by_id: dict[int, Fixture] = {}  # a coach's two teams may meet: their game is listed once
    for team in team_store.of_coach(conn, actor.guild_id, actor.user_id):
        for f in season_store.fixtures(conn, actor.guild_id, league_id=team.league_id, team_id=team.id):
            if f.status in OPEN:
                by_id[f.id] = f
    found = list(by_id.values())
    open_round: dict[int, int] = {}  # season -> the round now open (the earliest round not yet closed)
    for season_id in {f.season_id for f in found if f.season_id is not None}:
        still_open = [
            r.number for r in season_store.rounds(conn, actor.guild_id, season_id) if r.status == "open"
        ]
        if still_open:
            open_round[season_id] = min(still_open)
    return sorted(found, key=lambda f: _current_first(f, open_round))


def _current_first(fx: Fixture, open_round: dict[int, int]) -> tuple[int, float, int, int]:
    """The open round's fixtures first, then earlier ones still open (by deadline), then later rounds."""
    current = open_round.get(fx.season_id) if fx.season_id is not None else None
    number = fx.round_number or 0
    deadline = fx.deadline_at.timestamp() if fx.deadline_at else float("inf")
    if current is not None and number == current:
        group = 0
    elif current is not None and number > current:
        group = 2
    else:
        group = 1  # an earlier round's game (reported, or with its own deadline), a friendly, a play-off
    return group, deadline if group == 1 else 0.0, number, fx.id


async def open_fixtures(rt: Runtime, actor: Actor) -> list[Fixture]:
    """The caller's fixtures still to report or confirm, the ones to play now first (for autocomplete)."""
    return await rt.db.read(_open_for, actor)


def _any_open(conn: Connection, guild_id: int) -> list[Fixture]:
    found = []
    for league_id in league_store.ids_in_guild(conn, guild_id):
        found += [
            f
            for f in season_store.fixtures(conn, guild_id, league_id=league_id)
            if f.status != "scheduled" or f.kind in ("league", "playoff")
        ]
    return found


async def all_fixtures(rt: Runtime, guild_id: int) -> list[Fixture]:
    """Every fixture of the server (for the commissioner's autocomplete)."""
    return await rt.db.read(_any_open, guild_id)


DECIDE_FIRST = {"disputed": 0, "reported": 1, "scheduled": 2, "confirmed": 3}


def _event_games(conn: Connection, guild_id: int, event_ref: str | None) -> list[Fixture]:
    event = find_event(conn, guild_id, event_ref)
    found = season_store.fixtures(conn, guild_id, league_id=event.id)
    return sorted(found, key=lambda f: (DECIDE_FIRST.get(f.status, 4), -(f.round_number or 0), f.id))


async def event_games(rt: Runtime, guild_id: int, event_ref: str | None) -> list[Fixture]:
    """An event's games for its organiser's autocomplete: the disputed (and held) ones first, then those
    reported, still to play, and confirmed, the latest round first in each."""
    return await rt.db.read(_event_games, guild_id, event_ref)


def _get(conn: Connection, guild_id: int, fixture_id: int) -> tuple[Fixture, ResultReport | None]:
    fx = find_fixture(conn, guild_id, str(fixture_id))
    return fx, (ResultReport.model_validate_json(fx.report) if fx.report else None)


async def get_fixture(rt: Runtime, guild_id: int, fixture_id: int) -> tuple[Fixture, ResultReport | None]:
    return await rt.db.read(_get, guild_id, fixture_id)


def side_name(fx: Fixture, side: Side) -> str:
    return fx.home_name if side == "home" else fx.away_name
