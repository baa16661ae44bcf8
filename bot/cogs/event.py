"""/event: the event organiser's commands for tournaments (seed 000). Hidden from members without Manage
Server and checked again at run time: commissioners and members with the server's organiser role."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.i18n import _, ngettext
from bot.rules.tournament.extra_spp import MOST_AT_ONCE
from bot.rules.tournament.tournament_settings import MAX_ROUNDS
from bot.services.match.results import Referee
from bot.services.tournament import (
    event_export,
    tournament_awards,
    tournament_entries,
    tournament_naf,
    tournament_play,
    tournament_spp,
    tournaments,
)
from bot.ui import drafting, result_setting
from bot.ui.award_views import standing_embeds
from bot.ui.checks import organiser_only
from bot.ui.competition_files import defer_private, read_upload, send_export
from bot.ui.context import actor_of, given, runtime_of
from bot.ui.drafting import ROSTERS
from bot.ui.files import attachment
from bot.ui.formatting import plain
from bot.ui.limits import send_messages
from bot.ui.options import (
    TOURNAMENT_HELP,
    Budget,
    Casualties,
    EntryOption,
    EventPlayerOption,
    PlayerEvents,
    Reason,
    Touchdowns,
    TournamentOption,
    choices,
)
from bot.ui.result_setting import EventGame
from bot.ui.result_views import side_inputs
from bot.ui.roster_views import entry_autocomplete
from bot.ui.tournament_views import pairings_embeds, send_rulespack
from bot.ui.web_views import WEB_ACTION_CHOICES, answer_link

if TYPE_CHECKING:
    from bot.host import Host

MISSING_SHOWN = 10  # teams named in the NAF report's answer as lacking NAF details


@app_commands.default_permissions(manage_guild=True)
class EventCog(commands.GroupCog, group_name="event", group_description="Organise a tournament (organisers)"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(
        name="create", description="Create a tournament on this server, open for registration"
    )
    @app_commands.describe(
        name="The tournament's name",
        channel="Where the bot posts pairings, results and the final rankings",
        budget="Team Draft Budget in gold pieces (default 1,150,000)",
        rounds="How many rounds (default 3)",
        round_hours="Online events: hours coaches have to play each round (leave empty for in person)",
        odd="With an odd number of coaches: a Spare Player or a Bye",
    )
    @organiser_only()
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        channel: discord.TextChannel | None = None,
        budget: Budget | None = None,
        rounds: app_commands.Range[int, 1, 15] | None = None,
        round_hours: app_commands.Range[int, 1, 1440] | None = None,
        odd: Literal["spare", "bye"] | None = None,
    ) -> None:
        channel_id = channel.id if channel else interaction.channel_id
        settings: dict[str, Any] = given(
            budget=budget, rounds=rounds, round_hours=round_hours, odd_player=odd
        )
        event = await tournaments.create_tournament(
            runtime_of(interaction), actor_of(interaction), name, channel_id, settings
        )
        with i18n.using(event.league.language):  # the channel sees it
            content = _(
                "Tournament **{event}** created; announcements go to <#{channel}>. Coaches register with "
                "/roster register; change the rulespack with /rulespack set.",
                event=plain(event.name),
                channel=channel_id,
            )
            await send_rulespack(interaction, event, content, ephemeral=False)

    # --- part 1: registration and tournament rosters ---

    @app_commands.command(
        name="approve", description="Approve a submitted tournament roster, or every submitted one at once"
    )
    @app_commands.describe(
        team="The submitted team (leave empty: every submitted roster, each problem listed)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def approve(
        self,
        interaction: discord.Interaction,
        team: EntryOption | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        if team is None:  # one approval at a time, each its own transaction: the answer follows
            await interaction.response.defer(ephemeral=True, thinking=True)
            reviewed = await tournament_entries.approve_all(
                runtime_of(interaction), actor_of(interaction), tournament
            )
            await drafting.reply_reviewed(interaction, reviewed)
            return
        await drafting.step(ROSTERS, interaction, tournament_entries.review, tournament, team, approve=True)

    @app_commands.command(name="reject", description="Reject a submitted tournament roster, with a reason")
    @app_commands.describe(
        team="The submitted team",
        reason="What the coach must change (kept in the log)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def reject(
        self,
        interaction: discord.Interaction,
        team: EntryOption,
        reason: Reason,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(
            ROSTERS, interaction, tournament_entries.review, tournament, team, approve=False, reason=reason
        )

    @app_commands.command(
        name="spare", description="Mark or unmark the Spare Player's roster (plays, not ranked)"
    )
    @app_commands.describe(
        team="The Spare Player's team",
        spare="True to mark it, false to unmark it",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def spare(
        self,
        interaction: discord.Interaction,
        team: EntryOption,
        spare: bool = True,
        tournament: TournamentOption | None = None,
    ) -> None:
        await drafting.step(ROSTERS, interaction, tournament_entries.set_spare, tournament, team, spare)

    # --- play (part 2): start, pair, swap ---

    @app_commands.command(
        name="start", description="Start the tournament: lock rosters, draw round 1 with dice"
    )
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @organiser_only()
    async def start(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        pairings = await tournament_play.start_event(
            runtime_of(interaction), actor_of(interaction), tournament
        )
        with i18n.using(pairings.event.league.language):  # the channel sees it
            content = _(
                "**{event}** has started: rosters are locked and round 1 is drawn.",
                event=plain(pairings.event.name),
            )
            embeds = pairings_embeds(pairings)
        await send_messages(
            interaction,
            content,
            embeds,
            allowed_mentions=discord.AllowedMentions.none(),  # the pairings post in the channel pings
        )

    @app_commands.command(name="pair", description="Pair the next round now, before every game is confirmed")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @organiser_only()
    async def pair(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        pairings = await tournament_play.pair_next_round(
            runtime_of(interaction), actor_of(interaction), tournament
        )
        with i18n.using(pairings.event.league.language):  # the channel sees it
            content = _(
                "Round {number} of **{event}** is paired.",
                number=pairings.round_number,
                event=plain(pairings.event.name),
            )
            embeds = pairings_embeds(pairings)
        await send_messages(interaction, content, embeds, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="result", description="Decide or correct a game's result (a disputed or held one)"
    )
    @app_commands.describe(
        fixture="The game (#number): disputed and held first",
        home_score="Home touchdowns",
        away_score="Away touchdowns",
        reason="Why (kept in the event's log)",
        home_casualties="Home casualties caused",
        away_casualties="Away casualties caused",
        home_players="Home players' events, e.g. #7 td, #3 cas",
        away_players="Away players' events, same form",
        extra_time="Knock-out: went to extra time",
        penalty_winner="Knock-out: who won the shoot-out",
        tournament=TOURNAMENT_HELP,
        home_crowd="Home crowd-push casualties",
        away_crowd="Away crowd-push casualties",
        home_tiebreaker="Home: the event's own tiebreaker",
        away_tiebreaker="Away: the event's own tiebreaker",
    )
    @app_commands.choices(penalty_winner=choices({"home": "home team", "away": "away team"}))
    @organiser_only()
    async def result(
        self,
        interaction: discord.Interaction,
        fixture: EventGame,
        home_score: Touchdowns,
        away_score: Touchdowns,
        reason: Reason,
        home_casualties: Casualties = 0,
        away_casualties: Casualties = 0,
        home_players: PlayerEvents | None = None,
        away_players: PlayerEvents | None = None,
        extra_time: bool = False,
        penalty_winner: str | None = None,
        tournament: TournamentOption | None = None,
        home_crowd: Casualties = 0,
        away_crowd: Casualties = 0,
        home_tiebreaker: app_commands.Range[int, 0, 99] | None = None,
        away_tiebreaker: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        sides = side_inputs(
            home_score,
            away_score,
            home_casualties,
            away_casualties,
            home_players,
            away_players,
            False,
            False,
            crowd=(home_crowd, away_crowd),
            tiebreaker=(home_tiebreaker, away_tiebreaker),
        )
        await result_setting.set_result(
            self.bot,
            interaction,
            fixture,
            sides,
            reason,
            extra_time=extra_time,
            penalty_winner=penalty_winner,
            by=Referee(organiser=True, event=tournament),
        )

    @app_commands.command(name="swap", description="Swap two coaches between tables of the current round")
    @app_commands.describe(
        team_a="One team to move",
        team_b="The team it swaps tables with",
        reason="Why (kept in the log and shown with the new pairings)",
        tournament=TOURNAMENT_HELP,
        team_c="A second swap: one team",
        team_d="The team it swaps with",
    )
    @organiser_only()
    async def swap(
        self,
        interaction: discord.Interaction,
        team_a: EntryOption,
        team_b: EntryOption,
        reason: Reason,
        tournament: TournamentOption | None = None,
        team_c: EntryOption | None = None,
        team_d: EntryOption | None = None,
    ) -> None:
        more = [(team_c, team_d)] if team_c or team_d else []
        pairings = await tournament_play.swap_tables(
            runtime_of(interaction), actor_of(interaction), tournament, team_a, team_b, reason, more
        )
        if more:
            swapped = ngettext(
                "Swapped {n} pair. Round {number} now reads:",
                "Swapped {n} pairs. Round {number} now reads:",
                1 + len(more),
                number=pairings.round_number,
            )
        else:
            swapped = _("Swapped. Round {number} now reads:", number=pairings.round_number)
        await send_messages(
            interaction,
            swapped,
            pairings_embeds(pairings),
            ephemeral=True,
        )

    # --- awards (part 3) ---

    @app_commands.command(
        name="painted", description="Choose the Best Painted team (when the organiser chooses)"
    )
    @app_commands.describe(
        team="The team with the best painted miniatures",
        tournament=TOURNAMENT_HELP,
    )
    @app_commands.autocomplete(team=entry_autocomplete)
    @organiser_only()
    async def painted(
        self,
        interaction: discord.Interaction,
        team: app_commands.Range[str, 1, 100],
        tournament: TournamentOption | None = None,
    ) -> None:
        standing = await tournament_awards.choose_best_painted(
            runtime_of(interaction), actor_of(interaction), tournament, team
        )
        award = next(a for a in standing.awards if a.key == "painted")
        await send_messages(interaction, tournament_awards.award_line(standing, award), ephemeral=True)

    @app_commands.command(name="finish", description="End the tournament and announce rankings and awards")
    @app_commands.describe(
        force="Finish even with rounds unpaired or games unconfirmed (those games are not counted)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def finish(
        self,
        interaction: discord.Interaction,
        force: bool = False,
        tournament: TournamentOption | None = None,
    ) -> None:
        standing = await tournament_awards.finish(
            runtime_of(interaction), actor_of(interaction), tournament, force
        )
        await send_messages(
            interaction,
            _(
                "{event} is finished; the final rankings and awards are posted in the event's channel.",
                event=plain(standing.event.name),
            ),
            standing_embeds(standing),
            ephemeral=True,
        )

    @app_commands.command(
        name="spp", description="Award a player extra SPP for what the rulespack says (or take an award back)"
    )
    @app_commands.describe(
        team="The player's team",
        player="The player (never a star or a Mercenary)",
        spp="SPP to give, 1-10 (-1 to -10 takes back an award given by mistake)",
        reason="What for: coaches see it and it is kept in the event's log",
        round="The round of the game it was for (default: the team's last confirmed game)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def spp(
        self,
        interaction: discord.Interaction,
        team: EntryOption,
        player: EventPlayerOption,
        spp: app_commands.Range[int, -MOST_AT_ONCE, MOST_AT_ONCE],
        reason: Reason,
        round: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        done = await tournament_spp.award_spp(
            runtime_of(interaction), actor_of(interaction), tournament, team, player, spp, reason, round
        )
        await interaction.response.send_message(
            _("{award}\nFor: {reason}", award=plain(done.line), reason=plain(done.reason)), ephemeral=True
        )

    # --- the NAF report (issue 29) ---
    @app_commands.command(name="naf-report", description="Download the event's NAF report (XML) of its games")
    @app_commands.describe(
        organiser="The organiser's NAF name in the report (default: your name here)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def naf_report(
        self,
        interaction: discord.Interaction,
        organiser: app_commands.Range[str, 1, 60] | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        report = await tournament_naf.naf_report_of(
            runtime_of(interaction),
            actor_of(interaction).guild_id,
            tournament,
            organiser or interaction.user.display_name,
        )
        text = _(
            "NAF report of **{event}**: {coaches}, {games}.",
            event=plain(report.event.name),
            coaches=ngettext("{n} coach", "{n} coaches", report.coaches),
            games=ngettext("{n} game", "{n} games", report.games),
        )
        if report.missing:
            named = ", ".join(plain(name) for name in report.missing[:MISSING_SHOWN])
            count, more = len(report.missing), len(report.missing) - MISSING_SHOWN
            if more > 0:
                line = _(
                    "No NAF name or number yet ({count}): {names} and {more} more.",
                    count=count,
                    names=named,
                    more=more,
                )
            else:
                line = _("No NAF name or number yet ({count}): {names}.", count=count, names=named)
            text += "\n" + line
        await interaction.response.send_message(
            text, file=attachment(report.data, f"{report.event.name}_naf", "xml"), ephemeral=True
        )

    # --- the event as a file (issue 29) ---
    @app_commands.command(name="export", description="The whole event as one JSON file (to keep or import)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    @organiser_only()
    async def export(
        self, interaction: discord.Interaction, tournament: TournamentOption | None = None
    ) -> None:
        await defer_private(interaction)
        done = await event_export.export_event(runtime_of(interaction), actor_of(interaction), tournament)
        content = _(
            "**{event}**: {teams}, {rounds}, {games}. Import it on another server with /event import.",
            event=plain(done.event_name),
            teams=ngettext("{n} team", "{n} teams", done.teams),
            rounds=ngettext("{n} round paired", "{n} rounds paired", done.rounds),
            games=ngettext("{n} game", "{n} games", done.games),
        )
        await send_export(interaction, content, done.data, done.event_name, gzipped=done.gzipped)

    @app_commands.command(
        name="import", description="Import an event file from /event export into this server"
    )
    @app_commands.describe(
        file="The .json or .json.gz file /event export made",
        name="A new name for the tournament (default: its name in the file)",
    )
    @organiser_only()
    async def import_(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        name: app_commands.Range[str, 1, 80] | None = None,
    ) -> None:
        data = await read_upload(interaction, file, event_export.IMPORT_LIMIT)
        done = await event_export.import_event(runtime_of(interaction), actor_of(interaction), data, name)
        await self.bot.deadlines.rearm()  # the imported rounds' deadlines
        counts = [
            ngettext("{n} team", "{n} teams", done.teams),
            ngettext("{n} player", "{n} players", done.players),
            ngettext("{n} game", "{n} games", done.games),
        ]
        if done.squads:
            counts.append(ngettext("{n} squad", "{n} squads", done.squads))
        await interaction.edit_original_response(
            content=_(
                "Imported **{event}**: {counts}. Announcements go to <#{channel}>; the organisers here "
                "run it with /event.",
                event=plain(done.event_name),
                counts=", ".join(counts),
                channel=interaction.channel_id,
            )
        )

    # --- the web view ---
    @app_commands.command(
        name="web", description="The event's read-only web page: show, turn on or off, replace"
    )
    @app_commands.describe(
        action="What to do with the public link", tournament="Which tournament (only when there are several)"
    )
    @app_commands.choices(action=WEB_ACTION_CHOICES)
    @organiser_only()
    async def web(
        self,
        interaction: discord.Interaction,
        action: str = "show",
        tournament: TournamentOption | None = None,
    ) -> None:
        await answer_link(self.bot, interaction, tournament, action, "tournament")


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(EventCog(league_bot))
