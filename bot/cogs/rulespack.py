"""/rulespack: the event organiser's commands that shape a tournament's rulespack (seed 000, Rulespack): its
settings, tiers, format, roster options, custom inducements and optional rules. Hidden from members without
Manage Server and checked again at run time (commissioners and the server's organiser role). Everyone reads
the rulespack with /tournament rulespack; running the event is /event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import _
from bot.services.tournament import tournament_options, tournaments
from bot.ui.checks import organiser_only
from bot.ui.context import actor_of, given, runtime_of
from bot.ui.formatting import plain
from bot.ui.options import EVENT_REASON_HELP, TOURNAMENT_HELP, Budget, Reason, RosterOption, TournamentOption
from bot.ui.tournament_views import send_rulespack

if TYPE_CHECKING:
    from bot.host import Host


def _changed_text(change: tournaments.RulespackChange) -> str:
    if not change.changed:
        return _("Nothing changed.")
    lines = [f"**{key}**: {before} → {after}" for key, (before, after) in change.changed.items()]
    return "\n".join([_("{event}: rulespack changed.", event=plain(change.event.name)), *lines])


async def _change(
    interaction: discord.Interaction, tournament: str | None, changes: dict[str, Any], reason: str | None
) -> None:
    """Apply the organiser's changes to the rulespack (validated as a whole) and show what changed."""
    change = await tournaments.update_rulespack(
        runtime_of(interaction), actor_of(interaction), tournament, changes, reason
    )
    await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)


@app_commands.default_permissions(manage_guild=True)
class RulespackCog(
    commands.GroupCog, group_name="rulespack", group_description="Set a tournament's rulespack (organisers)"
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(name="set", description="Change the rulespack of a tournament")
    @app_commands.describe(
        tournament=TOURNAMENT_HELP,
        budget="Team Draft Budget in gold pieces",
        rounds="How many rounds",
        round_hours="Hours per round for online events; 0 for none (in person)",
        odd="With an odd number of coaches: a Spare Player or a Bye",
        final_rematch="May 1st and 2nd meet again in the final round?",
        tiebreakers="Tiebreakers after seed 000's four: votes, sent_off, objectives, custom (or none)",
        custom_tiebreaker="Name a number of your own entered with each result, a tiebreaker (none: off)",
        registration="Open or close registration",
        best_painted="Best Painted by coaches' votes or the organiser's choice",
        team_size="A team event: coaches per squad, a team of coaches (3-8; 0: not a team event)",
        naf="NAF-sanctioned: every roster needs its coach's NAF name and number",
        reason=EVENT_REASON_HELP,
    )
    @organiser_only()
    async def set_(
        self,
        interaction: discord.Interaction,
        tournament: TournamentOption | None = None,
        budget: Budget | None = None,
        rounds: app_commands.Range[int, 1, 15] | None = None,
        round_hours: app_commands.Range[int, 0, 1440] | None = None,
        odd: Literal["spare", "bye"] | None = None,
        final_rematch: bool | None = None,
        tiebreakers: app_commands.Range[str, 1, 100] | None = None,
        custom_tiebreaker: app_commands.Range[str, 1, 40] | None = None,
        registration: Literal["open", "closed"] | None = None,
        best_painted: Literal["votes", "organiser"] | None = None,
        team_size: app_commands.Range[int, 0, 8] | None = None,
        naf: bool | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes: dict[str, Any] = given(
            budget=budget,
            rounds=rounds,
            odd_player=odd,
            final_rematch=final_rematch,
            extra_tiebreakers=tiebreakers,
            custom_tiebreaker=custom_tiebreaker,
            best_painted=best_painted,
            naf=naf,
        )
        if round_hours is not None:
            changes["round_hours"] = round_hours or None
        if registration is not None:
            changes["registration_open"] = registration == "open"
        if team_size is not None:  # --- team events ---
            changes["team_size"] = team_size or None
        await _change(interaction, tournament, changes, reason)

    @app_commands.command(name="tier", description="Set what a tier gets: Skill Points, secondaries, stars")
    @app_commands.describe(
        tier="The tier (1-5; seed 000 sets 1-3, tier 4 starts as tier 3)",
        skill_points="Skill Points a team of this tier spends",
        max_secondary="The most secondary skills on a team",
        max_stars="The most star players on a team (seed 000's 2 in all still applies)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def tier(
        self,
        interaction: discord.Interaction,
        tier: app_commands.Range[int, 1, 5],
        skill_points: app_commands.Range[int, 0, 30],
        max_secondary: app_commands.Range[int, 0, 16],
        max_stars: app_commands.Range[int, 0, 16],
        tournament: TournamentOption | None = None,
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
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def roster_tier(
        self,
        interaction: discord.Interaction,
        roster: RosterOption,
        tier: app_commands.Range[int, 1, 5] | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        change = await tournaments.set_roster_tier(
            runtime_of(interaction), actor_of(interaction), tournament, roster, tier
        )
        await send_rulespack(interaction, change.event, _changed_text(change), ephemeral=True)

    @app_commands.command(
        name="format", description="Swiss rounds, or groups of four and a knock-out (before the start)"
    )
    @app_commands.describe(
        format="swiss: the standard event; groups: groups of four, a knock-out and Best of the Rest",
        qualifiers="Groups: how many reach the knock-out (2, 4, 8, 16, 32 or 64; 8 or 16 recommended)",
        tournament=TOURNAMENT_HELP,
    )
    @organiser_only()
    async def format_(
        self,
        interaction: discord.Interaction,
        format: Literal["swiss", "groups"],
        qualifiers: app_commands.Range[int, 2, 64] | None = None,
        tournament: TournamentOption | None = None,
    ) -> None:
        changes: dict[str, Any] = {"format": format}
        if qualifiers is not None:
            changes["qualifiers"] = qualifiers
        await _change(interaction, tournament, changes, None)

    @app_commands.command(name="play-rules", description="Switch seed 000's optional rules for play")
    @app_commands.describe(
        secret_objectives="Three secret D16 objectives per coach per game; achieved: a tiebreaker",
        injuries="Casualties kept as in a league (missed games, lasting injuries, deaths)",
        advancement="SPP earned and spent between rounds (/advance)",
        extra_spp="What you award extra SPP for (/event spp), e.g. 2 SPP for a Secret Objective; none: off",
        tournament=TOURNAMENT_HELP,
        reason=EVENT_REASON_HELP,
    )
    @organiser_only()
    async def play_rules(
        self,
        interaction: discord.Interaction,
        secret_objectives: bool | None = None,
        injuries: bool | None = None,
        advancement: bool | None = None,
        extra_spp: app_commands.Range[str, 1, 200] | None = None,
        tournament: TournamentOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes: dict[str, Any] = given(
            secret_objectives=secret_objectives,
            injuries=injuries,
            advancement=advancement,
            extra_spp=extra_spp,
        )
        await _change(interaction, tournament, changes, reason)

    @app_commands.command(name="rosters", description="Roster options: stunty, mandatory stars, escalation")
    @app_commands.describe(
        stunty="Only stunty teams (seed 000's limits; no Stunty Cup)",
        mandatory_star="Every roster needs a star player",
        star_needs_eleven="11 players before a star? (False: stars count toward the 11)",
        escalation="Budget per round, e.g. 1000000/1100000/1200000; none: off",
        tournament="Which tournament (if several)",
        reason=EVENT_REASON_HELP,
    )
    @organiser_only()
    async def rosters(
        self,
        interaction: discord.Interaction,
        stunty: bool | None = None,
        mandatory_star: bool | None = None,
        star_needs_eleven: bool | None = None,
        escalation: app_commands.Range[str, 1, 200] | None = None,
        tournament: TournamentOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes: dict[str, Any] = given(
            stunty=stunty,
            mandatory_star=mandatory_star,
            star_needs_eleven=star_needs_eleven,
            escalation=escalation,
        )
        await _change(interaction, tournament, changes, reason)

    @app_commands.command(name="inducement", description="Add, change or remove a custom inducement")
    @app_commands.describe(
        action="Add (or change) or remove",
        name="Seed 000's (e.g. Dwarven Smith, Festive Gifts) or your own",
        cost="Your own's cost in gp",
        limit="Most per team (empty: no limit)",
        text="What your own does, in a sentence",
        free="Free on every roster",
        tournament="Which tournament (if several)",
        reason=EVENT_REASON_HELP,
    )
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
        tournament: TournamentOption | None = None,
        reason: Reason | None = None,
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


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(RulespackCog(league_bot))
