"""Match-day rolls for a fixture, by the bot, shown to both coaches and logged against the fixture."""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.errors import Conflict, NotAllowed, NotFound
from bot.i18n import _
from bot.rules.match.match_day import MATCH_TABLES, MatchTable, TableRoll, roll_on, table_for
from bot.rules.rulesets import ruleset
from bot.rules.statuses import fixture_status
from bot.services.dice_logging import log_dice
from bot.services.inputs import one_of, row_id
from bot.services.league.leagues import find_league
from bot.services.league.playoffs import ShootoutResult, roll_shootout
from bot.services.match.results import find_fixture
from bot.services.runtime import Actor, Runtime
from bot.services.tournament import tournament_escalation as escalation
from bot.store import teams as team_store
from bot.store.connection import Connection
from bot.store.seasons import Fixture
from bot.store.teams import PlayerRow


@dataclass(frozen=True)
class MatchRoll:
    fixture: Fixture
    rolled: TableRoll
    player: PlayerRow | None


def _fixture_player(conn: Connection, fx: Fixture, reference: str) -> PlayerRow:
    player_id = row_id(reference[2:]) if reference.startswith("p:") else None
    if player_id is not None:
        for team_id in (fx.home_team_id, fx.away_team_id):
            team = team_store.get(conn, fx.guild_id, team_id)
            assert team is not None
            found = team_store.player(conn, team, player_id)
            if found is not None:
                return found
    raise NotFound(_("Pick the player from the list: a player of one of the two teams."))


def _roll(
    conn: Connection,
    rt: Runtime,
    actor: Actor,
    fixture_ref: str,
    which: MatchTable,
    player_ref: str | None,
) -> MatchRoll:
    fx = find_fixture(conn, actor.guild_id, fixture_ref)
    if fx.side_of(actor.user_id) is None:
        raise NotAllowed(_("Only the two coaches of this fixture roll for it."))
    if fx.status not in ("scheduled", "reported"):
        raise Conflict(
            _("{match} is {status}: its match is over.", match=fx.label, status=fixture_status(fx.status))
        )
    league = find_league(conn, actor.guild_id, f"l:{fx.league_id}")
    player = _fixture_player(conn, fx, player_ref) if player_ref else None
    modifier = player.niggling_injuries if (player is not None and which == "casualty") else 0
    weather = ruleset(rt.catalog, league.settings.ruleset).step("weather")
    if which == "weather" and weather is not None and weather.table is not None:
        table = rt.catalog.tables[weather.table]  # the ruleset's weather table (seed 003 has its own)
    else:
        table = table_for(rt.catalog, which, league.settings.prayers_table)
    rolled = roll_on(table, rt.dice, modifier)
    with i18n.using(league.language):
        if player is not None:
            purpose = _(
                "{match} for #{number} {player}", match=fx.label, number=player.number, player=player.name
            )
        else:
            purpose = fx.label
    log_dice(conn, rt, actor, [rolled.roll], purpose=purpose, fixture_id=fx.id)
    return MatchRoll(fx, rolled, player)


async def roll_table(
    rt: Runtime, actor: Actor, fixture: str, which: MatchTable, player: str | None = None
) -> MatchRoll:
    """Roll on a match-day table for a fixture (casualty: +1 per Niggling Injury of the player named)."""
    one_of(which, MATCH_TABLES, _("the table"))
    return await rt.db.write(_roll, rt, actor, fixture, which, player)


def _players(conn: Connection, guild_id: int, fixture_ref: str) -> list[tuple[str, PlayerRow]]:
    try:
        fx = find_fixture(conn, guild_id, fixture_ref)
    except NotFound:
        return []
    found = []
    for team_id in (fx.home_team_id, fx.away_team_id):
        team = team_store.get(conn, guild_id, team_id)
        assert team is not None
        found += [(team.name, p) for p in escalation.fielded(conn, fx, team, team_store.players(conn, team))]
    return found


async def fixture_players(rt: Runtime, guild_id: int, fixture: str) -> list[tuple[str, PlayerRow]]:
    """Both teams' players on the rosters they field in this fixture (for autocomplete)."""
    return await rt.db.read(_players, guild_id, fixture)


def _penalties(
    conn: Connection, rt: Runtime, actor: Actor, fixture_ref: str, as_commissioner: bool
) -> ShootoutResult:
    return roll_shootout(conn, rt, actor, find_fixture(conn, actor.guild_id, fixture_ref), as_commissioner)


async def roll_penalties(
    rt: Runtime, actor: Actor, fixture: str, *, as_commissioner: bool = False
) -> ShootoutResult:
    """A play-off game level after extra time: the bot rolls its penalty shoot-out, once."""
    return await rt.db.write(_penalties, rt, actor, fixture, as_commissioner)
