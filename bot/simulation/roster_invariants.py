"""Invariants of an event's rosters under its roster options (issue 16: stunty events, mandatory star
players, custom inducements), checked by the tournament simulator after a run:

- a stunty event: every roster is a stunty roster of data/<edition>/tournament.json fielding only the
  positions it allows (seed 000, Stunty Tournament);
"""

from __future__ import annotations

import sqlite3

from bot.services.runtime import Runtime
from bot.services.team_lookup import STAR_PREFIX, roster_of
from bot.services.tournaments import Event
from bot.store import teams as team_store


def check_rosters(conn: sqlite3.Connection, rt: Runtime, event: Event) -> list[str]:
    """Every broken roster option, one line each (empty: all hold)."""
    problems: list[str] = []
    rules = event.rulespack
    for team in team_store.in_league(conn, event.league.guild_id, event.id):
        rows = team_store.players(conn, team)
        if rules.stunty:
            allowed = rt.catalog.tournament.stunty.roster(roster_of(rt.catalog, team).id)
            if allowed is None:
                problems.append(f"{team.name}: a {team.roster} roster in a stunty event")
            elif allowed.only is not None:
                outside = {r.position for r in rows if not r.position.startswith(STAR_PREFIX)} - set(
                    allowed.only
                )
                if outside:
                    problems.append(f"{team.name}: {', '.join(sorted(outside))} in a stunty event")
    return problems
