"""Embeds for the end of a season: the play-off bracket and the league's history."""

from __future__ import annotations

import discord

from bot.services.league.playoffs import PLACE_NAMES, Bracket, LeagueHistory, winner_of
from bot.services.records import Fixture
from bot.ui.formatting import gp, plain, plural, timestamp
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds


def _game_line(fx: Fixture) -> str:
    teams = f"{plain(fx.home_name)} v {plain(fx.away_name)}"
    if fx.status == "confirmed":
        winner = winner_of(fx)
        through = plain(fx.home_name if winner == fx.home_team_id else fx.away_name)
        pens = " (penalties)" if fx.home_score == fx.away_score else ""
        return f"#{fx.id} {teams} **{fx.home_score}-{fx.away_score}**{pens} → {through}"
    if fx.status == "scheduled":
        due = f", deadline {timestamp(fx.deadline_at, 'R')}" if fx.deadline_at else ""
        return f"#{fx.id} {teams}: to play{due}"
    return f"#{fx.id} {teams}: {fx.status}"


def bracket_embeds(bracket: Bracket) -> list[discord.Embed]:
    league, season = bracket.league, bracket.season
    if not bracket.qualifiers:
        if bracket.size < 2:
            description = "No play-offs in this league: the prizes follow the final standings."
        elif bracket.regular_left:
            how = (
                "a commissioner opens them (/season playoffs)"
                if league.settings.playoff_opening == "commissioner"
                else "the bot opens them"
            )
            description = (
                f"{bracket.size} teams will qualify. "
                f"{plural(bracket.regular_left, 'regular-season fixture')} still to settle; then {how}."
            )
        else:
            description = (
                f"The regular season is settled: {bracket.size} teams qualify when a commissioner opens the "
                "play-offs (/season playoffs)."
            )
    else:
        description = "Seeds: " + ", ".join(
            f"{q.seed}. {plain(name)} (div {q.division} #{q.place})" for q, name in bracket.qualifiers
        )
    body: list[Field] = []
    for title, games in bracket.stages:
        body += fields(title, [_game_line(g) for g in games])
    if bracket.awards:
        body += fields(
            "Prizes",
            [
                f"{'🏆 ' if a.place == 1 else ''}{PLACE_NAMES[a.place]}: {plain(a.team_name)} ({gp(a.prize)})"
                for a in bracket.awards
            ],
        )
    return pack_embeds(
        f"{plain(league.name)}: season {season.number} play-offs",
        body,
        description=description,
        colour=COLOUR,
    )


def history_embeds(history: LeagueHistory) -> list[discord.Embed]:
    title = f"{plain(history.league.name)}: seasons"
    if not history.seasons:
        return pack_embeds(title, description="No season has started yet.", colour=COLOUR)
    state = {"regular": "regular season", "playoffs": "play-offs", "finished": "finished"}
    body: list[Field] = []
    for line in reversed(history.seasons):
        season = line.season
        when = f"started {timestamp(season.started_at, 'D')}" if season.started_at else ""
        if season.finished_at:
            when += f", finished {timestamp(season.finished_at, 'D')}"
        places = [
            f"{'🏆 ' if a.place == 1 else ''}{PLACE_NAMES[a.place]}: {plain(a.team_name)} ({gp(a.prize)})"
            for a in line.awards
        ]
        body += fields(
            f"Season {season.number} · {state[season.status]} · {line.teams} teams",
            [when, *places] if when else places,
        )
    return pack_embeds(
        title,
        body,
        colour=COLOUR,
        footer="/history season:<number> shows a season's final standings and play-offs",
    )
