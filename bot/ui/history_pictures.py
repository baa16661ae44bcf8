"""/history as pictures: every season's champions (`LeagueHistory`), or one season's final standings and
play-offs, as bot/pictures' plain values."""

from __future__ import annotations

from bot.pictures.history import SeasonRow, history_pngs, season_pngs
from bot.rules.league.league_settings import BonusMode
from bot.services.league.playoffs import Bracket, LeagueHistory
from bot.services.league.seasons import Standings
from bot.text import gp
from bot.ui.pictures import bracket_parts, standings_divisions

STATES = {"regular": "regular season", "playoffs": "play-offs", "finished": "finished"}


def season_rows(history: LeagueHistory) -> list[SeasonRow]:
    """A row per season, newest first: its teams, then its 1st, 2nd and 3rd with their prize money."""
    return [
        SeasonRow(
            line.season.number,
            line.teams,
            STATES[line.season.status],
            [f"{a.team_name} ({gp(a.prize)})" for a in sorted(line.awards, key=lambda a: a.place)],
        )
        for line in reversed(history.seasons)
    ]


def history_pictures(history: LeagueHistory) -> list[bytes]:
    """Every season's podium: one PNG or pages."""
    return history_pngs(f"{history.league.name}: seasons", season_rows(history))


def season_pictures(standings: Standings, bracket: Bracket) -> list[bytes]:
    """One season: each division's table, then the play-off games and the prizes."""
    subtitle, stages, prizes = bracket_parts(bracket)
    state = STATES[standings.season.status]
    return season_pngs(
        f"{standings.league.name}: season {standings.season.number} ({state})",
        standings_divisions(standings),
        stages,
        prizes,
        bonus=standings.league.settings.bonus_mode != BonusMode.OFF,
        subtitle=subtitle,
    )
