"""The post-game rows the leaderboards read (see bot/rules/league/leaders.py)."""

from __future__ import annotations

from bot.rules.league.leaders import Earned
from bot.store.connection import Connection


def earned(conn: Connection, guild_id: int, league_id: int, season_id: int | None) -> list[Earned]:
    """SPP and MVP awards per player and the team he earned them for, from the post-games of the league's
    fixtures (of one season, or of every season with `season_id` None). A reverted post-game's reversing
    rows (detail.revert) cancel what they undo."""
    sql = (
        "SELECT pc.team_id, pc.player_id, p.name, SUM(pc.spp_delta) AS spp,"
        " SUM(CASE WHEN pc.kind = 'mvp' THEN"
        "   CASE WHEN json_extract(pc.detail, '$.revert') IS NULL THEN 1 ELSE -1 END ELSE 0 END) AS mvps"
        " FROM player_changes pc"
        " JOIN fixtures f ON f.id = pc.fixture_id AND f.guild_id = pc.guild_id"
        " JOIN players p ON p.id = pc.player_id AND p.guild_id = pc.guild_id"
        " WHERE pc.guild_id = ? AND f.league_id = ? AND pc.kind IN ('spp', 'mvp')"
    )
    params: list[object] = [guild_id, league_id]
    if season_id is not None:
        sql += " AND f.season_id = ?"
        params.append(season_id)
    sql += " GROUP BY pc.team_id, pc.player_id, p.name"
    return [
        Earned(row["team_id"], row["player_id"], row["name"], row["spp"], row["mvps"])
        for row in conn.execute(sql, params)
    ]
