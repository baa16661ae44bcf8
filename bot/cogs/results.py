"""/report, /friendly, /fixtures and /standings, and the Confirm / Dispute buttons under a report.

The buttons are DynamicItems: their custom_id carries the fixture and the report version they answer,
so they work after a restart, and a button under an outdated report is refused."""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import N_, _, ngettext
from bot.services.inputs import one_of
from bot.services.league import seasons
from bot.services.league.leagues import get_competition
from bot.services.league.seasons import FIXTURE_SCOPES
from bot.services.match import deadlines, results
from bot.services.match.results import CONCESSIONS, ReportedResult
from bot.services.records import League
from bot.ui.announce import announce
from bot.ui.buttons import GuardedButton, GuardedModal
from bot.ui.context import actor_of, runtime_of
from bot.ui.files import attachment
from bot.ui.fixture_export import results_csv
from bot.ui.formatting import gp, plain
from bot.ui.league_views import COLOUR, fixture_pages, standings_pages
from bot.ui.limits import send_messages
from bot.ui.options import (
    LEAGUE_HELP,
    Casualties,
    FixtureOption,
    LeagueOption,
    PlayerEvents,
    TeamOption,
    Touchdowns,
    choices,
)
from bot.ui.pagination import RenderedPage, register_page_source, send_paginated
from bot.ui.pictures import send_file, send_picture, standings_csv, standings_picture
from bot.ui.result_views import (
    FinishPostgameButton,
    WinningsRerollButton,
    follow_with_postgame,
    result_embeds,
    side_inputs,
)

if TYPE_CHECKING:
    from bot.host import Host

FIXTURES_SOURCE = "fixtures"
STANDINGS_SOURCE = "standings"
EVENTS_HELP = "What your players did: #7 td, #3 cas, #5 comp 2, #9 mvp, #4 si, #6 off (sent off for a foul)"
SCORES_HELP = {  # the options /report and /friendly word alike
    "my_score": "Touchdowns your team scored",
    "their_score": "Touchdowns they scored",
    "my_players": EVENTS_HELP,
    "their_players": "What their players did, same form as my_players",
}
FORMATS = {"text": "Text", "picture": "Picture", "csv": "CSV file"}
SCOPES = {"mine": "My fixtures", "round": "A round", "division": "A division", "all": "Every fixture"}


async def competition_of(interaction: discord.Interaction, league_id: int) -> League:
    """A fixture's league or tournament: its language words what the channel sees."""
    return await get_competition(runtime_of(interaction), actor_of(interaction).guild_id, league_id)


def answer_view(fixture_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(fixture_id, version))
    view.add_item(DisputeButton(fixture_id, version))
    return view


class _AnswerButton(GuardedButton, template=r"res:[cd]:\d+:\d+"):
    """A button answering one version of one fixture's report; the custom_id carries both."""

    code = ""
    label = ""
    style = discord.ButtonStyle.secondary
    emoji = ""

    def __init__(self, fixture_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_(self.label),
                style=self.style,
                emoji=self.emoji,
                custom_id=f"res:{self.code}:{fixture_id}:{version}",
            )
        )
        self.fixture_id, self.version = fixture_id, version

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["fixture"]), int(match["version"]))


class ConfirmButton(_AnswerButton, template=r"res:c:(?P<fixture>\d+):(?P<version>\d+)"):
    code, label, style, emoji = "c", N_("Confirm"), discord.ButtonStyle.success, "✅"

    async def clicked(self, interaction: discord.Interaction) -> None:
        outcome = await results.confirm_result(
            runtime_of(interaction), actor_of(interaction), self.fixture_id, self.version
        )
        league = await competition_of(interaction, outcome.fixture.league_id)
        with i18n.using(league.language):  # the report's message, in the channel
            heading = _("✅ Confirmed by {user}: the result is locked.", user=interaction.user.mention)
            embeds = result_embeds(outcome, heading=heading)
        await interaction.response.edit_message(embeds=embeds, view=None)
        await follow_with_postgame(interaction, outcome.fixture, outcome.postgame)
        if outcome.fixture.kind in ("league", "playoff"):
            await _announce_result(interaction, league, embeds)


class DisputeModal(GuardedModal):
    reason: discord.ui.TextInput[DisputeModal] = discord.ui.TextInput(
        label="-", style=discord.TextStyle.paragraph, max_length=300
    )

    def __init__(self, fixture_id: int, version: int) -> None:
        super().__init__(title=_("Dispute this result"), timeout=900)  # the clicker's language
        self.reason.label = _("What is wrong with it?")
        self.reason.placeholder = _("e.g. the score was 1-1, and #7 scored, not #5")
        self.fixture_id, self.version = fixture_id, version

    async def submitted(self, interaction: discord.Interaction) -> None:
        outcome = await results.dispute_result(
            runtime_of(interaction),
            actor_of(interaction),
            self.fixture_id,
            self.version,
            str(self.reason.value),
        )
        league = await competition_of(interaction, outcome.fixture.league_id)
        with i18n.using(league.language):
            heading = _(
                "⚠️ Disputed by {user}: {reason}\n{decider} decides it.",
                user=interaction.user.mention,
                reason=plain(str(self.reason.value)),
                decider=(outcome.decider or "").capitalize(),
            )
            embeds = result_embeds(outcome, heading=heading)
        await interaction.response.edit_message(embeds=embeds, view=None)
        await _announce_result(interaction, league, embeds)


class DisputeButton(_AnswerButton, template=r"res:d:(?P<fixture>\d+):(?P<version>\d+)"):
    code, label, style, emoji = "d", N_("Dispute"), discord.ButtonStyle.danger, "⚠️"

    async def clicked(self, interaction: discord.Interaction) -> None:
        fx, _version = await results.get_fixture(
            runtime_of(interaction), actor_of(interaction).guild_id, self.fixture_id
        )
        if fx.side_of(interaction.user.id) is None or interaction.user.id == fx.reported_by:
            await interaction.response.send_message(
                _("Only the other coach of this fixture can dispute it."), ephemeral=True
            )
            return
        await interaction.response.send_modal(DisputeModal(self.fixture_id, self.version))


async def _announce_result(
    interaction: discord.Interaction, league: League, embeds: list[discord.Embed]
) -> None:
    if league.is_tournament:
        return  # an event announces its rounds (pairings, rankings), not each game's result
    if league.announce_channel_id not in (None, interaction.channel_id):
        await announce(interaction.client, league, embeds=embeds)


async def fixture_list(
    interaction: discord.Interaction, league: str | None, scope: str, round: int | None, division: int | None
) -> seasons.FixtureList:
    """The fixtures shown: the channel sees them (any scope but `mine`) in the league's language. A refusal
    is worded for the user; the list found is worded again in the league's language where that differs."""
    chosen = one_of(scope, FIXTURE_SCOPES, _("what to show"))
    listing = partial(
        seasons.list_fixtures,
        runtime_of(interaction),
        actor_of(interaction),
        scope=chosen,
        round_number=round,
        division_number=division,
    )
    found = await listing(league)
    if chosen == "mine" or i18n.pick(found.league.language) == i18n.current():
        return found
    with i18n.using(found.league.language):
        return await listing(f"l:{found.league.id}")


async def render_fixtures(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    league_id, scope, round_text, division_text = key.split(".")
    round, division = int(round_text) or None, int(division_text) or None
    listing = await fixture_list(interaction, f"l:{league_id}", scope, round, division)
    with i18n.using(None if scope == "mine" else listing.league.language):
        pages = fixture_pages(listing)
        page = min(max(page, 0), len(pages) - 1)
        embed = discord.Embed(title=listing.title, description=pages[page], colour=COLOUR)
        footer = _("Page {page} of {pages} · /report when you have played", page=page + 1, pages=len(pages))
        embed.set_footer(text=footer)
    language = None if scope == "mine" else listing.league.language  # the buttons read as the page
    return RenderedPage(embed, page, len(pages), key, language)


register_page_source(FIXTURES_SOURCE, render_fixtures)


async def render_standings(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    league_id, division_text, season_text = key.split(".")
    table = await seasons.standings(
        runtime_of(interaction),
        actor_of(interaction).guild_id,
        f"l:{league_id}",
        int(division_text) or None,
        int(season_text),
    )
    with i18n.using(table.league.language):  # a public table
        pages = standings_pages(table)
    page = min(max(page, 0), len(pages) - 1)
    return RenderedPage(pages[page], page, len(pages), key, table.league.language)


register_page_source(STANDINGS_SOURCE, render_standings)


class ResultsCog(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    async def _post_report(self, interaction: discord.Interaction, outcome: ReportedResult) -> None:
        league = await competition_of(interaction, outcome.fixture.league_id)
        with i18n.using(league.language):  # the channel sees the report and answers it
            heading = _(
                "Reported by {user}. Until it is confirmed either coach can /report again to fix a mistake.",
                user=interaction.user.mention,
            )
            text = _(
                "<@{confirmer}>: confirm this result, or dispute it if it is wrong.",
                confirmer=outcome.confirmer_id,
            )
            embeds = result_embeds(outcome, heading=heading)
            view = answer_view(outcome.fixture.id, outcome.version)
        await send_messages(
            interaction,
            text,
            embeds,
            view=view,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )

    @app_commands.command(
        name="report", description="Report the result of your fixture (the other coach confirms it)"
    )
    @app_commands.describe(
        fixture="Your fixture",
        **SCORES_HELP,
        my_casualties="Casualties your team caused that earn SPP",
        their_casualties="Casualties they caused that earn SPP",
        my_stalling="One of your players was deemed to be stalling",
        their_stalling="One of theirs was stalling",
        conceded="If a team conceded: it loses (league 2-0 or X-0; tournament 3-0 unless better)",
        extra_time="Play-off or knock-out game: it went to extra time",
        penalties="Play-off or knock-out game level after extra time: who won the shoot-out",
        my_objectives="Tournament with Secret Objectives: how many of yours you achieved (0-3)",
        their_objectives="Tournament with Secret Objectives: how many of theirs they achieved (0-3)",
        my_crowd_casualties="Tournament: casualties you caused by crowd pushes (no SPP; for the Carnage Cup)",
        their_crowd_casualties="Tournament: casualties they caused by crowd pushes (no SPP)",
        my_tiebreaker="Tournament with a tiebreaker of its own (see /tournament rulespack): your number",
        their_tiebreaker="Tournament with a tiebreaker of its own: their number",
    )
    @app_commands.choices(
        conceded=choices(
            {
                "mine": "I conceded",
                "theirs": "They conceded",
                "mine_no_penalty": "I conceded without penalty (under 3 on the line of scrimmage)",
                "theirs_no_penalty": "They conceded without penalty (under 3 on the line of scrimmage)",
            }
        )
    )
    @app_commands.choices(
        penalties=choices({"mine": "we won the shoot-out", "theirs": "they won the shoot-out"})
    )
    async def report(
        self,
        interaction: discord.Interaction,
        fixture: FixtureOption,
        my_score: Touchdowns,
        their_score: Touchdowns,
        my_casualties: Casualties = 0,
        their_casualties: Casualties = 0,
        my_players: PlayerEvents | None = None,
        their_players: PlayerEvents | None = None,
        my_stalling: bool = False,
        their_stalling: bool = False,
        conceded: str | None = None,
        extra_time: bool = False,
        penalties: str | None = None,
        my_objectives: app_commands.Range[int, 0, 3] | None = None,
        their_objectives: app_commands.Range[int, 0, 3] | None = None,
        my_crowd_casualties: Casualties = 0,
        their_crowd_casualties: Casualties = 0,
        my_tiebreaker: app_commands.Range[int, 0, 99] | None = None,
        their_tiebreaker: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        mine, theirs = side_inputs(
            my_score,
            their_score,
            my_casualties,
            their_casualties,
            my_players,
            their_players,
            my_stalling,
            their_stalling,
            my_objectives,
            their_objectives,
            crowd=(my_crowd_casualties, their_crowd_casualties),
            tiebreaker=(my_tiebreaker, their_tiebreaker),
        )
        outcome = await results.report_result(
            runtime_of(interaction),
            actor_of(interaction),
            fixture,
            mine,
            theirs,
            None if conceded is None else one_of(conceded, CONCESSIONS, _("who conceded")),
            extra_time=extra_time,
            penalties="mine" if penalties == "mine" else "theirs" if penalties == "theirs" else None,
        )
        await self._post_report(interaction, outcome)

    @app_commands.command(
        name="friendly", description="Report a friendly with another team (no league points; rest by ruleset)"
    )
    @app_commands.describe(
        opponent="The other team",
        **SCORES_HELP,
        my_casualties="Casualties your team caused",
        their_casualties="Casualties they caused",
        league=LEAGUE_HELP,
    )
    async def friendly(
        self,
        interaction: discord.Interaction,
        opponent: TeamOption,
        my_score: Touchdowns,
        their_score: Touchdowns,
        my_casualties: Casualties = 0,
        their_casualties: Casualties = 0,
        my_players: PlayerEvents | None = None,
        their_players: PlayerEvents | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        mine, theirs = side_inputs(
            my_score, their_score, my_casualties, their_casualties, my_players, their_players, False, False
        )
        outcome = await results.report_friendly(
            runtime_of(interaction), actor_of(interaction), league, opponent, mine, theirs
        )
        await self._post_report(interaction, outcome)

    @app_commands.command(
        name="concede", description="Concede a fixture you cannot play before its deadline (no penalty)"
    )
    @app_commands.describe(fixture="Your unplayed fixture")
    async def concede(self, interaction: discord.Interaction, fixture: FixtureOption) -> None:
        fx = await deadlines.concede_fixture(runtime_of(interaction), actor_of(interaction), fixture)
        other = fx.away_coach_id if interaction.user.id == fx.home_coach_id else fx.home_coach_id
        league = await competition_of(interaction, fx.league_id)
        with i18n.using(league.language):
            text = _(
                "{user} concedes {fixture} (#{id}) ahead of the deadline, without penalty. At the deadline "
                "<@{other}>'s team wins 2-0, makes two MVP awards and gains D6 x {amount} (unless the game "
                "is reported first).",
                user=interaction.user.mention,
                fixture=plain(fx.label),
                id=fx.id,
                other=other,
                amount=gp(10_000),
            )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False)
        )

    @app_commands.command(name="notify", description="Choose how the bot reminds you of deadlines")
    @app_commands.describe(dm_reminders="Also send deadline reminders to you by direct message")
    async def notify(self, interaction: discord.Interaction, dm_reminders: bool) -> None:
        await deadlines.set_dm_reminders(runtime_of(interaction), actor_of(interaction), dm_reminders)
        text = (
            _("Deadline reminders will also come to you by direct message.")
            if dm_reminders
            else _("Deadline reminders only in the league channel.")
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="fixtures", description="Fixtures of the current season, with deadlines")
    @app_commands.describe(
        show="Whose fixtures: mine (default), a round, a division, or all",
        round="Which round (with show: a round)",
        division="Which division (with show: a division)",
        league=LEAGUE_HELP,
        format="text (default) or csv: a spreadsheet of the results (every fixture unless show says)",
    )
    @app_commands.choices(
        show=choices(SCOPES),
        format=choices(("text", "csv")),
    )
    async def fixtures(
        self,
        interaction: discord.Interaction,
        show: str | None = None,
        round: app_commands.Range[int, 1, 99] | None = None,
        division: app_commands.Range[int, 1, 99] | None = None,
        league: LeagueOption | None = None,
        format: str = "text",
    ) -> None:
        csv = one_of(format, ("text", "csv"), _("the format")) == "csv"
        show = show or ("all" if csv else "mine")
        found = await fixture_list(interaction, league, show, round, division)
        if csv:
            stem = f"{found.league.name} season {found.season.number} results"
            with i18n.using(None if show == "mine" else found.league.language):
                text = ngettext(
                    "**{title}**: {n} fixture.",
                    "**{title}**: {n} fixtures.",
                    len(found.fixtures),
                    title=plain(found.title),
                )
                data = results_csv(found)
            await interaction.response.send_message(
                text, file=attachment(data, stem, "csv"), ephemeral=show == "mine"
            )
            return
        key = f"{found.league.id}.{show}.{round or 0}.{division or 0}"
        await send_paginated(interaction, FIXTURES_SOURCE, key, ephemeral=show == "mine")

    @app_commands.command(
        name="standings",
        description="League table by division: points, W-D-L, touchdowns, casualties, tiebreakers",
    )
    @app_commands.describe(
        division="Only this division",
        season="A past season's number (default: the current one)",
        league=LEAGUE_HELP,
        format="Text (default), a picture for phones, or a CSV file for spreadsheets",
    )
    @app_commands.choices(format=choices(FORMATS))
    async def standings(
        self,
        interaction: discord.Interaction,
        division: app_commands.Range[int, 1, 99] | None = None,
        season: app_commands.Range[int, 1, 999] | None = None,
        league: LeagueOption | None = None,
        format: str = "text",
    ) -> None:
        shape = one_of(format, tuple(FORMATS), _("the format"))
        table = await seasons.standings(
            runtime_of(interaction), actor_of(interaction).guild_id, league, division, season
        )
        stem = f"{table.league.name}_season_{table.season.number}_standings"
        if shape == "picture":
            with i18n.using(table.league.language):  # drawn in this language (the thread copies it)
                number = table.season.number
                title = _("{league}: season {number} standings", league=table.league.name, number=number)
                await send_picture(interaction, title, stem, partial(standings_picture, table))
            return
        if shape == "csv":
            with i18n.using(table.league.language):
                text, data = _("The standings as CSV."), standings_csv(table)
            await send_file(interaction, text, data, stem, "csv")
            return
        key = f"{table.league.id}.{division or 0}.{table.season.number}"
        await send_paginated(interaction, STANDINGS_SOURCE, key, ephemeral=False)


async def setup(league_bot: Host) -> None:
    league_bot.add_dynamic_items(ConfirmButton, DisputeButton, FinishPostgameButton, WinningsRerollButton)
    await league_bot.add_cog(ResultsCog(league_bot))
