"""Embeds for the end of a season: the play-off bracket and the league's history. Both are posted in the
league's channel: they are worded in the league's language."""

from __future__ import annotations

from datetime import datetime

import discord

from bot import i18n
from bot.i18n import _, ngettext
from bot.rules.statuses import fixture_status
from bot.services.league.playoffs import Bracket, LeagueHistory, winner_of
from bot.services.records import Fixture
from bot.ui.formatting import SEASON_STATES, gp, ordinal, plain, timestamp
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds


def _game_line(fx: Fixture) -> str:
    teams = f"{plain(fx.home_name)} v {plain(fx.away_name)}"
    if fx.status == "confirmed":
        winner = winner_of(fx)
        through = plain(fx.home_name if winner == fx.home_team_id else fx.away_name)
        pens = " " + _("(penalties)") if fx.home_score == fx.away_score else ""
        return f"#{fx.id} {teams} **{fx.home_score}-{fx.away_score}**{pens} → {through}"
    if fx.status == "scheduled":
        if fx.deadline_at:
            due = _("to play, deadline {deadline}", deadline=timestamp(fx.deadline_at, "R"))
        else:
            due = _("to play")
        return f"#{fx.id} {teams}: {due}"
    return f"#{fx.id} {teams}: {fixture_status(fx.status)}"


def _waiting(bracket: Bracket) -> str:
    """The description of a bracket with no qualifiers yet: why, and what comes next."""
    if bracket.size < 2:
        return _("No play-offs in this league: the prizes follow the final standings.")
    left = bracket.regular_left
    if not left:
        return _(
            "The regular season is settled: {size} teams qualify when a commissioner opens the play-offs "
            "(/season playoffs).",
            size=bracket.size,
        )
    if bracket.league.settings.playoff_opening == "commissioner":
        then = ngettext(
            "{n} regular-season fixture still to settle; then a commissioner opens them (/season playoffs).",
            "{n} regular-season fixtures still to settle; then a commissioner opens them (/season playoffs).",
            left,
        )
    else:
        then = ngettext(
            "{n} regular-season fixture still to settle; then the bot opens them.",
            "{n} regular-season fixtures still to settle; then the bot opens them.",
            left,
        )
    return _("{size} teams will qualify.", size=bracket.size) + " " + then


def _prize(place: int, team: str, prize: int) -> str:
    """A place and its prize money: `🏆 1st: Reavers (100,000 gp)`."""
    name = ordinal(place)
    return f"{'🏆 ' if place == 1 else ''}{name}: {plain(team)} ({gp(prize)})"


def bracket_embeds(bracket: Bracket) -> list[discord.Embed]:
    league, season = bracket.league, bracket.season
    with i18n.using(league.language):
        if not bracket.qualifiers:
            description = _waiting(bracket)
        else:
            seeds = ", ".join(
                _(
                    "{seed}. {team} (div {division} #{place})",
                    seed=q.seed,
                    team=plain(name),
                    division=q.division,
                    place=q.place,
                )
                for q, name in bracket.qualifiers
            )
            description = _("Seeds: {seeds}", seeds=seeds)
        body: list[Field] = []
        for title, games in bracket.stages:
            body += fields(title, [_game_line(g) for g in games])
        if bracket.awards:
            body += fields(_("Prizes"), [_prize(a.place, a.team_name, a.prize) for a in bracket.awards])
        return pack_embeds(
            _("{league}: season {number} play-offs", league=plain(league.name), number=season.number),
            body,
            description=description,
            colour=COLOUR,
        )


def _when(started: datetime | None, finished: datetime | None) -> str:
    """When a season started and finished, as far as it has."""
    start = timestamp(started, "D") if started else ""
    end = timestamp(finished, "D") if finished else ""
    if started and finished:
        return _("started {start}, finished {end}", start=start, end=end)
    if started:
        return _("started {start}", start=start)
    return ", " + _("finished {end}", end=end) if finished else ""


def history_embeds(history: LeagueHistory) -> list[discord.Embed]:
    with i18n.using(history.league.language):
        title = _("{league}: seasons", league=plain(history.league.name))
        if not history.seasons:
            return pack_embeds(title, description=_("No season has started yet."), colour=COLOUR)
        body: list[Field] = []
        for line in reversed(history.seasons):
            season = line.season
            when = _when(season.started_at, season.finished_at)
            places = [_prize(a.place, a.team_name, a.prize) for a in line.awards]
            name = ngettext(
                "Season {number} · {state} · {n} team",
                "Season {number} · {state} · {n} teams",
                line.teams,
                number=season.number,
                state=_(SEASON_STATES[season.status]),
            )
            body += fields(name, [when, *places] if when else places)
        return pack_embeds(
            title,
            body,
            colour=COLOUR,
            footer=_("/history season:<number> shows a season's final standings and play-offs"),
        )
