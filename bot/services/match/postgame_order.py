"""A team's post-games happen one at a time: a result that would open a second one waits.

A coach's Confirm and a commissioner's /league result are refused with the post-game to finish first. What
the bot does by itself is never lost: an automatic confirmation or a deadline settlement that would open a
second post-game is held (left overdue in the database, not armed), and goes ahead as soon as the earlier
post-game is finished (the Finish writes an announcement; posting it re-arms the deadline watch) or at the
next start-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import i18n
from bot.i18n import _
from bot.rules.match.postgame import OpenPostgame, check_one_postgame_at_a_time
from bot.services.league.leagues import language_of
from bot.services.runtime import Runtime
from bot.store import announcements
from bot.store import deadlines as deadline_store
from bot.store import postgame as postgame_store
from bot.store import seasons as season_store
from bot.store import teams as team_store
from bot.store.connection import Connection, together
from bot.store.seasons import Fixture
from bot.store.teams import TeamRow


@dataclass(frozen=True)
class Blocker:
    team: TeamRow
    fixture: Fixture  # whose post-game the team must finish first

    @property
    def open_postgame(self) -> OpenPostgame:
        return OpenPostgame(self.team.name, self.fixture.id, self.fixture.label)

    @property
    def text(self) -> str:
        return self.open_postgame.text


def blocker(conn: Connection, fx: Fixture) -> Blocker | None:
    """The first open post-game (of another fixture) of either team of `fx`, if any."""
    both = together(
        conn,
        lambda c: postgame_store.open_for_team(c, fx.guild_id, fx.home_team_id),
        lambda c: postgame_store.open_for_team(c, fx.guild_id, fx.away_team_id),
    )
    for team_id, open_ones in zip((fx.home_team_id, fx.away_team_id), both, strict=True):
        pending = [p for p in open_ones if p.fixture_id != fx.id]
        if pending:
            team = team_store.get(conn, fx.guild_id, team_id)
            other = season_store.fixture(conn, fx.guild_id, pending[0].fixture_id)
            assert team is not None and other is not None
            return Blocker(team, other)
    return None


def require_no_open_postgame(conn: Connection, fx: Fixture) -> None:
    """Refuse a coach's or commissioner's action that would give a team a second open post-game."""
    found = blocker(conn, fx)
    check_one_postgame_at_a_time(found.open_postgame if found else None)


def release_held(conn: Connection, rt: Runtime, team: TeamRow, finished: Fixture) -> None:
    """After a Finish: announce the team's held confirmations and settlements that may now go ahead."""
    now = rt.clock.now()
    released = []
    for fixture_id in deadline_store.overdue_of_team(conn, team.guild_id, team.id, now):
        fx = season_store.fixture(conn, team.guild_id, fixture_id)
        if fx is not None and blocker(conn, fx) is None:
            released.append(fx)
    if released:
        with i18n.using(language_of(conn, team.guild_id, finished.league_id)):  # the league's channel
            title = _(
                "{team} finished the post-game of fixture #{fixture}", team=team.name, fixture=finished.id
            )
            lines = [
                _("Fixture #{fixture} {match}: its result is settled now.", fixture=fx.id, match=fx.label)
                for fx in released
            ]
        announcements.add(conn, team.guild_id, finished.league_id, title, lines, now)
