"""The post-game roster (seed 001, Hiring, Firing and Temporarily Retiring): firing without a refund,
temporarily retiring a player with a Lasting Injury, keeping a journeyman who played, and the keyword of
the Hatred that Getting Even gave. Hiring players and staff in the post-game go through teams.py, as
while drafting."""

from __future__ import annotations

from bot import failpoints, i18n
from bot.errors import Conflict, NotFound, RuleViolation
from bot.i18n import _
from bot.rules.match.postgame import (
    PostgameOnly,
    check_fire,
    check_in_postgame,
    check_keepable,
    check_temporary_retirement,
    eligible_for_next_game,
    hated_keyword,
)
from bot.rules.roster.team_building import check_hire
from bot.rules.rulesets import ruleset
from bot.services.league.leagues import find_league
from bot.services.roster.team_lookup import (
    Changeable,
    DraftResult,
    build_sheet,
    changeable,
    find_player,
    limit_positions,
    own_team,
    roster_of,
    roster_place,
)
from bot.services.runtime import Actor, Runtime
from bot.store import audit
from bot.store import postgame as postgame_store
from bot.store import teams as team_store
from bot.store import traits as trait_store
from bot.store.connection import Connection
from bot.store.leagues import League
from bot.store.teams import PlayerRow
from bot.text import gp


def fire_in_postgame(
    conn: Connection, rt: Runtime, actor: Actor, league: League, change: Changeable, player: PlayerRow
) -> DraftResult:
    """Post-game firing: no refund, and never below 11 players eligible for the next game."""
    team = change.team
    assert change.postgame_fixture is not None
    record = postgame_store.get(conn, team.guild_id, change.postgame_fixture, team.id)
    missed = frozenset(record.missed_player_ids) if record is not None else frozenset()
    eligible = [p for p in team_store.players(conn, team) if eligible_for_next_game(roster_place(p, missed))]
    check_fire(team.name, len(eligible), player in eligible, rt.catalog.drafting.min_players_at_draft)
    with i18n.using(league.language):  # the player's history
        why = _("fired in the post-game")
    postgame_store.set_status(
        conn,
        team,
        player.id,
        "fired",
        fixture_id=change.postgame_fixture,
        actor_id=actor.user_id,
        now=rt.clock.now(),
        reason=why,
    )
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    said = _("Fired #{number} {player} (no refund).", number=player.number, player=player.name)
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), said)


def _in_postgame(
    conn: Connection, actor: Actor, league_ref: str | None, action: PostgameOnly
) -> tuple[League, Changeable]:
    """The coach's team with its open post-game, where `action` happens (refused while drafting)."""
    league = find_league(conn, actor.guild_id, league_ref)
    change = changeable(conn, own_team(conn, actor, league))
    check_in_postgame(action, change.drafting)
    return league, change


def _retire(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> DraftResult:
    league, change = _in_postgame(conn, actor, league_ref, "retire")
    player = find_player(conn, change.team, player_ref)
    if player.temporarily_retired:
        raise Conflict(
            _("#{number} {player} is already temporarily retired.", number=player.number, player=player.name)
        )
    check_temporary_retirement(postgame_store.has_lasting_injury(conn, actor.guild_id, player.id))
    postgame_store.retire_temporarily(
        conn,
        change.team,
        player.id,
        fixture_id=change.postgame_fixture,
        actor_id=actor.user_id,
        now=rt.clock.now(),
    )
    refreshed = team_store.get(conn, actor.guild_id, change.team.id)
    assert refreshed is not None
    said = _(
        "#{number} {player} takes the rest of the season off: still on the roster (and counted towards 16 "
        "players), but not in CTV and not playing.",
        number=player.number,
        player=player.name,
    )
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), said)


async def retire_player(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """Temporarily retire a player with a Lasting Injury for the rest of the season."""
    return await rt.db.write_step(failpoints.POSTGAME, _retire, rt, actor, league_ref, player)


def _keep(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str
) -> DraftResult:
    league, change = _in_postgame(conn, actor, league_ref, "keep journeyman")
    team = change.team
    player = find_player(conn, team, player_ref)
    label = f"#{player.number} {player.name}"
    check_keepable(label, player.journeyman, player.hired_in_fixture, change.postgame_fixture)
    roster = roster_of(rt.catalog, team)
    positions = limit_positions(rt.catalog, roster, team_store.players(conn, team))
    check_hire(roster, player.position, positions, rt.catalog.drafting)
    cost = ruleset(rt.catalog, league.settings.ruleset).journeyman_hire_cost(
        player.hiring_fee, player.value_increase
    )
    with i18n.using(league.language):  # the team's ledger
        cause = _("post-game: hire journeyman #{number} {player}", number=player.number, player=player.name)
    team_store.change_treasury(
        conn,
        team,
        -cost,
        cause,
        actor_id=actor.user_id,
        now=rt.clock.now(),
        fixture_id=change.postgame_fixture,
    )
    team_store.make_permanent(conn, team, player.id)
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    said = _(
        "#{number} {player} joins the team for {cost}: no longer a journeyman (no Loner), keeping his {spp} "
        "SPP.",
        number=player.number,
        player=player.name,
        cost=gp(cost),
        spp=player.spp,
    )
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), said)


async def keep_journeyman(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> DraftResult:
    """Hire a journeyman who played, in the post-game: his hiring fee plus any value increase (or his rookie
    cost alone, as the league's ruleset says), only while the roster has fewer than 16 players."""
    return await rt.db.write_step(failpoints.POSTGAME, _keep, rt, actor, league_ref, player)


def _hatred(
    conn: Connection, rt: Runtime, actor: Actor, league_ref: str | None, player_ref: str, keyword: str
) -> DraftResult:
    league = find_league(conn, actor.guild_id, league_ref)
    team = own_team(conn, actor, league)
    player = find_player(conn, team, player_ref)
    pending = [
        t
        for t in trait_store.of_team(conn, actor.guild_id, team.id, ("pending",))
        if t.player_id == player.id
    ]
    if not pending:
        raise Conflict(
            _(
                "#{number} {player} has no Hatred to choose (Getting Even gives it).",
                number=player.number,
                player=player.name,
            )
        )
    trait = pending[0]
    chosen = hated_keyword(f"#{player.number} {player.name}", trait.options, keyword)
    now = rt.clock.now()
    trait_store.choose(conn, actor.guild_id, trait.id, chosen, now)
    detail = {"team": team.name, "player": f"#{player.number} {player.name}", "hatred": chosen}
    audit.record_in(conn, league, actor.user_id, "player.hatred", now, detail)
    refreshed = team_store.get(conn, actor.guild_id, team.id)
    assert refreshed is not None
    said = _(
        "#{number} {player} now has Hatred ({keyword}): a grudge he may lose in the off-season.",
        number=player.number,
        player=player.name,
        keyword=chosen,
    )
    return DraftResult(build_sheet(conn, rt.catalog, league, refreshed), said)


async def choose_hatred(
    rt: Runtime, actor: Actor, league_ref: str | None, player: str, keyword: str
) -> DraftResult:
    """Getting Even gave a player Hatred: his coach picks the keyword among the opponents' ones."""
    return await rt.db.write_step(failpoints.POSTGAME, _hatred, rt, actor, league_ref, player, keyword)


def _hatred_options(conn: Connection, actor: Actor, league_ref: str | None, player_ref: str) -> list[str]:
    try:
        team = own_team(conn, actor, find_league(conn, actor.guild_id, league_ref))
        player = find_player(conn, team, player_ref)
    except (NotFound, RuleViolation):
        return []
    pending = trait_store.of_team(conn, actor.guild_id, team.id, ("pending",))
    return next((list(t.options) for t in pending if t.player_id == player.id), [])


async def hatred_options(rt: Runtime, actor: Actor, league_ref: str | None, player: str) -> list[str]:
    """The keywords a player may come to hate (for autocomplete)."""
    return await rt.db.read(_hatred_options, actor, league_ref, player)
