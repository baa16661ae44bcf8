"""Before the match (seed 001, Pre-game Sequence): who can play, journeymen, and both teams' CTV. A game of a
gold piece escalation event is played with its round's roster (seed 000): its players, staff and CTV."""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.catalog.models import Position
from bot.errors import Conflict, DomainError, NotAllowed, NotFound
from bot.i18n import _, ngettext
from bot.rules.match.journeymen import (
    choose_journeymen,
    count_types,
    journeyman_positions,
    journeymen_needed,
    mix_text,
)
from bot.rules.roster.team_building import next_free_number
from bot.rules.rulesets import ruleset
from bot.rules.statuses import fixture_status
from bot.services.match.results import find_fixture
from bot.services.roster.event_rosters import fielded_sheet
from bot.services.roster.team_lookup import SheetPlayer, TeamSheet, build_sheet, roster_of
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.store import audit
from bot.store import leagues as league_store
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow


@dataclass(frozen=True)
class MatchSide:
    sheet: TeamSheet
    able: list[SheetPlayer]  # can play this game (journeymen included)
    out: list[tuple[SheetPlayer, str]]  # cannot, and why

    @property
    def journeymen(self) -> list[SheetPlayer]:
        return [p for p in self.able if p.row.journeyman]


@dataclass(frozen=True)
class MatchPreparation:
    fixture: Fixture
    home: MatchSide
    away: MatchSide
    added: list[str]  # what this call did (journeymen taken on)


def match_side(conn: Connection, rt: Runtime, fx: Fixture, team: TeamRow) -> MatchSide:
    league = league_store.get(conn, fx.guild_id, fx.league_id)  # a league's or a tournament's fixture
    if league is None:
        raise NotFound(_("{match} belongs to no competition on this server.", match=fx.label))
    game = escalation.game_round(conn, fx)  # gold piece escalation: the roster of the fixture's round
    if game is not None:
        sheet = fielded_sheet(conn, rt, game.event, team, game.number)
    else:
        sheet = build_sheet(conn, rt.catalog, league, team)
    able, out = [], []
    with i18n.using(league.language):  # shown in the league's channel before kick-off
        injured, retired = _("misses this game (injured)"), _("temporarily retired")
    for player in sheet.players:
        if player.row.journeyman and player.row.hired_in_fixture != fx.id:
            continue  # a journeyman taken on for another game
        if player.row.miss_next_game:
            out.append((player, injured))
        elif player.row.temporarily_retired:
            out.append((player, retired))
        else:
            able.append(player)
    return MatchSide(sheet, able, out)


def _journeyman_options(conn: Connection, rt: Runtime, fx: Fixture, team: TeamRow) -> list[Position]:
    """The positions the league's ruleset takes journeymen from (seed 001: 0-16 Linemen; seed 003: any 0-16
    or 0-12 position)."""
    league = league_store.get(conn, fx.guild_id, fx.league_id)
    assert league is not None
    rs = ruleset(rt.catalog, league.settings.ruleset)
    return journeyman_positions(
        roster_of(rt.catalog, team), rs.journeyman_position_limits, rs.journeyman_keyword
    )


def _prepare(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, journeyman_position: str | None
) -> MatchPreparation:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    side = fx.side_of(actor.user_id)
    if side is None:
        raise NotAllowed(_("Only the two coaches of this fixture prepare it."))
    if fx.status != "scheduled":
        raise Conflict(
            _(
                "{match} is {status}: it is no longer ahead of kick-off.",
                match=fx.label,
                status=fixture_status(fx.status),
            )
        )
    team = team_store.get(conn, actor.guild_id, fx.home_team_id if side == "home" else fx.away_team_id)
    assert team is not None
    added: list[str] = []
    mine = match_side(conn, rt, fx, team)
    needed = journeymen_needed(len(mine.able))
    if needed:
        types = choose_journeymen(
            roster_of(rt.catalog, team), journeyman_position, needed, _journeyman_options(conn, rt, fx, team)
        )
        taken = [p.number for p in team_store.players(conn, team)]
        now = rt.clock.now()
        for position in types:
            number = next_free_number(taken)
            taken.append(number)
            team_store.insert_player(
                conn,
                team,
                number=number,
                name=f"Journeyman {number}",
                position=position.id,
                hiring_fee=position.cost,
                now=now,
                journeyman=True,
                hired_in_fixture=fx.id,
            )
        counted = count_types(types)
        kinds = counted[0][0].name if len(counted) == 1 else mix_text(counted)
        with i18n.using(mine.sheet.league.language):  # shown in the league's channel
            added.append(
                ngettext(
                    "{team} takes on {n} journeyman ({kinds}, Loner 4+) to field 11 players",
                    "{team} takes on {n} journeymen ({kinds}, Loner 4+) to field 11 players",
                    needed,
                    team=team.name,
                    kinds=kinds,
                )
            )
        mix = ", ".join(f"{n} {p.name}" for p, n in counted)
        detail = {"fixture": fx.id, "team": team.name, "count": needed, "position": mix}
        audit.record_in(conn, fx, actor.user_id, "match.journeymen", now, detail)
    home = team_store.get(conn, actor.guild_id, fx.home_team_id)
    away = team_store.get(conn, actor.guild_id, fx.away_team_id)
    assert home is not None and away is not None
    return MatchPreparation(fx, match_side(conn, rt, fx, home), match_side(conn, rt, fx, away), added)


async def prepare_match(
    rt: Runtime, actor: Actor, fixture: str, journeyman_position: str | None = None
) -> MatchPreparation:
    """Show both teams before kick-off; a team short of 11 players able to play takes on journeymen."""
    return await rt.db.write(_prepare, rt, actor, fixture, journeyman_position)


@dataclass(frozen=True)
class JourneymanNeed:
    """What the coach chooses from before kick-off: the 0-16 Lineman positions and how many are needed."""

    options: list[Position]
    needed: int


def _journeyman_need(conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str) -> JourneymanNeed | None:
    try:
        fx = find_fixture(conn, actor.guild_id, fixture_ref)
    except DomainError:
        return None
    side = fx.side_of(actor.user_id)
    if side is None or fx.status != "scheduled":
        return None
    team = team_store.get(conn, actor.guild_id, fx.home_team_id if side == "home" else fx.away_team_id)
    if team is None:
        return None
    mine = match_side(conn, rt, fx, team)
    return JourneymanNeed(_journeyman_options(conn, rt, fx, team), journeymen_needed(len(mine.able)))


async def journeyman_need(rt: Runtime, actor: Actor, fixture: str) -> JourneymanNeed | None:
    """For the journeymen option's autocomplete: None when the fixture is not the coach's or not ahead."""
    return await rt.db.read(_journeyman_need, rt, actor, fixture)
