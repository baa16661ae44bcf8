"""Tournaments, play (seed 000 Pairings, Scoring & tiebreakers): start the event, pair its rounds, what a
confirmed game does, the organiser's swap, the pairings and the rankings.

How the event starts and how each round is paired is its format's (rules/tournament/formats.py: Swiss, a
team event, groups and knock-out): this module loads the event as played (`tournaments.played`), asks the
format (`check_start`, `plan_round` with the bot's dice, every die logged and shown, `check_swap`,
`ranking`) and stores and announces what it planned. The next round is paired by itself when the last game
of the round is confirmed (`after_result`, inside the confirming transaction) or earlier by the organiser
(`pair_next_round`, naming the games still open). Pairings are announced through the outbox.

A tournament game has no post-game: no SPP, no injuries kept, no winnings; the winner gains one Dedicated
Fan (tournament_entries.fans_gained). The rulespack's optional rules (seed 000, Additional rules) change
that: Secret Objectives are rolled before each game (services/tournament/tournament_objectives.py); injuries
and advancement run that part of the league's post-game (postgame.apply_tournament), and then the lower CTV
gets petty cash before each game (services/match/inducements.py). In-person events have no deadlines: their
rounds are stored closed, so the deadline watch never arms them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from bot import failpoints, i18n
from bot.errors import Conflict, InvalidInput, NotFound
from bot.i18n import N_, _
from bot.rules.match.match_result import ResultReport, Side
from bot.rules.statuses import fixture_status
from bot.rules.tournament.event_state import (
    RoundsProgress,
    check_more_rounds,
    check_revert_in_event,
)
from bot.rules.tournament.formats import check_start
from bot.rules.tournament.swiss import Draw
from bot.rules.tournament.tournament_scoring import RankingRow, concession_score
from bot.services.dice_logging import log_dice
from bot.services.inputs import optional_whole, reason_of
from bot.services.match.postgame import TeamSummary, apply_tournament
from bot.services.roster.team_lookup import find_team
from bot.services.runtime import BOT_USER, Actor, Runtime
from bot.services.tournament import tournament_entries, tournament_objectives, tournament_options
from bot.services.tournament.round_rows import round_row, store_round
from bot.services.tournament.tournament_squads import SquadStanding, squad_limits, squad_standings
from bot.services.tournament.tournaments import (
    Event,
    event_format,
    event_of,
    event_of_fixture,
    find_event,
    played,
)
from bot.store import announcements, audit
from bot.store import leagues as league_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture, Season
from bot.store.teams import TeamRow
from bot.store.tournaments import Stage, TableRow


@dataclass(frozen=True)
class TableLine:
    """One table of a round: a game (`fixture`), or a Bye (`away` and `fixture` None)."""

    number: int
    home: TeamRow
    away: TeamRow | None
    fixture: Fixture | None
    stage: Stage = "swiss"
    label: str | None = None  # a group, the places at stake, Best of the Rest, a team match


@dataclass(frozen=True)
class Pairings:
    """A round's pairings with table numbers, as paired or as played so far."""

    event: Event
    round_number: int
    tables: tuple[TableLine, ...]
    deadline: datetime | None  # None: an in-person event (no deadline)
    draws: tuple[Draw, ...] = ()  # the dice of the round-1 draw (only when just drawn)
    rematches: tuple[tuple[str, str], ...] = ()  # pairs meeting again because nothing else was possible
    unconfirmed: tuple[Fixture, ...] = ()  # earlier games still open when the organiser paired early
    spare_team_id: int | None = None


# --- concessions, as seed 000 scores them -----


def conceded_report(rt: Runtime, report: ResultReport, conceded_by: Side) -> ResultReport:
    """A tournament game conceded by `conceded_by`: the other coach wins 3-0, unless the score was better for
    him (then it stands); what the players did stays as reported."""
    winner: Side = "away" if conceded_by == "home" else "home"
    won, lost = concession_score(
        report.side(winner).score, report.side(conceded_by).score, rt.catalog.tournament.scoring
    )
    sides = {
        winner: report.side(winner).model_copy(update={"score": won}),
        conceded_by: report.side(conceded_by).model_copy(update={"score": lost}),
    }
    return report.model_copy(
        update={"home": sides["home"], "away": sides["away"], "conceded_by": conceded_by}
    )


def is_tournament_fixture(conn: Connection, fx: Fixture) -> bool:
    return event_of_fixture(conn, fx) is not None


def uses_objectives(conn: Connection, fx: Fixture) -> bool:
    """Whether the fixture is a game of a tournament that plays with Secret Objectives."""
    event = event_of_fixture(conn, fx)
    return event is not None and event.rulespack.secret_objectives


# --- pairing a round -----


def _announce(
    conn: Connection, rt: Runtime, event: Event, title: str, lines: list[str], mentions: list[int]
) -> None:
    announcements.to_league(conn, event.league, title, lines, rt.clock.now(), mentions)


def _season(conn: Connection, event: Event) -> Season:
    season = season_store.current_season(conn, event.league.guild_id, event.id)
    if season is None:
        raise NotFound(_("{event} has not started yet (/event start).", event=event.name))
    return season


def _before_games(conn: Connection, rt: Runtime, actor: Actor, event: Event, pairings: Pairings) -> list[str]:
    """What the bot does for each game of a just-paired round before it is played, as the rulespack's
    optional rules say (each rolls its dice, logged, and returns lines for the pairings announcement, worded
    in the current language: the event's)."""
    lines: list[str] = []
    # --- D: secret objectives ---
    games = [t.fixture for t in pairings.tables if t.fixture is not None]
    lines += tournament_objectives.roll_for_games(conn, rt, actor, event, pairings.round_number, games)
    if event.rulespack.petty_cash:
        lines.append(
            _(
                "Petty cash: before each game the team with the lower CTV gets the difference to spend on "
                "inducements for that game (/match inducements); what is not spent is lost."
            )
        )
    # --- roster options: the custom inducements' rolls ---
    tables = [
        (t.number, t.fixture.id, t.home, t.away)
        for t in pairings.tables
        if t.fixture is not None and t.away is not None
    ]
    lines += tournament_options.roll_before_games(conn, rt, actor, event, tables)
    lines += tournament_options.escalation_line(event, pairings.round_number)
    return lines


def _pair(conn: Connection, rt: Runtime, actor: Actor, event: Event, season: Season, number: int) -> Pairings:
    """Pair round `number` as the event's format plans it, store it (round, fixtures, tables), log and
    announce it. A refusal is the user's language; the tables' labels, the log and the announcement are the
    event's."""
    state = played(conn, event)
    policy, view = event_format(rt, state)
    policy.check_round(view, number)
    with i18n.using(event.league.language):
        plan = policy.plan_round(view, number, rt.dice)
        purpose = _("{event} round {number} draw", event=event.name, number=number)
    if plan.draws:
        log_dice(
            conn,
            rt,
            actor,
            [(d.sides, d.face) for d in plan.draws],
            purpose=purpose,
            league_id=event.league.id,
        )
    rnd = round_row(conn, rt, event, season, number)
    stored = store_round(conn, rt, event, (season, rnd), plan, state.spare_team_id)
    names = state.teams
    rematches = tuple((names[a].name, names[b].name) for a, b in (sorted(pair) for pair in plan.rematches))
    pairings = _read_round(conn, event, number, plan.draws, rematches, fixtures=stored)
    with i18n.using(event.league.language):
        detail = {
            "round": number,
            "tables": [table_text(t) for t in pairings.tables],
            "rematches": [f"{a} v {b}" for a, b in rematches],
        }
        lines = table_lines(pairings.tables)
        if plan.draws:
            dice = ", ".join(f"d{d.sides}={d.face}" for d in plan.draws)
            lines.append(_("Drawn with the bot's dice: {dice}", dice=dice))
        lines += [
            _("{first} and {second} meet again: no other pairing was possible.", first=a, second=b)
            for a, b in rematches
        ]
        lines += plan.notes
        lines += _before_games(conn, rt, actor, event, pairings)
        lines.append(_deadline_text(pairings.deadline))
        title = _("{event}: round {number} pairings", event=event.name, number=number)
    audit.record_in(conn, event.league, actor.user_id, "tournament.round", rt.clock.now(), detail)
    _announce(conn, rt, event, title, lines, mentions_of(pairings.tables))
    return pairings


def _coaches(table: TableLine) -> list[int]:
    return [table.home.coach_id] + ([table.away.coach_id] if table.away is not None else [])


def table_lines(tables: Sequence[TableLine]) -> list[str]:
    """The tables of a round as its pairings announcement lists them, each coach mentioned (shown, not
    pinged: the mentions that ping are `mentions_of`, posted once each ahead of the tables)."""
    return [table_text(t, mentions=True) for t in tables]


def mentions_of(tables: Sequence[TableLine]) -> list[int]:
    """Every coach of a round's tables once (not the bot, which plays the Spare Player's unentered side)."""
    return sorted({c for t in tables for c in _coaches(t) if c != BOT_USER})


def _team_text(team: TeamRow, mentions: bool, bold: bool) -> str:
    name = f"**{team.name}**" if bold else team.name
    return f"{name} (<@{team.coach_id}>)" if mentions else name


def table_text(table: TableLine, *, mentions: bool = False, bold: bool = False) -> str:
    """`Table 3 (Group A): Reavers (@coach) v Raiders (@coach) (#12)`, the score once confirmed, or the Bye:
    the one wording of a table, in the announcements, the log and /tournament pairings (in the current
    language; the label as stored, in the event's)."""
    home = _team_text(table.home, mentions, bold)
    if table.label:
        head = _("Table {number} ({label})", number=table.number, label=table.label)
    else:
        head = _("Table {number}", number=table.number)
    head = f"**{head}**" if bold else head
    if table.away is None:
        return _("{table}: {team}: Bye (a 2-0 win)", table=head, team=home)
    away = _team_text(table.away, mentions, bold)
    fx = table.fixture
    if fx is not None and fx.status == "confirmed" and fx.home_score is not None:
        return f"{head}: {home} {fx.home_score}-{fx.away_score} {away}"
    state = ""
    if fx is not None:
        state = f" (#{fx.id}" + (f", {fixture_status(fx.status)}" if fx.status != "scheduled" else "") + ")"
    return _("{table}: {home} v {away}", table=head, home=home, away=away) + state


def _deadline_text(deadline: datetime | None) -> str:
    if deadline is None:
        return _("Played in person: no deadline. Report each game with /report; the other coach confirms it.")
    return _("Deadline <t:{stamp}:f> (<t:{stamp}:R>).", stamp=int(deadline.timestamp()))


def _read_round(
    conn: Connection,
    event: Event,
    number: int,
    draws: tuple[Draw, ...] = (),
    rematches: tuple[tuple[str, str], ...] = (),
    unconfirmed: tuple[Fixture, ...] = (),
    *,
    fixtures: Sequence[Fixture] | None = None,
) -> Pairings:
    """Round `number` as stored; `fixtures`: the event's fixtures when the caller has just read them."""
    guild_id = event.league.guild_id
    teams = {t.id: t for t in team_store.in_league(conn, guild_id, event.id)}
    if fixtures is None:
        fixtures = season_store.fixtures(conn, guild_id, league_id=event.id)
    by_id = {f.id: f for f in fixtures}
    lines = []
    for row in tournament_store.tables(conn, guild_id, event.id, number):
        lines.append(_line(row, teams, by_id))
    if not lines:
        raise NotFound(_("{event} has no round {number} yet.", event=event.name, number=number))
    first = lines[0].fixture
    deadline = first.deadline_at if first is not None and event.rulespack.round_hours else None
    if deadline is None and event.rulespack.round_hours:
        season = _season(conn, event)
        rnd = next((r for r in season_store.rounds(conn, guild_id, season.id) if r.number == number), None)
        deadline = rnd.deadline_at if rnd else None
    spare = next((e.team_id for e in tournament_store.entries(conn, guild_id, event.id) if e.spare), None)
    return Pairings(event, number, tuple(lines), deadline, draws, rematches, unconfirmed, spare)


def _line(row: TableRow, teams: dict[int, TeamRow], fixtures: dict[int, Fixture]) -> TableLine:
    if row.fixture_id is None:
        assert row.bye_team_id is not None
        return TableLine(row.table_number, teams[row.bye_team_id], None, None, row.stage, row.label)
    fx = fixtures[row.fixture_id]
    return TableLine(
        row.table_number, teams[fx.home_team_id], teams[fx.away_team_id], fx, row.stage, row.label
    )


# --- starting -----


def _start(conn: Connection, rt: Runtime, actor: Actor, reference: str | None) -> Pairings:
    event = find_event(conn, actor.guild_id, reference)
    if event.status == "running":
        raise Conflict(_("{event} has already started.", event=event.name))
    if event.status != "registration":
        raise Conflict(_("{event} is over.", event=event.name))
    state = played(conn, event)
    broken = tournament_entries.rosters_breaking_rules(conn, rt, event)  # as the rulespack now stands
    check_start(state.view(rt.catalog.tournament.scoring), broken, squad_limits(conn, rt, state))
    ranked, spare = state.ranked_ids, state.spare_team_id
    if not tournament_store.set_status(conn, event.tournament, "running", rt.clock.now()):
        raise Conflict(_("{event} was started (or changed) by someone else just now.", event=event.name))
    season = season_store.insert_season(
        conn,
        guild_id=actor.guild_id,
        league_id=event.id,
        number=1,
        started_by=actor.user_id,
        now=rt.clock.now(),
    )
    running = find_event(conn, actor.guild_id, f"l:{event.id}")
    detail = {
        "coaches": len(ranked),
        "spare": state.teams[spare].name if spare is not None and len(ranked) % 2 else None,
        "rounds": event.rulespack.rounds,
    }
    audit.record_in(conn, event.league, actor.user_id, "tournament.start", rt.clock.now(), detail)
    return _pair(conn, rt, actor, running, season, 1)


async def start_event(rt: Runtime, actor: Actor, reference: str | None) -> Pairings:
    """The organiser starts the event: rosters lock (status running), round 1 is drawn with the bot's dice
    (logged and shown) and announced with table numbers."""
    return await rt.db.write_step(failpoints.PAIRING, _start, rt, actor, reference)


def _open_games(conn: Connection, event: Event, number: int) -> list[Fixture]:
    return [
        f
        for f in season_store.fixtures(conn, event.league.guild_id, league_id=event.id)
        if f.round_number is not None and f.round_number <= number and f.status != "confirmed"
    ]


# An event's status as a reader sees it (the store keeps the English key).
EVENT_STATUSES = {"registration": N_("registration"), "running": N_("running"), "finished": N_("finished")}


def _pair_early(conn: Connection, rt: Runtime, actor: Actor, reference: str | None) -> Pairings:
    event = find_event(conn, actor.guild_id, reference)
    if event.status != "running":
        status = _(EVENT_STATUSES[event.status]) if event.status in EVENT_STATUSES else event.status
        raise Conflict(_("{event} is not running (it is {status}).", event=event.name, status=status))
    current = tournament_store.last_round(conn, actor.guild_id, event.id)
    check_more_rounds(event.name, current, event.rulespack.rounds)
    unconfirmed = tuple(_open_games(conn, event, current))
    pairings = _pair(conn, rt, actor, event, _season(conn, event), current + 1)
    if unconfirmed:
        detail = {"round": current + 1, "open": [f"#{f.id} {f.label}" for f in unconfirmed]}
        audit.record_in(conn, event.league, actor.user_id, "tournament.pair_early", rt.clock.now(), detail)
    return replace(pairings, unconfirmed=unconfirmed)


async def pair_next_round(rt: Runtime, actor: Actor, reference: str | None) -> Pairings:
    """The organiser pairs the next round now; games still open are named, stay open and count when they
    are confirmed."""
    return await rt.db.write_step(failpoints.PAIRING, _pair_early, rt, actor, reference)


# --- a confirmed game -----


def _winner(fx: Fixture, report: ResultReport) -> int | None:
    home_outcome, away_outcome = report.outcomes
    return fx.home_team_id if home_outcome == "W" else fx.away_team_id if away_outcome == "W" else None


def _winner_fan(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    report: ResultReport,
    sign: int,
    reason: str | None = None,
) -> str | None:
    """The winner's Dedicated Fan (seed 000: "the winning team increases their Dedicated Fans by 1") given
    (`sign` 1) or taken back (-1), and logged; a line for the reply, or None for a draw (or a team not
    entered)."""
    winner = _winner(fx, report)
    if winner is None or tournament_store.entry(conn, fx.guild_id, winner) is None:
        return None
    fans = sign * rt.catalog.tournament.scoring.winner_fans
    tournament_store.add_fans(conn, fx.guild_id, winner, fans)
    name = fx.home_name if winner == fx.home_team_id else fx.away_name
    detail = {"fixture": fx.id, "match": fx.label, "team": name, "fans": fans}
    audit.record_in(conn, fx, actor.user_id, "tournament.fan", rt.clock.now(), detail, reason=reason)
    signed = f"{fans:+}"
    if sign > 0:
        return _("{team}: the winner's Dedicated Fan given ({fans})", team=name, fans=signed)
    return _("{team}: the winner's Dedicated Fan taken back ({fans})", team=name, fans=signed)


def move_winner_fans(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fx: Fixture,
    before: ResultReport,
    after: ResultReport,
    reason: str,
) -> list[str]:
    """A corrected result changed who won (services/match/result_fans.py): the old winner's Dedicated Fan is
    taken back and the new winner gains it (a draw has no winner). A line for the reply per change."""
    lines = (
        _winner_fan(conn, rt, actor, fx, before, -1, reason),
        _winner_fan(conn, rt, actor, fx, after, 1, reason),
    )
    return [line for line in lines if line is not None]


def before_revert(conn: Connection, rt: Runtime, actor: Actor, fx: Fixture) -> str | None:
    """A tournament game's post-game (injuries, advancement) is about to be reverted and the game reopened:
    refused once the next round is paired on its result; else the winner's Dedicated Fan is taken back (the
    result set again gives it anew). Returns a line for the reply, or None for a league game."""
    if not is_tournament_fixture(conn, fx):
        return None
    paired = tournament_store.last_round(conn, fx.guild_id, fx.league_id)
    check_revert_in_event(fx.label, fx.round_number, paired)
    if not fx.report:
        return None
    return _winner_fan(conn, rt, actor, fx, ResultReport.model_validate_json(fx.report), -1)


def after_result(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, report: ResultReport
) -> list[TeamSummary]:
    """A tournament game was just confirmed (inside that transaction): no post-game (full recovery, no SPP,
    no winnings, extra players leave) unless the rulespack keeps injuries or lets players advance (then the
    league's post-game does just that part, `postgame.apply_tournament`, and its summaries are returned);
    the winner gains 1 Dedicated Fan; and when it was the last open game of the current round, the next
    round is paired (or the event is ready to finish)."""
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    event = event_of(conn, league)
    if event is None or event.status != "running":
        return []
    summaries: list[TeamSummary] = []
    # --- D: optional rules in play ---
    tournament_objectives.reveal(conn, rt, event, fx, report)
    rulespack = event.rulespack
    if rulespack.injuries or rulespack.advancement:
        summaries = apply_tournament(
            conn, rt, actor, fx, report, injuries=rulespack.injuries, advancement=rulespack.advancement
        )
    _winner_fan(conn, rt, actor, fx, report, 1)  # seed 000: "the winning team" (the Spare Player's too)
    current = tournament_store.last_round(conn, fx.guild_id, event.id)
    if fx.round_number != current or _open_games(conn, event, current):
        return summaries
    system = Actor(guild_id=fx.guild_id, user_id=BOT_USER, channel_id=league.announce_channel_id or 0)
    if current >= event.rulespack.rounds:
        with i18n.using(event.league.language):
            title = _("{event}: every round is played", event=event.name)
            line = _(
                "All {count} rounds are confirmed: the organiser can finish the event and announce "
                "the awards.",
                count=current,
            )
        _announce(conn, rt, event, title, [line], [])
        return summaries
    _pair(conn, rt, system, event, _season(conn, event), current + 1)
    return summaries


# --- the organiser's swap -----


def _swap(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    team_a: str,
    team_b: str,
    reason: str,
) -> Pairings:
    event = find_event(conn, actor.guild_id, reference)
    if event.status != "running":
        raise Conflict(
            _("{event} is not running: only a running event's pairings can change.", event=event.name)
        )
    current = tournament_store.last_round(conn, actor.guild_id, event.id)
    a = find_team(conn, actor.guild_id, team_a, event.league)
    b = find_team(conn, actor.guild_id, team_b, event.league)
    if a.id == b.id:
        raise InvalidInput(_("Name two different teams to swap."))
    policy, view = event_format(rt, played(conn, event))
    policy.check_swap(view, a.id, b.id)  # a table each, that may change (a team event: of one squad)
    pairings = _read_round(conn, event, current)
    where = {t.id: table for table in pairings.tables for t in (table.home, table.away) if t is not None}
    for team in (a, b):
        fx = where[team.id].fixture
        if fx is not None and (fx.status != "scheduled" or fx.report_version):
            raise Conflict(
                _("{game} already has a report: its coaches can no longer be swapped.", game=fx.label)
            )
    table_a, table_b = where[a.id], where[b.id]
    rows = {r.table_number: r for r in tournament_store.tables(conn, actor.guild_id, event.id, current)}
    for table, old, new in ((table_a, a.id, b.id), (table_b, b.id, a.id)):
        if table.fixture is not None:
            tournament_store.set_fixture_team(conn, actor.guild_id, table.fixture.id, old, new)
        else:
            tournament_store.set_bye_team(conn, actor.guild_id, rows[table.number].id, new)
    after = _read_round(conn, event, current)
    # --- D: secret objectives go with the coach ---
    tournament_objectives.after_swap(
        conn,
        rt,
        actor,
        event,
        current,
        [(team.id, _fixture_of(pairings, team.id), _fixture_of(after, team.id)) for team in (a, b)],
        [line.fixture for line in after.tables if line.fixture is not None],
    )
    detail = {"round": current, "teams": [a.name, b.name], "tables": [table_a.number, table_b.number]}
    audit.record_in(
        conn, event.league, actor.user_id, "tournament.swap", rt.clock.now(), detail, reason=reason
    )
    changed = [t for t in after.tables if t.number in (table_a.number, table_b.number)]
    with i18n.using(event.league.language):
        title = _("{event}: round {number} pairings changed", event=event.name, number=current)
        lines = [*(table_text(t, mentions=True) for t in changed), _("Reason: {reason}", reason=reason)]
    _announce(conn, rt, event, title, lines, sorted({c for t in changed for c in _coaches(t)}))
    return after


def _fixture_of(pairings: Pairings, team_id: int) -> int | None:
    """The id of the game a team plays in a round (None: a Bye, or no table)."""
    for line in pairings.tables:
        if line.fixture is not None and team_id in (line.home.id, line.away and line.away.id):
            return line.fixture.id
    return None


MAX_SWAPS = 3  # pairs of teams swapped in one command


def _swaps(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    pairs: Sequence[tuple[str, str]],
    reason: str,
) -> Pairings:
    after: Pairings | None = None
    for team_a, team_b in pairs:
        after = _swap(conn, rt, actor, reference, team_a, team_b, reason)
    assert after is not None
    return after


async def swap_tables(
    rt: Runtime,
    actor: Actor,
    reference: str | None,
    team_a: str,
    team_b: str,
    reason: str,
    more: Sequence[tuple[str | None, str | None]] = (),
) -> Pairings:
    """The organiser swaps two coaches between tables of the current round (neither game reported yet),
    and `more` pairs after them, in order: all the swaps or, when one is refused, none (one transaction);
    each is logged and announced with the reason."""
    cleaned = reason_of(reason, _("Give a reason: it is kept in the event's log."))
    if len(more) >= MAX_SWAPS:
        raise InvalidInput(_("Swap at most {most} pairs of teams at once.", most=MAX_SWAPS))
    pairs = [(team_a, team_b)]
    for one, other in more:
        if one is None or other is None:
            raise InvalidInput(_("Name both teams of each pair to swap."))
        pairs.append((one, other))
    return await rt.db.write(_swaps, rt, actor, reference, pairs, cleaned)


# --- reading -----


def pairings_in(conn: Connection, guild_id: int, reference: str | None, number: int | None) -> Pairings:
    event = find_event(conn, guild_id, reference)
    current = tournament_store.last_round(conn, guild_id, event.id)
    if current == 0:
        raise NotFound(
            _(
                "{event} has not been paired yet (the organiser starts it with /event start).",
                event=event.name,
            )
        )
    if number is not None and not 1 <= number <= current:
        raise NotFound(_("{event} has rounds 1 to {last} so far.", event=event.name, last=current))
    return _read_round(conn, event, number or current)


async def round_pairings(
    rt: Runtime, guild_id: int, reference: str | None, number: int | None = None
) -> Pairings:
    """A round's tables (the current round by default), with the scores of confirmed games."""
    optional_whole(number, 1, 1000, _("the round"))
    return await rt.db.read(pairings_in, guild_id, reference, number)


@dataclass(frozen=True)
class StandingLine:
    row: RankingRow[int]
    team: TeamRow


@dataclass(frozen=True)
class EventStandings:
    event: Event
    lines: tuple[StandingLine, ...]
    spare: TeamRow | None  # listed apart: not ranked
    rounds_paired: int
    progress: RoundsProgress  # the rounds played: what the rankings follow
    sections: tuple[tuple[int, str], ...] = ()  # a group event: (first position, heading), e.g. the knock-out
    squads: tuple[SquadStanding, ...] = ()  # a team event's squad ranking (seed 000, Team Events)

    @property
    def title(self) -> str:
        """'Cup: rankings after round 1, round 2 under way' (issue 29: rankings follow games played), in the
        current language."""
        return _("{event}: rankings {progress}", event=self.event.name, progress=self.progress.title)


def standings_in(conn: Connection, rt: Runtime, guild_id: int, reference: str | None) -> EventStandings:
    event = find_event(conn, guild_id, reference)
    state = played(conn, event)
    policy, view = event_format(rt, state)
    spare = state.teams.get(state.spare_team_id) if state.spare_team_id is not None else None
    return EventStandings(
        event,
        tuple(StandingLine(row, state.teams[row.coach]) for row in policy.ranking(view)),
        spare,
        tournament_store.last_round(conn, guild_id, event.id),
        view.progress,
        policy.sections(view),
        tuple(squad_standings(conn, rt, event, state)),
    )


async def standings(rt: Runtime, guild_id: int, reference: str | None) -> EventStandings:
    """Seed 000 rankings: TP, BP, TD difference, touchdowns, casualties and the rulespack's tiebreakers, each
    tie with the tiebreaker that settled it; the Spare Player apart, not ranked."""
    return await rt.db.read(lambda conn: standings_in(conn, rt, guild_id, reference))
