"""/league and /season: the commissioner's commands. Hidden from members without Manage Server and
checked again at run time (Manage Server or the commissioner role)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.catalog.search import best_matches
from bot.errors import InvalidInput
from bot.i18n import N_, _, ngettext
from bot.services.league import contracts, league_export, leagues, playoffs, seasons
from bot.services.match import deadlines, pregame, results
from bot.services.match.revert import revert_postgame
from bot.services.roster import teams
from bot.ui import drafting, result_setting
from bot.ui.announce import announce
from bot.ui.audit_views import log_line
from bot.ui.autocomplete import Choices, choice
from bot.ui.checks import commissioner_only
from bot.ui.competition_files import defer_private, read_upload, send_export
from bot.ui.context import actor_of, runtime_of
from bot.ui.drafting import TEAMS
from bot.ui.formatting import plain, timestamp
from bot.ui.league_views import COLOUR, season_start_text, settings_embed
from bot.ui.limits import one_embed, pack_embeds, send_messages
from bot.ui.options import (
    LEAGUE_HELP,
    REASON_HELP,
    Casualties,
    Completed,
    LeagueOption,
    PlayerEvents,
    Reason,
    TeamOption,
    Touchdowns,
    choices,
)
from bot.ui.pagination import RenderedPage, register_page_source, send_paginated
from bot.ui.pictures import picture_message, season_start_picture
from bot.ui.pregame_views import pregame_embeds
from bot.ui.result_views import side_inputs
from bot.ui.season_views import bracket_embeds
from bot.ui.star_views import draft_embeds
from bot.ui.web_views import WEB_ACTION_CHOICES, answer_link

if TYPE_CHECKING:
    from bot.host import Host

LOG_SOURCE = "league_log"


async def render_log(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    result = await leagues.league_log(
        runtime_of(interaction), actor_of(interaction).guild_id, f"l:{key}", page
    )
    lines = [log_line(entry) for entry in result.entries]
    footer = _("Page {page} of {pages} · newest first", page=result.page + 1, pages=result.page_count)
    title = _("{league}: log", league=result.league.name)
    embed = one_embed(title, lines or [_("Nothing yet.")], colour=COLOUR, footer=footer)
    return RenderedPage(embed, result.page, result.page_count, key)


register_page_source(LOG_SOURCE, render_log)


async def any_fixture_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    found = await results.all_fixtures(runtime_of(interaction), actor_of(interaction).guild_id)
    return result_setting.fixture_choices(current, found)


AnyFixture = app_commands.Transform[str, Completed(any_fixture_autocomplete)]  # any fixture of the server
# What /league schedule lists, by kind.
SCHEDULED = {
    "deadline": N_("round deadline"),
    "reminder": N_("reminder"),
    "auto_confirm": N_("automatic confirmation"),
    "fixture_deadline": N_("extended fixture deadline"),
    "signing": N_("star signing time-out"),
    "signing_reminder": N_("star signing reminder"),
}


def scheduled_name(kind: str) -> str:
    return _(SCHEDULED[kind]) if kind in SCHEDULED else kind.replace("_", " ")


def _planned_line(at: datetime, kind: str, item_id: int, armed: bool) -> str:
    values = {"when": timestamp(at, "f"), "relative": timestamp(at, "R"), "what": scheduled_name(kind)}
    if armed:
        return "{when} ({relative}) · {what} #{id}".format(id=item_id, **values)
    return _("{when} ({relative}) · {what} #{id} (not armed yet)", id=item_id, **values)


def counted_teams_fixtures(teams: int, fixtures: int) -> dict[str, str]:
    """A league file's size, as the export and import replies say it."""
    return {
        "teams": ngettext("{n} team", "{n} teams", teams),
        "fixtures": ngettext("{n} fixture", "{n} fixtures", fixtures),
    }


@app_commands.default_permissions(manage_guild=True)
class LeagueAdmin(commands.GroupCog, group_name="league", group_description="Run a league (commissioners)"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="create", description="Start a new league on this server")
    @app_commands.describe(
        name="The league's name", channel="Where the bot announces seasons, results and news"
    )
    @commissioner_only()
    async def create(
        self, interaction: discord.Interaction, name: str, channel: discord.TextChannel | None = None
    ) -> None:
        channel_id = channel.id if channel else interaction.channel_id
        league = await leagues.create_league(runtime_of(interaction), actor_of(interaction), name, channel_id)
        with i18n.using(league.language):  # a public reply
            text = _(
                "League **{league}** created; announcements go to <#{channel}>. "
                "Coaches draft with /team create; change settings with /settings.",
                league=plain(league.name),
                channel=channel_id,
            )
            embed = settings_embed(league, runtime_of(interaction).catalog)
        await interaction.response.send_message(text, embed=embed)

    @app_commands.command(name="approve", description="Approve a submitted team so it can play")
    @app_commands.describe(team="The submitted team", league=LEAGUE_HELP)
    @commissioner_only()
    async def approve(
        self, interaction: discord.Interaction, team: TeamOption, league: LeagueOption | None = None
    ) -> None:
        result = await drafting.step(TEAMS, interaction, teams.review_team, league, team, approve=True)
        sheet = result.sheet
        with i18n.using(sheet.league.language):
            text = _(
                "✅ <@{coach}>: **{team}** is approved.",
                coach=sheet.team.coach_id,
                team=plain(sheet.team.name),
            )
        await announce(self.bot, sheet.league, content=text)

    @app_commands.command(name="reject", description="Send a submitted team back to its coach, with a reason")
    @app_commands.describe(
        team="The submitted team",
        reason="What the coach must change",
        league=LEAGUE_HELP,
    )
    @commissioner_only()
    async def reject(
        self,
        interaction: discord.Interaction,
        team: TeamOption,
        reason: Reason,
        league: LeagueOption | None = None,
    ) -> None:
        rejected = teams.review_team(
            runtime_of(interaction), actor_of(interaction), league, team, approve=False, reason=reason
        )
        result = await drafting.reply(TEAMS, interaction, await rejected, sheet=False)
        sheet = result.sheet
        with i18n.using(sheet.league.language):
            text = _(
                "❌ <@{coach}>: **{team}** was rejected: {reason}. Change it and /team submit again.",
                coach=sheet.team.coach_id,
                team=plain(sheet.team.name),
                reason=plain(reason),
            )
        await announce(self.bot, sheet.league, content=text)

    @app_commands.command(
        name="result", description="Set or correct a fixture's result (confirmed at once; the reason is kept)"
    )
    @app_commands.describe(
        fixture="The fixture (#number)",
        home_score="Home touchdowns",
        away_score="Away touchdowns",
        reason="Why you set it: kept in the league log",
        home_casualties="Home SPP casualties caused",
        away_casualties="Away SPP casualties caused",
        home_players="Home players' events, e.g. #7 td, #3 cas",
        away_players="Away players' events, same form",
        home_stalling="A home player was deemed stalling",
        away_stalling="An away player was deemed stalling",
        extra_time="Play-off game: it went to extra time",
        penalty_winner="Play-off game level after extra time: who won the penalty shoot-out",
    )
    @app_commands.choices(penalty_winner=choices({"home": "home team", "away": "away team"}))
    @commissioner_only()
    async def result(
        self,
        interaction: discord.Interaction,
        fixture: AnyFixture,
        home_score: Touchdowns,
        away_score: Touchdowns,
        reason: Reason,
        home_casualties: Casualties = 0,
        away_casualties: Casualties = 0,
        home_players: PlayerEvents | None = None,
        away_players: PlayerEvents | None = None,
        home_stalling: bool = False,
        away_stalling: bool = False,
        extra_time: bool = False,
        penalty_winner: str | None = None,
    ) -> None:
        sides = side_inputs(
            home_score,
            away_score,
            home_casualties,
            away_casualties,
            home_players,
            away_players,
            home_stalling,
            away_stalling,
        )
        await result_setting.set_result(
            self.bot,
            interaction,
            fixture,
            sides,
            reason,
            extra_time=extra_time,
            penalty_winner=penalty_winner,
            by=results.COMMISSIONER,
        )

    @app_commands.command(
        name="record", description="Record by hand a pre-game step the ruleset has no table for"
    )
    @app_commands.describe(
        fixture="The fixture (#number)",
        step="What to record: a stadium attribute, a famous referee, a sponsor ...",
        result="What it was (up to 200 characters)",
        reason=REASON_HELP,
    )
    @commissioner_only()
    async def record(
        self,
        interaction: discord.Interaction,
        fixture: AnyFixture,
        step: str,
        result: app_commands.Range[str, 1, 200],
        reason: Reason | None = None,
    ) -> None:
        view = await pregame.record_step(
            runtime_of(interaction), actor_of(interaction), fixture, step, result, reason
        )
        with i18n.using(await _language(interaction, view.fixture.league_id)):
            embeds = pregame_embeds(view)
        await send_messages(interaction, embeds=embeds)

    @record.autocomplete("step")
    async def step_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        fixture = str(getattr(interaction.namespace, "fixture", "") or "")
        steps = await pregame.recordable_steps(runtime_of(interaction), actor_of(interaction), fixture)
        return [choice(name, value) for value, name in best_matches(current, steps, lambda s: s[1])]

    @app_commands.command(
        name="revert", description="Undo a fixture's whole post-game (then set its result again)"
    )
    @app_commands.describe(fixture="The confirmed fixture (#number)", reason=REASON_HELP)
    @commissioner_only()
    async def revert(self, interaction: discord.Interaction, fixture: AnyFixture, reason: Reason) -> None:
        result = await revert_postgame(runtime_of(interaction), actor_of(interaction), fixture, reason)
        with i18n.using(await _language(interaction, result.fixture.league_id)):
            text = _(
                "Post-game of {fixture} (#{id}) reverted: {reason}\n{lines}\nSet its result again with "
                "/league result.",
                fixture=plain(result.fixture.label),
                id=result.fixture.id,
                reason=plain(reason),
                lines="\n".join(result.lines),
            )
        await send_messages(interaction, text)

    @app_commands.command(
        name="extend", description="Extend a round's deadline (later rounds move too), or one fixture's"
    )
    @app_commands.describe(
        days="Days to add",
        reason=REASON_HELP,
        round="The round (its later rounds and reminders move with it)",
        fixture="Or just this fixture (settled at its own deadline)",
        league=LEAGUE_HELP,
    )
    @commissioner_only()
    async def extend(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 1, 60],
        reason: Reason,
        round: app_commands.Range[int, 1, 99] | None = None,
        fixture: AnyFixture | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        if (round is None) == (fixture is None):
            raise InvalidInput(_("Give a round, or a fixture: one of the two."))
        rt, actor = runtime_of(interaction), actor_of(interaction)
        if fixture is not None:
            fx, deadline = await deadlines.extend_fixture(rt, actor, fixture, days, reason)
            with i18n.using(await _language(interaction, fx.league_id)):  # a public reply
                text = _(
                    "{fixture} (#{id}) now has until {deadline} ({relative}). Reason: {reason}",
                    fixture=plain(fx.label),
                    id=fx.id,
                    deadline=timestamp(deadline, "f"),
                    relative=timestamp(deadline, "R"),
                    reason=plain(reason),
                )
        else:
            assert round is not None
            number, deadline = await deadlines.extend_round(rt, actor, league, round, days, reason)
            with i18n.using((await leagues.get_league(rt, actor.guild_id, league)).language):
                text = ngettext(
                    "Round {number} now ends {deadline} ({relative}); later rounds moved by {n} day. "
                    "Reason: {reason}",
                    "Round {number} now ends {deadline} ({relative}); later rounds moved by {n} days. "
                    "Reason: {reason}",
                    days,
                    number=number,
                    deadline=timestamp(deadline, "f"),
                    relative=timestamp(deadline, "R"),
                    reason=plain(reason),
                )
        await self.bot.deadlines.rearm()
        await interaction.response.send_message(text)

    @app_commands.command(
        name="schedule", description="The next deadlines, reminders and automatic confirmations"
    )
    @commissioner_only()
    async def schedule(self, interaction: discord.Interaction) -> None:
        guild_id = actor_of(interaction).guild_id
        planned = [d for d in await deadlines.schedule(runtime_of(interaction)) if d.guild_id == guild_id]
        armed = {job.id for job in self.bot.scheduler.jobs()}
        lines = [_planned_line(d.at, d.kind, d.item_id, d.job_id in armed) for d in planned]
        lines += [
            _(
                "⏸ {what} #{id}: waits until {blocker}",
                what=scheduled_name(w.due.kind),
                id=w.due.item_id,
                blocker=w.blocker.text,
            )
            for w in await deadlines.waiting(runtime_of(interaction), guild_id)
        ]
        embeds = pack_embeds(_("Scheduled"), description=lines or [_("Nothing scheduled.")], colour=COLOUR)
        await send_messages(interaction, embeds=embeds, ephemeral=True)

    @app_commands.command(
        name="skip-signing",
        description="Star signing draft: skip the team on the clock (no star this season)",
    )
    @app_commands.describe(league=LEAGUE_HELP)
    @commissioner_only()
    async def skip_signing(
        self, interaction: discord.Interaction, league: LeagueOption | None = None
    ) -> None:
        view = await contracts.skip_team(runtime_of(interaction), actor_of(interaction), league)
        with i18n.using(view.league.language):
            embeds = draft_embeds(view)
        await send_messages(interaction, embeds=embeds)

    @app_commands.command(name="log", description="Who did what and when in the league, with reasons")
    @app_commands.describe(league=LEAGUE_HELP)
    @commissioner_only()
    async def log(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        found = await leagues.get_league(runtime_of(interaction), actor_of(interaction).guild_id, league)
        await send_paginated(interaction, LOG_SOURCE, str(found.id))

    # --- the web view ---
    @app_commands.command(
        name="web", description="The league's read-only web page: show, turn on or off, replace"
    )
    @app_commands.describe(action="What to do with the public link", league=LEAGUE_HELP)
    @app_commands.choices(action=WEB_ACTION_CHOICES)
    @commissioner_only()
    async def web(
        self, interaction: discord.Interaction, action: str = "show", league: LeagueOption | None = None
    ) -> None:
        await answer_link(self.bot, interaction, league, action, "league")

    # --- exports and imports ---
    @app_commands.command(name="export", description="The whole league as one JSON file (to keep or import)")
    @app_commands.describe(league=LEAGUE_HELP)
    @commissioner_only()
    async def export(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        await defer_private(interaction)
        done = await league_export.export_league(runtime_of(interaction), actor_of(interaction), league)
        content = _(
            "**{league}**: {teams}, {fixtures}. Import it on another server with /league import.",
            league=plain(done.league_name),
            **counted_teams_fixtures(done.teams, done.fixtures),
        )
        await send_export(interaction, content, done.data, done.league_name, gzipped=done.gzipped)

    @app_commands.command(
        name="import", description="Import a league file from /league export into this server"
    )
    @app_commands.describe(
        file="The .json or .json.gz file /league export made",
        name="A new name for the league (default: its name in the file)",
    )
    @commissioner_only()
    async def import_(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        name: app_commands.Range[str, 1, 80] | None = None,
    ) -> None:
        data = await read_upload(interaction, file, league_export.IMPORT_LIMIT)
        done = await league_export.import_league(runtime_of(interaction), actor_of(interaction), data, name)
        await self.bot.deadlines.rearm()  # the imported rounds' deadlines and reminders
        content = _(
            "Imported **{league}**: {teams}, {players}, {fixtures}. Announcements go to <#{channel}>.",
            league=plain(done.league_name),
            players=ngettext("{n} player", "{n} players", done.players),
            channel=interaction.channel_id,
            **counted_teams_fixtures(done.teams, done.fixtures),
        )
        await interaction.edit_original_response(content=content)


@app_commands.default_permissions(manage_guild=True)
class SeasonAdmin(
    commands.GroupCog, group_name="season", group_description="Run a league's seasons (commissioners)"
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="start", description="Start the season with every approved team (4 or more)")
    @app_commands.describe(
        league=LEAGUE_HELP,
        divisions=(
            "Empty: drawn, as many as teams_per_division gives. A number: that many, drawn. "
            "Or `Team A=1, B=2`"
        ),
    )
    @commissioner_only()
    async def start(
        self,
        interaction: discord.Interaction,
        league: LeagueOption | None = None,
        divisions: str | None = None,
    ) -> None:
        overview = await seasons.start_season(
            runtime_of(interaction), actor_of(interaction), league, divisions
        )
        language = overview.league.language  # the season's start is public: worded in the league's language
        with i18n.using(language):
            notes = []
            if overview.left_out:
                names = ", ".join(plain(t.name) for t in overview.left_out)
                notes.append(_("Not approved, so not playing: {teams}.", teams=names))
            if overview.not_redrafted:
                names = ", ".join(plain(t.name) for t in overview.not_redrafted)
                notes.append(
                    _(
                        "Not re-drafted since last season (/redraft start), so not playing: {teams}.",
                        teams=names,
                    )
                )
            note = " ".join(notes)
            # One message: a short text and the picture (its band carries the title; every team and round
            # 1's games are drawn in it), drawn while Discord shows "thinking"; a long list of teams left out
            # follows.
            text = season_start_text(overview)
        await interaction.response.defer(thinking=True)
        await self.bot.deadlines.rearm()  # the new rounds' deadlines and reminders, armed now
        rosters = {key: team.name for key, team in runtime_of(interaction).catalog.teams.items()}
        with i18n.using(language):  # the thread drawing it words in the language it is started in
            picture = await asyncio.to_thread(season_start_picture, overview, rosters)
        stem = f"{overview.league.name}_season_{overview.season.number}"
        image, file = picture_message("", picture, stem)
        await interaction.edit_original_response(content=text, embed=image, attachments=[file])
        if note:
            await send_messages(interaction, note, followup=True)
        if overview.league.announce_channel_id not in (None, interaction.channel_id):
            coaches = " ".join(f"<@{t.coach_id}>" for _div, members in overview.divisions for t in members)
            image, file = picture_message("", picture, stem)
            await announce(
                self.bot, overview.league, content=f"{text}\n{coaches}", embeds=[image], files=[file]
            )

    @app_commands.command(
        name="playoffs", description="Open the play-offs: qualifiers from the standings, first stage drawn"
    )
    @app_commands.describe(league=LEAGUE_HELP)
    @commissioner_only()
    async def playoffs(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        bracket = await playoffs.open_playoffs(runtime_of(interaction), actor_of(interaction), league)
        with i18n.using(bracket.league.language):
            text = _("The play-offs are open; the coaches are told in the league channel.")
            embeds = bracket_embeds(bracket)
        await send_messages(interaction, text, embeds)

    @app_commands.command(name="pause", description="Pause the season: no deadline passes until it resumes")
    @app_commands.describe(reason=REASON_HELP, league=LEAGUE_HELP)
    @commissioner_only()
    async def pause(
        self,
        interaction: discord.Interaction,
        reason: Reason | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        await _pause(self, interaction, league, True, reason)

    @app_commands.command(
        name="resume", description="Resume a paused season (deadlines move on by the pause)"
    )
    @app_commands.describe(league=LEAGUE_HELP)
    @commissioner_only()
    async def resume(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        await _pause(self, interaction, league, False, None)


async def _pause(
    cog: SeasonAdmin, interaction: discord.Interaction, league: str | None, pause: bool, reason: str | None
) -> None:
    rt, actor = runtime_of(interaction), actor_of(interaction)
    resumed = await deadlines.pause_season(rt, actor, league, pause=pause, reason=reason or "")
    await cog.bot.deadlines.rearm()
    with i18n.using((await leagues.get_league(rt, actor.guild_id, league)).language):  # a public reply
        if pause:
            text = _("The season is paused: no deadline passes until you /season resume.")
        else:
            text = _("The season is running again; every open deadline moved on by the time it was paused.")
            if resumed is not None:
                text += " " + _("Deadlines now follow from {when}.", when=timestamp(resumed, "f"))
    await interaction.response.send_message(text)


async def _language(interaction: discord.Interaction, league_id: int) -> str:
    """The language of a fixture's league, which words what the channel sees."""
    league = await leagues.get_competition(runtime_of(interaction), actor_of(interaction).guild_id, league_id)
    return league.language


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(LeagueAdmin(league_bot))
    await league_bot.add_cog(SeasonAdmin(league_bot))
