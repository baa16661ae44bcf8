"""Play-offs and the end of a season (seed 001: Play-offs, Glittering Prizes).

When every regular-season fixture is confirmed, a commissioner opens the play-offs (or the bot does, as
the league chose): the qualifiers are taken from the standings, the first stage is drawn and gets a round
with a deadline and reminders like any other. Each stage's winners meet in the next; the semi-final losers
play for third place. Once the final and the third-place game are confirmed and the prize winners have
finished their post-games, the prizes are paid (so expensive mistakes never touch them), the winner takes
the League Trophy and the season is over. A league without play-offs pays its prizes by the standings.

The functions taking a connection run inside the transaction of the confirmation or post-game that
triggered them, so a stage is drawn, and a prize paid, exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from bot import i18n
from bot.errors import Conflict, NotAllowed, NotFound
from bot.i18n import _, ngettext
from bot.rules.dice import RecordingDice
from bot.rules.league.playoffs import (
    Qualifier,
    Shootout,
    check_playoffs_open,
    first_round,
    next_stage,
    overall_order,
    penalty_shootout,
    playoff_size,
    qualify,
    stage_count,
    stage_name,
)
from bot.rules.match.results import check_shootout
from bot.services.dice_logging import log_dice
from bot.services.inputs import optional_whole
from bot.services.league import contracts
from bot.services.league.leagues import find_league, language_of
from bot.services.league.seasons import standings_tables
from bot.services.runtime import BOT_USER, Actor, Runtime
from bot.store import announcements, audit
from bot.store import deadlines as deadline_store
from bot.store import leagues as league_store
from bot.store import playoffs as playoff_store
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store import tournaments as tournament_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.playoffs import Award
from bot.store.seasons import Fixture, Round, Season
from bot.text import gp, ordinal


@dataclass(frozen=True)
class Bracket:
    league: League
    season: Season
    qualifiers: list[tuple[Qualifier, str]]  # with the team's name
    stages: list[tuple[str, list[Fixture]]]  # stage title, its games by slot (third place last)
    awards: list[Award]
    regular_left: int  # regular-season fixtures not yet confirmed
    size: int  # qualifiers (0: no play-offs)


def stage_title(size: int, stage: int, third_place: bool = False) -> str:
    return _("Third-place play-off") if third_place else stage_name(size >> (stage - 1))


def winner_of(fx: Fixture) -> int | None:
    if fx.status != "confirmed":
        return None
    if fx.home_outcome == "W":
        return fx.home_team_id
    if fx.away_outcome == "W":
        return fx.away_team_id
    return None


def loser_of(fx: Fixture) -> int | None:
    winner = winner_of(fx)
    if winner is None:
        return None
    return fx.away_team_id if winner == fx.home_team_id else fx.home_team_id


def _season_fixtures(conn: Connection, league: League, season: Season) -> list[Fixture]:
    return season_store.fixtures(conn, league.guild_id, league_id=league.id, season_id=season.id)


def _unsettled_regular(conn: Connection, league: League, season: Season) -> list[Fixture]:
    return [
        f for f in _season_fixtures(conn, league, season) if f.kind == "league" and f.status != "confirmed"
    ]


def _playoff_games(conn: Connection, league: League, season: Season) -> list[Fixture]:
    games = [f for f in _season_fixtures(conn, league, season) if f.kind == "playoff"]
    return sorted(games, key=lambda f: (f.playoff_stage or 0, f.playoff_slot or 0))


def _season_size(conn: Connection, league: League, season: Season) -> int:
    teams = sum(len(d.team_ids) for d in season_store.divisions(conn, league.guild_id, season.id))
    return playoff_size(league.settings.playoff_places, teams)


def _new_round(conn: Connection, rt: Runtime, league: League, season: Season) -> Round:
    """A play-off stage's round: it opens now and has the league's round length, with reminders."""
    now = rt.clock.now()
    rounds = season_store.rounds(conn, league.guild_id, season.id)
    number = max((r.number for r in rounds), default=0) + 1
    deadline = now + timedelta(days=league.settings.round_days)
    rnd = season_store.insert_round(
        conn,
        guild_id=league.guild_id,
        season_id=season.id,
        number=number,
        starts_at=now,
        deadline_at=deadline,
    )
    deadline_store.ensure_reminders(
        conn, league.guild_id, rnd.id, deadline, league.settings.reminder_hours, now
    )
    return rnd


def _create_stage(
    conn: Connection,
    rt: Runtime,
    league: League,
    season: Season,
    stage: int,
    size: int,
    games: list[tuple[int, int, int, bool]],
) -> None:
    rnd = _new_round(conn, rt, league, season)
    playoff_store.insert_playoff_fixtures(
        conn,
        guild_id=league.guild_id,
        league_id=league.id,
        season_id=season.id,
        round_id=rnd.id,
        stage=stage,
        games=games,
        now=rt.clock.now(),
    )
    names = {t.id: t for t in team_store.in_league(conn, league.guild_id, league.id)}
    lines = []
    mentions = []
    with i18n.using(league.language):
        for _slot, home, away, third in games:
            lines.append(
                _(
                    "{stage}: {home} v {away}",
                    stage=stage_title(size, stage, third),
                    home=names[home].name,
                    away=names[away].name,
                )
            )
            mentions += [names[home].coach_id, names[away].coach_id]
        lines.append(
            _(
                "Deadline <t:{deadline}:f>. Every play-off game needs a winner: extra time, then a penalty "
                "shoot-out (/match penalties) if still level.",
                deadline=int(rnd.deadline_at.timestamp()),
            )
        )
        title = _(
            "{league} season {number}: {stage}",
            league=league.name,
            number=season.number,
            stage=stage_title(size, stage),
        )
    announcements.to_league(
        conn,
        league,
        title,
        lines,
        rt.clock.now(),
        mentions,
        picture=announcements.picture_spec("bracket", season.number),
    )


def _open(conn: Connection, rt: Runtime, actor: Actor, league: League, season: Season) -> None:
    if season.status == "finished":
        raise Conflict(_("Season {number} of {league} is over.", number=season.number, league=league.name))
    if season.status != "regular":
        raise Conflict(
            _(
                "Season {number} of {league} is already in its play-offs.",
                number=season.number,
                league=league.name,
            )
        )
    size = _season_size(conn, league, season)
    check_playoffs_open(league.name, _unsettled_regular(conn, league, season), size)
    settings = league.settings
    qualifiers = qualify(standings_tables(conn, league, season), size, settings)
    dice = RecordingDice(rt.dice)
    pairs = first_round(qualifiers, settings.playoff_seeding, dice)
    now = rt.clock.now()
    if dice.rolls:
        with i18n.using(league.language):
            purpose = _("{league} season {number}: play-off draw", league=league.name, number=season.number)
        log_dice(conn, rt, actor, dice.rolls, purpose=purpose, league_id=league.id)
    playoff_store.save_qualifiers(conn, league.guild_id, season.id, qualifiers)
    deadline_store.close_rounds(conn, league.guild_id, season.id, now)  # all settled: nothing left to chase
    if not season_store.open_playoffs(conn, league.guild_id, season):
        raise Conflict(
            _("Season {number} of {league} already moved on.", number=season.number, league=league.name)
        )
    names = {t.id: t.name for t in team_store.in_league(conn, league.guild_id, league.id)}
    audit.record_in(
        conn,
        league,
        actor.user_id,
        "playoffs.open",
        now,
        {
            "season": season.number,
            "qualifiers": [f"{q.seed}. {names[q.team_id]}" for q in qualifiers],
            "seeding": settings.playoff_seeding,
        },
    )
    with i18n.using(league.language):
        seeds = ", ".join(
            _(
                "{seed}. {team} (division {division}, {place})",
                seed=q.seed,
                team=names[q.team_id],
                division=q.division,
                place=ordinal(q.place),
            )
            for q in qualifiers
        )
        title = _("{league} season {number}: the play-offs", league=league.name, number=season.number)
        qualified = _("Qualified: {seeds}", seeds=seeds)
    announcements.to_league(conn, league, title, [qualified], rt.clock.now())
    games = [(slot, a.team_id, b.team_id, False) for slot, (a, b) in enumerate(pairs, start=1)]
    _create_stage(conn, rt, league, season, 1, size, games)


def _open_by_commissioner(conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None) -> Bracket:
    league = find_league(conn, actor.guild_id, league_ref)
    season = _current(conn, league)
    _open(conn, rt, actor, league, season)
    return _bracket(conn, league, _current(conn, league))


async def open_playoffs(rt: Runtime, actor: Actor, league_ref: str | None) -> Bracket:
    """A commissioner opens the play-offs once every regular-season fixture is confirmed."""
    return await rt.db.write(_open_by_commissioner, rt, actor, league_ref)


def _current(conn: Connection, league: League) -> Season:
    season = season_store.current_season(conn, league.guild_id, league.id)
    if season is None:
        raise NotFound(_("{league} has not started a season yet (/season start).", league=league.name))
    return season


def _advance_bracket(conn: Connection, rt: Runtime, league: League, season: Season, stage: int) -> None:
    size = season.playoff_size or 0
    games = [
        f for f in _playoff_games(conn, league, season) if f.playoff_stage == stage and not f.third_place
    ]
    if stage >= stage_count(size) or any(winner_of(f) is None for f in games):
        return  # the final's winner is crowned when the post-games are done; or the stage is not over
    if playoff_store.stage_exists(conn, league.guild_id, season.id, stage + 1):
        return
    seeds = {q.team_id: q for q in playoff_store.qualifiers(conn, league.guild_id, season.id)}
    winners = [seeds[w] for w in (winner_of(f) for f in games) if w is not None]
    new = [(slot, a.team_id, b.team_id, False) for slot, (a, b) in enumerate(next_stage(winners), start=1)]
    if len(games) == 2:  # the semi-finals are over: their losers play for third place
        losers = sorted(
            (seeds[t] for t in (loser_of(f) for f in games) if t is not None), key=lambda q: q.seed
        )
        new.append((2, losers[0].team_id, losers[1].team_id, True))
    _create_stage(conn, rt, league, season, stage + 1, size, new)


def after_result(conn: Connection, rt: Runtime, fx: Fixture) -> None:
    """A league or play-off fixture was just confirmed: open the play-offs or draw the next stage if due."""
    if fx.season_id is None or fx.kind == "friendly":
        return
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    season = season_store.current_season(conn, fx.guild_id, league.id)
    if season is None or season.id != fx.season_id:
        return
    if fx.kind == "playoff" and fx.playoff_stage is not None:
        _advance_bracket(conn, rt, league, season, fx.playoff_stage)
        return
    if season.status != "regular" or season_store.unsettled_count(conn, league.guild_id, season.id, "league"):
        return
    no_playoffs = _season_size(conn, league, season) < 2
    if not no_playoffs and league.settings.playoff_opening == "automatic":
        system = Actor(guild_id=league.guild_id, user_id=BOT_USER, channel_id=league.announce_channel_id or 0)
        _open(conn, rt, system, league, season)
        return
    with i18n.using(league.language):
        if no_playoffs:
            line = _(
                "No play-offs in this league: the prizes follow the standings once the top three teams have "
                "finished their post-games."
            )
        else:
            line = _(
                "Every regular-season fixture is settled: a commissioner opens the play-offs "
                "with /season playoffs."
            )
        title = _(
            "{league} season {number}: the regular season is over", league=league.name, number=season.number
        )
    announcements.to_league(
        conn,
        league,
        title,
        [line],
        rt.clock.now(),
        picture=announcements.picture_spec("standings", season.number),
    )


def _final_places(conn: Connection, league: League, season: Season) -> list[int] | None:
    """1st, 2nd and 3rd once they are decided, else None."""
    if season.status == "playoffs":
        size = season.playoff_size or 0
        last = [f for f in _playoff_games(conn, league, season) if f.playoff_stage == stage_count(size)]
        final = next((f for f in last if not f.third_place), None)
        third = next((f for f in last if f.third_place), None)
        if final is None or winner_of(final) is None or (third is not None and winner_of(third) is None):
            return None
        places = [winner_of(final), loser_of(final)]
        if third is not None:
            places.append(winner_of(third))
        else:  # two qualifiers: third is the best team of the regular season outside the final
            order = overall_order(standings_tables(conn, league, season), league.settings)
            places.append(next((row.team_id for _division, row in order if row.team_id not in places), None))
        return [p for p in places if p is not None]
    if season.status == "regular" and _season_size(conn, league, season) < 2:
        if season_store.unsettled_count(conn, league.guild_id, season.id, "league"):
            return None
        order = overall_order(standings_tables(conn, league, season), league.settings)
        return [row.team_id for _division, row in order[:3]]
    return None


def _award(conn: Connection, rt: Runtime, league: League, season: Season, places: list[int]) -> None:
    now = rt.clock.now()
    if not season_store.finish_season(conn, league.guild_id, season, now):
        return
    deadline_store.close_rounds(conn, league.guild_id, season.id, now)  # nothing left to chase or remind
    contracts.expire(conn, rt, league, season)  # seed 004: the stars' contracts end with the season
    rules = rt.catalog.season_end
    lines = []
    for place, team_id in enumerate(places, start=1):
        team = team_store.get(conn, league.guild_id, team_id)
        assert team is not None
        prize = rules.prize(place)
        with i18n.using(league.language):
            cause = _("prize: {place} place, season {number}", place=ordinal(place), number=season.number)
            lines.append(
                _("{place}: {team} ({prize})", place=ordinal(place), team=team.name, prize=gp(prize))
            )
        if prize:
            team_store.change_treasury(conn, team, prize, cause, actor_id=BOT_USER, now=now)
        playoff_store.save_award(conn, league.guild_id, season.id, place, team_id, prize, now)
    champion = team_store.get(conn, league.guild_id, places[0])
    assert champion is not None
    with i18n.using(league.language):
        lines.append(
            ngettext(
                "{team} holds the League Trophy until next season's final: {n} extra team re-roll, free "
                "(counted in team value).",
                "{team} holds the League Trophy until next season's final: {n} extra team re-rolls, free "
                "(counted in team value).",
                rules.trophy_rerolls,
                team=champion.name,
            )
        )
        lines.append(_("Off-season: coaches /redraft their teams (or start new ones); then /season start."))
        title = _(
            "🏆 {league} season {number}: {team} are the champions!",
            league=league.name,
            number=season.number,
            team=champion.name,
        )
    team_ids = [t for d in season_store.divisions(conn, league.guild_id, season.id) for t in d.team_ids]
    team_store.add_season_played(conn, league.guild_id, team_ids)
    audit.record_in(
        conn,
        league,
        BOT_USER,
        "season.finish",
        now,
        {"season": season.number, "places": lines[: len(places)]},
    )
    announcements.to_league(
        conn,
        league,
        title,
        lines,
        rt.clock.now(),
        [champion.coach_id],
        picture=announcements.picture_spec(
            "bracket" if season.status == "playoffs" else "standings", season.number
        ),
    )


def after_postgame(conn: Connection, rt: Runtime, fx: Fixture) -> None:
    """A post-game was just finished: if the season's places are decided and the prize winners are done
    with their post-games, pay the prizes and finish the season."""
    if fx.season_id is None or fx.kind == "friendly":
        return
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    season = season_store.current_season(conn, fx.guild_id, league.id)
    if season is None or season.id != fx.season_id or season.status == "finished":
        return
    places = _final_places(conn, league, season)
    if not places:
        return
    in_season = {f.id for f in _season_fixtures(conn, league, season)}
    for team_id in places:
        if any(
            p.fixture_id in in_season for p in postgame_store.open_for_team(conn, league.guild_id, team_id)
        ):
            return
    _award(conn, rt, league, season, places)


# --- reading --------------------------------------------------------------------------------------------


def _bracket(conn: Connection, league: League, season: Season) -> Bracket:
    names = {t.id: t.name for t in team_store.in_league(conn, league.guild_id, league.id)}
    size = season.playoff_size or _season_size(conn, league, season)
    stages: dict[tuple[int, bool], list[Fixture]] = {}
    for fx in _playoff_games(conn, league, season):
        stages.setdefault((fx.playoff_stage or 0, fx.third_place), []).append(fx)
    with i18n.using(league.language):  # a bracket is shown in the league's channel and web view
        titled = [(stage_title(size, n, third), games) for (n, third), games in sorted(stages.items())]
    return Bracket(
        league=league,
        season=season,
        qualifiers=[
            (q, names.get(q.team_id, "?")) for q in playoff_store.qualifiers(conn, league.guild_id, season.id)
        ],
        stages=titled,
        awards=[
            a for a in playoff_store.awards(conn, league.guild_id, league.id) if a.season_id == season.id
        ],
        regular_left=len(_unsettled_regular(conn, league, season)),
        size=size,
    )


def read_bracket(conn: Connection, guild_id: int, league_ref: str | None, number: int | None) -> Bracket:
    league = find_league(conn, guild_id, league_ref)
    if number is None:
        return _bracket(conn, league, _current(conn, league))
    season = season_store.season_by_number(conn, guild_id, league.id, number)
    if season is None:
        raise NotFound(_("{league} has no season {number}.", league=league.name, number=number))
    return _bracket(conn, league, season)


async def bracket(rt: Runtime, guild_id: int, league_ref: str | None, season: int | None = None) -> Bracket:
    """The play-off bracket of the current (or a past) season, with each game's state."""
    optional_whole(season, 1, 9999, _("the season"))
    return await rt.db.read(read_bracket, guild_id, league_ref, season)


# --- penalty shoot-outs -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShootoutResult:
    fixture: Fixture
    shootout: Shootout
    already_rolled: bool


def must_have_winner(conn: Connection, fx: Fixture) -> bool:
    """A league play-off game, or a tournament's knock-out game (seed 000: "if two teams draw with each
    other, then they should play extra time"): level after extra time, the penalty shoot-out decides it.
    Only the result path treats them alike; the play-off bracket hooks see play-off fixtures only."""
    if fx.kind == "playoff":
        return True
    return tournament_store.stage_of_fixture(conn, fx.guild_id, fx.id) == "knockout"


def roll_shootout(
    conn: Connection, rt: Runtime, actor: Actor, fx: Fixture, as_commissioner: bool
) -> ShootoutResult:
    check_shootout(must_have_winner(conn, fx))
    if fx.side_of(actor.user_id) is None and not as_commissioner:
        raise NotAllowed(
            _("Only the coaches of {match} (or a commissioner) roll its shoot-out.", match=fx.label)
        )
    existing = playoff_store.shootout(conn, fx.guild_id, fx.id)
    if existing is not None:
        return ShootoutResult(fx, existing, True)
    if fx.status == "confirmed":
        raise Conflict(_("{match} is confirmed: its winner is already decided.", match=fx.label))
    shootout_rules = rt.catalog.season_end.penalty_shootout
    dice = RecordingDice(rt.dice)
    shootout = penalty_shootout(dice, shootout_rules.roll_offs, shootout_rules.die)
    now = rt.clock.now()
    playoff_store.save_shootout(conn, fx.guild_id, fx.id, shootout, actor.user_id, now)
    with i18n.using(language_of(conn, fx.guild_id, fx.league_id)):
        purpose = _("{match}: penalty shoot-out (home, away alternately)", match=fx.label)
    log_dice(conn, rt, actor, dice.rolls, purpose=purpose, fixture_id=fx.id)
    winner = fx.home_name if shootout.winner == "home" else fx.away_name
    detail = {"fixture": fx.id, "match": fx.label, "winner": winner}
    audit.record_in(conn, fx, actor.user_id, "match.shootout", now, detail)
    return ShootoutResult(fx, shootout, False)


def bracket_moved_on(conn: Connection, fx: Fixture) -> bool:
    """Whether a play-off game's winner has played on: the next stage is drawn or the season is over (a
    tournament knock-out game: the next round is paired)."""
    if fx.kind != "playoff" and fx.round_number is not None and must_have_winner(conn, fx):
        return tournament_store.last_round(conn, fx.guild_id, fx.league_id) > fx.round_number
    if fx.season_id is None or fx.playoff_stage is None:
        return False
    season = season_store.current_season(conn, fx.guild_id, fx.league_id)
    if season is None or season.id != fx.season_id or season.status == "finished":
        return True
    return playoff_store.stage_exists(conn, fx.guild_id, fx.season_id, fx.playoff_stage + 1)


def shootout_winner(conn: Connection, fx: Fixture) -> Literal["home", "away"] | None:
    found = playoff_store.shootout(conn, fx.guild_id, fx.id)
    return None if found is None else found.winner


# --- history --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonLine:
    season: Season
    teams: int
    awards: list[Award]


@dataclass(frozen=True)
class LeagueHistory:
    league: League
    seasons: list[SeasonLine]


def history_in(conn: Connection, guild_id: int, league_ref: str | None) -> LeagueHistory:
    league = find_league(conn, guild_id, league_ref)
    every_award = playoff_store.awards(conn, guild_id, league.id)
    lines = [
        SeasonLine(
            season,
            sum(len(d.team_ids) for d in season_store.divisions(conn, guild_id, season.id)),
            [a for a in every_award if a.season_id == season.id],
        )
        for season in season_store.seasons_of(conn, guild_id, league.id)
    ]
    return LeagueHistory(league, lines)


async def history(rt: Runtime, guild_id: int, league_ref: str | None) -> LeagueHistory:
    """Every season of a league: when, how many teams, and its champions and prize money."""
    return await rt.db.read(history_in, guild_id, league_ref)
