"""/event: the event organiser's commands for tournaments (seed 000). Hidden from members without Manage
Server and checked again at run time: commissioners and members with the server's organiser role."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.services import (
    tournament_awards,
    tournament_entries,
    tournament_options,
    tournament_play,
    tournaments,
)
from bot.ui.autocomplete import roster_autocomplete, tournament_autocomplete
from bot.ui.award_views import standing_embeds
from bot.ui.checks import organiser_only
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.limits import send_messages
from bot.ui.roster_views import entry_autocomplete, roster_embeds
from bot.ui.tournament_views import pairings_embeds, send_rulespack

if TYPE_CHECKING:
    from bot.app import LeagueBot


def _changed_text(change: tournaments.RulespackChange) -> str:
    if not change.changed:
        return "Nothing changed."
    lines = [f"**{key}**: {before} → {after}" for key, (before, after) in change.changed.items()]
    return f"{plain(change.event.name)}: rulespack changed.\n" + "\n".join(lines)


@app_commands.default_permissions(manage_guild=True)
class EventCog(commands.GroupCog, group_name="event", group_description="Organise a tournament (organisers)"):
    def __init__(self, league_bot: LeagueBot) -> None:
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
        budget: app_commands.Range[int, 100_000, 10_000_000] | None = None,
        rounds: app_commands.Range[int, 1, 15] | None = None,
        round_hours: app_commands.Range[int, 1, 1440] | None = None,
        odd: Literal["spare", "bye"] | None = None,
    ) -> None:
        channel_id = channel.id if channel else interaction.channel_id
        settings: dict[str, Any] = {
            key: value
            for key, value in (
                ("budget", budget),
                ("rounds", rounds),
                ("round_hours", round_hours),
                ("odd_player", odd),
            )
            if value is not None
        }
        event = await tournaments.create_tournament(
            runtime_of(interaction), actor_of(interaction), name, channel_id, settings
        )
        await send_rulespack(
            interaction,
            event,
            f"Tournament **{plain(event.name)}** created; announcements go to <#{channel_id}>. "
            "Coaches register with /roster register; change the rulespack with /event set.",
            ephemeral=False,
        )

    @app_commands.command(name="set", description="Change the rulespack of a tournament")
    @app_commands.describe(
        tournament="Which tournament (only when the server runs several)",
        budget="Team Draft Budget in gold pieces",
        rounds="How many rounds",
        round_hours="Hours per round for online events; 0 for none (in person)",
        odd="With an odd number of coaches: a Spare Player or a Bye",
        final_rematch="May 1st and 2nd meet again in the final round?",
        tiebreakers="The organiser's tiebreakers after seed 000's four: votes, sent_off (or none)",
        registration="Open or close registration",
        best_painted="Best Painted by coaches' votes or the organiser's choice",
        reason="Why (kept in the log)",
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def set_(
        self,
        interaction: discord.Interaction,
        tournament: str | None = None,
        budget: app_commands.Range[int, 100_000, 10_000_000] | None = None,
        rounds: app_commands.Range[int, 1, 15] | None = None,
        round_hours: app_commands.Range[int, 0, 1440] | None = None,
        odd: Literal["spare", "bye"] | None = None,
        final_rematch: bool | None = None,
        tiebreakers: app_commands.Range[str, 1, 100] | None = None,
        registration: Literal["open", "closed"] | None = None,
        best_painted: Literal["votes", "organiser"] | None = None,
        reason: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        changes: dict[str, Any] = {
            key: value
            for key, value in (
                ("budget", budget),
                ("rounds", rounds),
                ("odd_player", odd),
                ("final_rematch", final_rematch),
                ("extra_tiebreakers", tiebreakers),
                ("best_painted", best_painted),
            )
            if value is not None
        }
        if round_hours is not None:
            changes["round_hours"] = round_hours or None
        if registration is not None:
            changes["registration_open"] = registration == "open"
        change = await tournaments.update_rulespack(
            runtime_of(interaction), actor_of(interaction), tournament, changes, reason
        )
        await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)

    @app_commands.command(name="tier", description="Set what a tier gets: Skill Points, secondaries, stars")
    @app_commands.describe(
        tier="The tier (1-5; seed 000 sets 1-3, tier 4 starts as tier 3)",
        skill_points="Skill Points a team of this tier spends",
        max_secondary="The most secondary skills on a team",
        max_stars="The most star players on a team (seed 000's 2 in all still applies)",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def tier(
        self,
        interaction: discord.Interaction,
        tier: app_commands.Range[int, 1, 5],
        skill_points: app_commands.Range[int, 0, 30],
        max_secondary: app_commands.Range[int, 0, 16],
        max_stars: app_commands.Range[int, 0, 16],
        tournament: str | None = None,
    ) -> None:
        change = await tournaments.set_tier_row(
            runtime_of(interaction),
            actor_of(interaction),
            tournament,
            tier,
            skill_points,
            max_secondary,
            max_stars,
        )
        await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)

    @app_commands.command(name="roster-tier", description="Move a team roster to another tier for this event")
    @app_commands.describe(
        roster="The team roster (e.g. Wood Elf)",
        tier="Its tier at this event; leave empty for the catalogue's",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(roster=roster_autocomplete, tournament=tournament_autocomplete)
    @organiser_only()
    async def roster_tier(
        self,
        interaction: discord.Interaction,
        roster: str,
        tier: app_commands.Range[int, 1, 5] | None = None,
        tournament: str | None = None,
    ) -> None:
        change = await tournaments.set_roster_tier(
            runtime_of(interaction), actor_of(interaction), tournament, roster, tier
        )
        await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)

    # --- part 1: registration and tournament rosters ---

    @app_commands.command(name="approve", description="Approve a submitted tournament roster")
    @app_commands.describe(
        team="The submitted team", tournament="Which tournament (only when the server runs several)"
    )
    @app_commands.autocomplete(team=entry_autocomplete, tournament=tournament_autocomplete)
    @organiser_only()
    async def approve(
        self, interaction: discord.Interaction, team: str, tournament: str | None = None
    ) -> None:
        result = await tournament_entries.review(
            runtime_of(interaction), actor_of(interaction), tournament, team, approve=True
        )
        await send_messages(interaction, result.message, roster_embeds(result.sheet), ephemeral=True)

    @app_commands.command(name="reject", description="Reject a submitted tournament roster, with a reason")
    @app_commands.describe(
        team="The submitted team",
        reason="What the coach must change (kept in the log)",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(team=entry_autocomplete, tournament=tournament_autocomplete)
    @organiser_only()
    async def reject(
        self,
        interaction: discord.Interaction,
        team: str,
        reason: app_commands.Range[str, 1, 300],
        tournament: str | None = None,
    ) -> None:
        result = await tournament_entries.review(
            runtime_of(interaction), actor_of(interaction), tournament, team, approve=False, reason=reason
        )
        await send_messages(interaction, result.message, roster_embeds(result.sheet), ephemeral=True)

    @app_commands.command(
        name="spare", description="Mark or unmark the Spare Player's roster (plays, not ranked)"
    )
    @app_commands.describe(
        team="The Spare Player's team",
        spare="True to mark it, false to unmark it",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(team=entry_autocomplete, tournament=tournament_autocomplete)
    @organiser_only()
    async def spare(
        self, interaction: discord.Interaction, team: str, spare: bool = True, tournament: str | None = None
    ) -> None:
        result = await tournament_entries.set_spare(
            runtime_of(interaction), actor_of(interaction), tournament, team, spare
        )
        await send_messages(interaction, result.message, roster_embeds(result.sheet), ephemeral=True)

    # --- play (part 2): start, pair, swap ---

    @app_commands.command(
        name="start", description="Start the tournament: lock rosters, draw round 1 with dice"
    )
    @app_commands.describe(tournament="Which tournament (only when the server runs several)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def start(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        pairings = await tournament_play.start_event(
            runtime_of(interaction), actor_of(interaction), tournament
        )
        await send_messages(
            interaction,
            f"**{plain(pairings.event.name)}** has started: rosters are locked and round 1 is drawn.",
            pairings_embeds(pairings),
            allowed_mentions=discord.AllowedMentions.none(),  # the pairings post in the channel pings
        )

    @app_commands.command(name="pair", description="Pair the next round now, before every game is confirmed")
    @app_commands.describe(tournament="Which tournament (only when the server runs several)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def pair(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        pairings = await tournament_play.pair_next_round(
            runtime_of(interaction), actor_of(interaction), tournament
        )
        await send_messages(
            interaction,
            f"Round {pairings.round_number} of **{plain(pairings.event.name)}** is paired.",
            pairings_embeds(pairings),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="swap", description="Swap two coaches between tables of the current round")
    @app_commands.describe(
        team_a="One team to move",
        team_b="The team it swaps tables with",
        reason="Why (kept in the log and shown with the new pairings)",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(
        team_a=entry_autocomplete, team_b=entry_autocomplete, tournament=tournament_autocomplete
    )
    @organiser_only()
    async def swap(
        self,
        interaction: discord.Interaction,
        team_a: str,
        team_b: str,
        reason: app_commands.Range[str, 1, 300],
        tournament: str | None = None,
    ) -> None:
        pairings = await tournament_play.swap_tables(
            runtime_of(interaction), actor_of(interaction), tournament, team_a, team_b, reason
        )
        await send_messages(
            interaction,
            f"Swapped. Round {pairings.round_number} now reads:",
            pairings_embeds(pairings),
            ephemeral=True,
        )

    # --- awards (part 3) ---

    @app_commands.command(
        name="painted", description="Choose the Best Painted team (when the organiser chooses)"
    )
    @app_commands.describe(
        team="The team with the best painted miniatures",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(team=entry_autocomplete, tournament=tournament_autocomplete)
    @organiser_only()
    async def painted(
        self,
        interaction: discord.Interaction,
        team: app_commands.Range[str, 1, 100],
        tournament: str | None = None,
    ) -> None:
        standing = await tournament_awards.choose_best_painted(
            runtime_of(interaction), actor_of(interaction), tournament, team
        )
        award = next(a for a in standing.awards if a.key == "painted")
        await send_messages(interaction, tournament_awards.award_line(standing, award), ephemeral=True)

    @app_commands.command(name="finish", description="End the tournament and announce rankings and awards")
    @app_commands.describe(
        force="Finish even with rounds unpaired or games unconfirmed (those games are not counted)",
        tournament="Which tournament (only when the server runs several)",
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def finish(
        self, interaction: discord.Interaction, force: bool = False, tournament: str | None = None
    ) -> None:
        standing = await tournament_awards.finish(
            runtime_of(interaction), actor_of(interaction), tournament, force
        )
        await send_messages(
            interaction,
            f"{plain(standing.event.name)} is finished; the final rankings and awards are posted in the "
            "event's channel.",
            standing_embeds(standing),
            ephemeral=True,
        )

    # --- roster options (issue 16, part C) ---

    @app_commands.command(name="rosters", description="Roster options: stunty, mandatory stars, escalation")
    @app_commands.describe(
        stunty="Only stunty teams (seed 000's limits; no Stunty Cup)",
        mandatory_star="Every roster needs a star player",
        star_needs_eleven="11 players before a star? (11 to play anyway)",
        escalation="Budget per round, e.g. 1000000/1100000/1200000; none: off",
        tournament="Which tournament (if several)",
        reason="Why (kept in the log)",
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def rosters(
        self,
        interaction: discord.Interaction,
        stunty: bool | None = None,
        mandatory_star: bool | None = None,
        star_needs_eleven: bool | None = None,
        escalation: app_commands.Range[str, 1, 200] | None = None,
        tournament: str | None = None,
        reason: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        changes: dict[str, Any] = {
            key: value
            for key, value in (
                ("stunty", stunty),
                ("mandatory_star", mandatory_star),
                ("star_needs_eleven", star_needs_eleven),
                ("escalation", escalation),
            )
            if value is not None
        }
        change = await tournaments.update_rulespack(
            runtime_of(interaction), actor_of(interaction), tournament, changes, reason
        )
        await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)

    @app_commands.command(name="inducement", description="Add, change or remove a custom inducement")
    @app_commands.describe(
        action="Add (or change) or remove",
        name="Seed 000's (e.g. Dwarven Smith, Festive Gifts) or your own",
        cost="Your own's cost in gp",
        limit="Most per team (empty: no limit)",
        text="What your own does, in a sentence",
        free="Free on every roster",
        tournament="Which tournament (if several)",
        reason="Why (kept in the log)",
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    @organiser_only()
    async def inducement(
        self,
        interaction: discord.Interaction,
        action: Literal["add", "remove"],
        name: app_commands.Range[str, 1, 40],
        cost: app_commands.Range[int, 0, 1_000_000] | None = None,
        limit: app_commands.Range[int, 1, 16] | None = None,
        text: app_commands.Range[str, 1, 200] | None = None,
        free: bool = False,
        tournament: str | None = None,
        reason: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        change = await tournament_options.set_inducement(
            runtime_of(interaction),
            actor_of(interaction),
            tournament,
            action,
            name,
            cost=cost,
            limit=limit,
            text=text,
            free=free,
            reason=reason,
        )
        await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)


async def setup(league_bot: LeagueBot) -> None:
    await league_bot.add_cog(EventCog(league_bot))
