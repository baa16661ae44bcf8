"""The pictures the bot answers and announces with: what the services return, as bot/pictures' plain
values, drawn off the event loop, and sent as an embed showing the attached PNG (it reads on a phone).
Also the standings and rankings as CSV files. A picture is posted in the channel: it is drawn in its league's
(or event's) language."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

import discord

from bot import i18n
from bot.i18n import N_, _
from bot.pictures.bracket import BracketGame, BracketStage, Prize, bracket_png
from bot.pictures.rankings import RankingLine, RankingSection, SquadLine, rankings_png
from bot.pictures.season_start import DivisionTeams, season_start_png
from bot.pictures.standings import DivisionStandings, StandingLine, standings_png
from bot.rules.league.league_settings import BonusMode
from bot.rules.league.standings import tie_notes
from bot.rules.statuses import fixture_status
from bot.services.league import playoffs, seasons
from bot.services.league.playoffs import Bracket, winner_of
from bot.services.league.seasons import SeasonOverview, Standings
from bot.services.records import Fixture, parse_picture
from bot.services.runtime import Runtime
from bot.services.tournament.tournament_play import EventStandings
from bot.text import gp, ordinal
from bot.ui.files import attachment, csv_bytes
from bot.ui.league_views import COLOUR, tie_note

EMBED_TITLE = 256


# --- league standings -------------------------------------------------------------------------------------


def standings_divisions(standings: Standings) -> list[DivisionStandings]:
    """Each division's table, with its tie notes, as plain values."""
    divisions = []
    for table in standings.tables:
        name = table.names.get
        divisions.append(
            DivisionStandings(
                table.division.name,
                [
                    StandingLine(
                        row.position,
                        name(row.team_id, "?"),
                        row.played,
                        row.won,
                        row.drawn,
                        row.lost,
                        row.td_diff,
                        row.cas_for,
                        row.points,
                        row.bonus_points,
                    )
                    for row in table.rows
                ],
                [tie_note(r.position, name(r.team_id, "?"), r.decided_by) for r in tie_notes(table.rows)],
            )
        )
    return divisions


def standings_picture(standings: Standings) -> bytes:
    """Each division's table, as `/standings` shows it."""
    league = standings.league
    with i18n.using(league.language):
        return standings_png(
            _("{league}: season {number} standings", league=league.name, number=standings.season.number),
            standings_divisions(standings),
            bonus=league.settings.bonus_mode != BonusMode.OFF,
        )


STANDINGS_HEADER = (  # the columns, marked: the file's header is in the current language
    N_("division"),
    N_("place"),
    N_("team"),
    N_("played"),
    N_("won"),
    N_("drawn"),
    N_("lost"),
    N_("td_for"),
    N_("td_against"),
    N_("td_diff"),
    N_("cas_for"),
    N_("cas_against"),
    N_("cas_diff"),
    N_("bonus_points"),
    N_("points"),
    N_("placed_on"),
)


def _placed_on(decided_by: str | None) -> str | None:
    """The tiebreaker that placed a row (a marked label), in the current language; None for no tie."""
    return _(decided_by) if decided_by else None


def standings_csv(standings: Standings) -> bytes:
    """A line per team and division, every number of the table (a spreadsheet's input)."""
    return csv_bytes(
        [_(column) for column in STANDINGS_HEADER],
        (
            (
                table.division.name,
                row.position,
                table.names.get(row.team_id, "?"),
                row.played,
                row.won,
                row.drawn,
                row.lost,
                row.td_for,
                row.td_against,
                row.td_diff,
                row.cas_for,
                row.cas_against,
                row.cas_for - row.cas_against,
                row.bonus_points,
                row.points,
                _placed_on(row.decided_by),
            )
            for table in standings.tables
            for row in table.rows
        ),
    )


# --- the play-off bracket ---------------------------------------------------------------------------------


def _bracket_game(fx: Fixture) -> BracketGame:
    if fx.status == "confirmed":
        winner = winner_of(fx)
        pens = " " + _("pens") if fx.home_score == fx.away_score else ""
        return BracketGame(
            fx.home_name,
            fx.away_name,
            f"{fx.home_score}-{fx.away_score}{pens}",
            "home" if winner == fx.home_team_id else "away" if winner == fx.away_team_id else None,
        )
    return BracketGame(
        fx.home_name, fx.away_name, _("to play") if fx.status == "scheduled" else fixture_status(fx.status)
    )


def bracket_parts(bracket: Bracket) -> tuple[str, list[BracketStage], list[Prize]]:
    """The bracket's subtitle (the seeds, or why there are none), its stages (the third-place game last)
    and the prizes once paid, as plain values."""
    if bracket.qualifiers:
        subtitle = _("Seeds: {seeds}", seeds=", ".join(f"{q.seed}. {name}" for q, name in bracket.qualifiers))
    elif bracket.size < 2:
        subtitle = _("No play-offs in this league: the prizes follow the final standings.")
    else:
        subtitle = _("Not open yet: {size} teams will qualify.", size=bracket.size)
    stages = [BracketStage(title, [_bracket_game(g) for g in games]) for title, games in bracket.stages]
    prizes = [Prize(ordinal(a.place), a.team_name, gp(a.prize)) for a in bracket.awards]
    return subtitle, stages, prizes


def bracket_picture(bracket: Bracket) -> bytes:
    """The stages as stacked sections (the third-place game last), the prizes once paid."""
    with i18n.using(bracket.league.language):
        subtitle, stages, prizes = bracket_parts(bracket)
        title = _(
            "{league}: season {number} play-offs", league=bracket.league.name, number=bracket.season.number
        )
        return bracket_png(title, stages, prizes, subtitle=subtitle)


# --- tournament rankings ----------------------------------------------------------------------------------


def rankings_picture(table: EventStandings, coach_names: Mapping[int, str]) -> bytes:
    """The squads (a team event), then the coaches in the text's sections; `coach_names` by user id (the
    members Discord knows; a coach not among them is shown by his team alone)."""
    with i18n.using(table.event.league.language):
        return _rankings_picture(table, coach_names)


def _rankings_picture(table: EventStandings, coach_names: Mapping[int, str]) -> bytes:
    extra = table.event.rulespack.extra_columns  # (tiebreaker, label): the organiser's own by its name
    heads = {} if table.squads else dict(table.sections)
    sections: list[RankingSection] = []
    current: list[RankingLine] = []
    heading = _("Coaches") if table.squads else _("Rankings")
    for line in table.lines:
        if line.row.position in heads:
            if current:
                sections.append(RankingSection(heading, current))
            heading, current = heads[line.row.position], []
        coach = coach_names.get(line.team.coach_id)
        row = line.row
        current.append(
            RankingLine(
                row.position,
                f"{line.team.name} ({coach})" if coach else line.team.name,
                row.tournament_points,
                row.bonus_points,
                row.td_diff,
                row.td_for,
                row.cas_for,
                tuple(row.extra(t) for t, _label in extra),
            )
        )
    sections.append(RankingSection(heading, current))
    squads = [
        SquadLine(
            s.row.position,
            s.squad.name,
            s.row.team_points,
            s.row.won,
            s.row.drawn,
            s.row.lost,
            s.row.bonus_points,
            s.row.td_diff,
            s.row.cas_for,
        )
        for s in table.squads
    ]
    notes = [_("Spare Player (not ranked): {team}", team=table.spare.name)] if table.spare is not None else []
    return rankings_png(
        table.title,
        sections,
        squads,
        extra_names=[label[:1].upper() + label[1:] for _tiebreaker, label in extra],
        notes=notes,
    )


RANKINGS_HEADER = (  # the columns, marked: the file's header is in the current language
    N_("place"),
    N_("team"),
    N_("coach_id"),
    N_("tournament_points"),
    N_("bonus_points"),
    N_("td_for"),
    N_("td_against"),
    N_("td_diff"),
    N_("cas_for"),
    N_("sent_off"),
    N_("votes"),
    N_("objectives"),
    N_("organiser_tiebreaker"),  # the number the rulespack names (custom_tiebreaker), 0 without one
    N_("placed_on"),
)


def rankings_csv(table: EventStandings) -> bytes:
    """A line per ranked coach with every tiebreaker's number."""
    return csv_bytes(
        [_(column) for column in RANKINGS_HEADER],
        (
            (
                line.row.position,
                line.team.name,
                line.team.coach_id,
                line.row.tournament_points,
                line.row.bonus_points,
                line.row.td_for,
                line.row.td_against,
                line.row.td_diff,
                line.row.cas_for,
                line.row.sent_off,
                line.row.votes,
                line.row.objectives,
                line.row.custom,
                _placed_on(line.row.decided_by),
            )
            for line in table.lines
        ),
    )


# --- a season's start -------------------------------------------------------------------------------------


def season_start_picture(overview: SeasonOverview, roster_names: Mapping[str, str]) -> bytes:
    """Every division with its teams (and rosters), then round 1's games."""
    league = overview.league
    with i18n.using(league.language):
        heading = _("Round 1")
        if overview.rounds:
            heading += " · " + _("deadline {deadline} UTC", deadline=_utc(overview.rounds[0].deadline_at))
        return season_start_png(
            _("{league}: season {number} begins", league=league.name, number=overview.season.number),
            [
                DivisionTeams(
                    division.name, [(t.name, roster_names.get(t.roster, t.roster)) for t in members]
                )
                for division, members in overview.divisions
            ],
            [(f.home_name, f.away_name) for f in overview.round_fixtures(1)],
            round_heading=heading,
        )


def _utc(moment: datetime) -> str:
    """`05 Mar 2026 18:00` in UTC (a picture cannot show each reader's own time); another language writes
    the date its own way (`5 mars 2026 18:00`)."""
    if i18n.current() == i18n.ENGLISH:
        return f"{moment:%d %b %Y %H:%M}"
    return f"{i18n.date(moment)} {moment:%H:%M}"


# --- sending ----------------------------------------------------------------------------------------------


def picture_message(title: str, data: bytes, stem: str) -> tuple[discord.Embed, discord.File]:
    """An embed that shows the attached PNG, and the file (send both in one message)."""
    [embed], [file] = pictures_message(title, [data], stem)
    return embed, file


def pictures_message(
    title: str, pages: Sequence[bytes], stem: str
) -> tuple[list[discord.Embed], list[discord.File]]:
    """An embed per page showing its attached PNG (the title, if any, on the first), and the files: one
    message (bot/pictures/kit.py draws at most 10 pages, Discord's embeds and attachments per message)."""
    files = [
        attachment(data, stem if len(pages) == 1 else f"{stem}_{n}", "png") for n, data in enumerate(pages, 1)
    ]
    embeds = []
    for n, file in enumerate(files):
        if n or not title:  # no title: the picture's own band says it (said once)
            embed = discord.Embed(colour=COLOUR)
        elif len(title) <= EMBED_TITLE:
            embed = discord.Embed(title=title, colour=COLOUR)
        else:
            embed = discord.Embed(description=title, colour=COLOUR)
        embed.set_image(url=f"attachment://{file.filename}")
        embeds.append(embed)
    return embeds, files


async def send_picture(
    interaction: discord.Interaction,
    title: str,
    stem: str,
    draw: Callable[[], bytes],
    *,
    followup: bool = False,
) -> None:
    """Draw the picture off the event loop and answer with it (`followup`: after the answer already
    sent). A big league's picture takes a second or two to draw, so a fresh interaction is deferred first
    (Discord wants an answer within three seconds) and the picture replaces the "thinking" message."""
    if followup or interaction.response.is_done():
        embed, file = picture_message(title, await asyncio.to_thread(draw), stem)
        await interaction.followup.send(embed=embed, file=file)
        return
    await interaction.response.defer(thinking=True)
    embed, file = picture_message(title, await asyncio.to_thread(draw), stem)
    await interaction.edit_original_response(embed=embed, attachments=[file])


async def send_pictures(
    interaction: discord.Interaction, title: str, stem: str, draw: Callable[[], Sequence[bytes]]
) -> None:
    """As `send_picture`, for a picture drawn as pages (bot/pictures/kit.py `draw_pages`): one message
    with an embed and a file per page."""
    await interaction.response.defer(thinking=True)
    embeds, files = pictures_message(title, await asyncio.to_thread(draw), stem)
    await interaction.edit_original_response(embeds=embeds, attachments=files)


async def send_file(
    interaction: discord.Interaction, content: str, data: bytes, stem: str, extension: str
) -> None:
    """A file (CSV) as the answer."""
    file = attachment(data, stem, extension)
    if interaction.response.is_done():
        await interaction.followup.send(content, file=file)
    else:
        await interaction.response.send_message(content, file=file)


def member_names(interaction: discord.Interaction, user_ids: list[int]) -> dict[int, str]:
    """The display names of those users that the server's member cache knows (no request to Discord)."""
    guild = interaction.guild
    if guild is None:
        return {}
    names = {}
    for user_id in user_ids:
        member = guild.get_member(user_id)
        if member is not None:
            names[user_id] = member.display_name
    return names


async def announcement_picture(
    rt: Runtime, guild_id: int, league_id: int, spec: str
) -> tuple[str, bytes, str] | None:
    """What an announcement's `picture` names, read now and drawn: (title, PNG, file stem), or None when
    the spec is not one this version draws."""
    parsed = parse_picture(spec)
    if parsed is None:
        return None
    kind, number = parsed
    reference = f"l:{league_id}"
    if kind == "bracket":
        bracket = await playoffs.bracket(rt, guild_id, reference, number)
        data = await asyncio.to_thread(bracket_picture, bracket)
        with i18n.using(bracket.league.language):
            title = _("{league}: season {number} play-offs", league=bracket.league.name, number=number)
        return title, data, f"playoffs_season_{number}"
    table = await seasons.standings(rt, guild_id, reference, None, number)
    data = await asyncio.to_thread(standings_picture, table)
    with i18n.using(table.league.language):
        title = _("{league}: season {number} standings", league=table.league.name, number=number)
    return title, data, f"standings_season_{number}"
