"""/history as pictures: every season's champions (`LeagueHistory`), or one season's final standings and
play-offs, as bot/pictures' plain values. A picture is posted in the channel: it is drawn in the league's
language."""

from __future__ import annotations

from bot import i18n
from bot.i18n import _
from bot.pictures.history import SeasonRow, history_pngs, season_pngs
from bot.rules.league.league_settings import BonusMode
from bot.services.league.playoffs import Bracket, LeagueHistory
from bot.services.league.seasons import Standings
from bot.text import gp
from bot.ui.formatting import SEASON_STATES
from bot.ui.pictures import bracket_parts, standings_divisions


def season_rows(history: LeagueHistory) -> list[SeasonRow]:
    """A row per season, newest first: its teams, then its 1st, 2nd and 3rd with their prize money."""
    return [
        SeasonRow(
            line.season.number,
            line.teams,
            _(SEASON_STATES[line.season.status]),
            [f"{a.team_name} ({gp(a.prize)})" for a in sorted(line.awards, key=lambda a: a.place)],
        )
        for line in reversed(history.seasons)
    ]


def history_pictures(history: LeagueHistory) -> list[bytes]:
    """Every season's podium: one PNG or pages."""
    with i18n.using(history.league.language):
        return history_pngs(_("{league}: seasons", league=history.league.name), season_rows(history))


def season_pictures(standings: Standings, bracket: Bracket) -> list[bytes]:
    """One season: each division's table, then the play-off games and the prizes."""
    with i18n.using(standings.league.language):
        subtitle, stages, prizes = bracket_parts(bracket)
        state = _(SEASON_STATES[standings.season.status])
        return season_pngs(
            _(
                "{league}: season {number} ({state})",
                league=standings.league.name,
                number=standings.season.number,
                state=state,
            ),
            standings_divisions(standings),
            stages,
            prizes,
            bonus=standings.league.settings.bonus_mode != BonusMode.OFF,
            subtitle=subtitle,
        )
