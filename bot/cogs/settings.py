"""/settings: a league's settings, one subcommand per topic (commissioners).

A top-level group of its own: Discord counts its 4,000-character budget (names, descriptions, choices) per
top-level command, so the settings do not share /league's. Hidden from members without Manage Server and
checked again at run time. Each subcommand changes only the options given; every change is validated
together with the other settings and recorded in the league log with its reason. Given no option, a
subcommand shows the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _
from bot.rules.rulesets import entries as ruleset_entries
from bot.services.league import leagues
from bot.ui.audit_views import describe_setting
from bot.ui.autocomplete import Choices, choice
from bot.ui.checks import commissioner_only
from bot.ui.context import actor_of, given, runtime_of
from bot.ui.league_views import settings_embed
from bot.ui.limits import send_messages
from bot.ui.options import LEAGUE_HELP, REASON_HELP, Budget, LeagueOption, Reason, choices

if TYPE_CHECKING:
    from bot.host import Host

LEAGUE_AND_REASON = {"league": LEAGUE_HELP, "reason": REASON_HELP}

TIEBREAK_PRESETS = {  # autocomplete names (shown in the user's language)
    "td_diff,td_for,cas_for": N_("TD difference, TDs scored, casualties (default)"),
    "head_to_head,td_diff,td_for,cas_for": N_("Head-to-head, TD difference, TDs scored, casualties"),
    "td_diff,cas_for,td_for": N_("TD difference, casualties, TDs scored"),
    "td_for,td_diff,cas_for": N_("TDs scored, TD difference, casualties"),
    "td_diff,td_for,cas_diff": N_("TD difference, TDs scored, casualty difference"),
}
BONUS_CHOICES = choices({"off": "off", "added": "added to league points", "tiebreak": "tiebreaker"})
REFEREE_CHOICES = choices(
    {
        "off": "off",
        "generic": "generic referee",
        "elnos_lawkeeper": "Elnos Lawkeeper",
        "redkur_forgebeard": "Redkur Forgebeard",
    }
)
PRAYER_CHOICES = choices({"league": "league table (D16)", "matched_play": "matched-play table (D8)"})
RULESET_CHOICES = [app_commands.Choice(name=entry.label, value=entry.id) for entry in ruleset_entries()]
PLAYOFF_CHOICES = choices((0, 2, 4, 8, 16, 32))
OPENING_CHOICES = choices(
    {
        "commissioner": "a commissioner opens them (/season playoffs)",
        "automatic": "the bot opens them when the regular season is settled",
    }
)
SEEDING_CHOICES = choices(
    {
        "separate_winners": "keep division winners apart (paired with lower-ranked teams)",
        "random": "random draw by the bot's dice",
    }
)


@app_commands.default_permissions(manage_guild=True)
class SettingsCog(
    commands.GroupCog, group_name="settings", group_description="A league's settings (commissioners)"
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    async def _apply(
        self,
        interaction: discord.Interaction,
        league: str | None,
        changes: dict[str, Any],
        reason: str | None,
        *,
        channel: discord.TextChannel | None = None,
    ) -> None:
        result = await leagues.update_settings(
            runtime_of(interaction),
            actor_of(interaction),
            league,
            changes,
            announce_channel_id=channel.id if channel else None,
            set_channel=channel is not None,
            reason=reason,
        )
        if "reminder_hours" in result.changed:
            await self.bot.deadlines.rearm()
        if result.changed:
            lines = [
                describe_setting(key, [str(v) for v in change]) for key, change in result.changed.items()
            ]
            text = _("Changed:") + "\n" + "\n".join(f"• {line[:1].upper()}{line[1:]}" for line in lines)
        elif changes or channel is not None:
            text = _("Nothing changed: those are the settings already.")
        else:
            text = _("Current settings (give options to change them):")
        await send_messages(
            interaction,
            text,
            [settings_embed(result.league, runtime_of(interaction).catalog)],
            ephemeral=True,
        )

    @app_commands.command(name="show", description="Show a league's settings")
    @app_commands.describe(league=LEAGUE_HELP)
    @commissioner_only()
    async def show(self, interaction: discord.Interaction, league: LeagueOption | None = None) -> None:
        await self._apply(interaction, league, {}, None)

    @app_commands.command(
        name="points", description="League points for a win, draw or loss, and bonus points"
    )
    @app_commands.describe(
        win="League points for a win (default 3)",
        draw="League points for a draw (default 1)",
        loss="League points for a loss (default 0)",
        bonus_points="Bonus points: off, added to league points, or used as the first tiebreaker",
        three_touchdowns="Bonus point for scoring 3+ touchdowns",
        clean_sheet="Bonus point for conceding 0 touchdowns",
        three_casualties="Bonus point for causing 3+ SPP casualties",
        **LEAGUE_AND_REASON,
    )
    @app_commands.choices(bonus_points=BONUS_CHOICES)
    @commissioner_only()
    async def points(
        self,
        interaction: discord.Interaction,
        win: app_commands.Range[int, 0, 10] | None = None,
        draw: app_commands.Range[int, 0, 10] | None = None,
        loss: app_commands.Range[int, 0, 10] | None = None,
        bonus_points: str | None = None,
        three_touchdowns: bool | None = None,
        clean_sheet: bool | None = None,
        three_casualties: bool | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes = given(
            points_win=win,
            points_draw=draw,
            points_loss=loss,
            bonus_mode=bonus_points,
            bonus_three_touchdowns=three_touchdowns,
            bonus_clean_sheet=clean_sheet,
            bonus_three_casualties=three_casualties,
        )
        await self._apply(interaction, league, changes, reason)

    @app_commands.command(name="tiebreakers", description="The tiebreakers for teams level on league points")
    @app_commands.describe(
        order="Tiebreakers in order, e.g. `head_to_head, td_diff, td_for, cas_for`",
        **LEAGUE_AND_REASON,
    )
    @commissioner_only()
    async def tiebreakers(
        self,
        interaction: discord.Interaction,
        order: app_commands.Range[str, 1, 200],
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        await self._apply(interaction, league, {"tiebreakers": order}, reason)

    @tiebreakers.autocomplete("order")
    async def order_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        labels = {value: _(label) for value, label in TIEBREAK_PRESETS.items()}
        return [
            choice(label, value)
            for value, label in labels.items()
            if current.lower() in label.lower() or current.lower() in value
        ]

    @app_commands.command(name="schedule", description="Round length, deadline reminders, confirmation grace")
    @app_commands.describe(
        round_days="Days per round, for seasons started from now on (default 14)",
        reminder_hours="Hours before each deadline to remind: e.g. `72, 24` (default); `none`: no reminders",
        confirm_grace_hours="Hours after a deadline before a reported result confirms itself (default 24)",
        **LEAGUE_AND_REASON,
    )
    @commissioner_only()
    async def schedule(
        self,
        interaction: discord.Interaction,
        round_days: app_commands.Range[int, 1, 90] | None = None,
        reminder_hours: app_commands.Range[str, 1, 60] | None = None,
        confirm_grace_hours: app_commands.Range[int, 0, 336] | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes = given(
            round_days=round_days, reminder_hours=reminder_hours, confirm_grace_hours=confirm_grace_hours
        )
        await self._apply(interaction, league, changes, reason)

    @app_commands.command(
        name="playoffs", description="Play-off places, who opens them, first-round match-ups"
    )
    @app_commands.describe(
        places="Teams in the play-offs (0: none, prizes follow the standings)",
        opening="Who opens the play-offs when every regular-season fixture is settled",
        seeding="First-round match-ups: division winners kept apart, or a random draw",
        **LEAGUE_AND_REASON,
    )
    @app_commands.choices(places=PLAYOFF_CHOICES)
    @app_commands.choices(opening=OPENING_CHOICES, seeding=SEEDING_CHOICES)
    @commissioner_only()
    async def playoffs(
        self,
        interaction: discord.Interaction,
        places: int | None = None,
        opening: str | None = None,
        seeding: str | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes = given(playoff_places=places, playoff_opening=opening, playoff_seeding=seeding)
        await self._apply(interaction, league, changes, reason)

    @app_commands.command(name="draft", description="Draft budget, re-draft cap, teams per division")
    @app_commands.describe(
        budget="Gold for drafting a new team (default 1,000,000)",
        redraft_cap="Off-season re-draft budget cap (default 1,300,000; 0: no cap)",
        teams_per_division="At most this many teams in a division (0: one division)",
        **LEAGUE_AND_REASON,
    )
    @commissioner_only()
    async def draft(
        self,
        interaction: discord.Interaction,
        budget: Budget | None = None,
        redraft_cap: app_commands.Range[int, 0, 10_000_000] | None = None,
        teams_per_division: app_commands.Range[int, 0, 64] | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes = given(draft_budget=budget)
        if redraft_cap is not None:
            changes["redraft_cap"] = redraft_cap or None  # 0: no cap
        if teams_per_division is not None:
            changes["teams_per_division"] = teams_per_division or None  # 0: one division
        await self._apply(interaction, league, changes, reason)

    @app_commands.command(name="match", description="Match Events, referee rules, Prayers to Nuffle table")
    @app_commands.describe(
        match_events="Use the optional Match Events (seed 002)",
        in_playoffs="Match Events also in play-off games (not recommended)",
        referee="Referee rules on the pitch (seed 004): off, or which referee",
        prayers_table="Prayers to Nuffle: the league table (D16) or the matched-play table (D8)",
        **LEAGUE_AND_REASON,
    )
    @app_commands.choices(referee=REFEREE_CHOICES, prayers_table=PRAYER_CHOICES)
    @commissioner_only()
    async def match(
        self,
        interaction: discord.Interaction,
        match_events: bool | None = None,
        in_playoffs: bool | None = None,
        referee: str | None = None,
        prayers_table: str | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes = given(
            match_events=match_events,
            match_events_in_playoffs=in_playoffs,
            referee=referee,
            prayers_table=prayers_table,
        )
        await self._apply(interaction, league, changes, reason)

    @app_commands.command(
        name="stars", description="Long-term star contracts (seed 004) and the signing draft"
    )
    @app_commands.describe(
        contracts="Each team signs a star for the season in a signing draft",
        signing_pick_hours="Signing draft: hours each coach has to pick (default 24)",
        **LEAGUE_AND_REASON,
    )
    @commissioner_only()
    async def stars(
        self,
        interaction: discord.Interaction,
        contracts: bool | None = None,
        signing_pick_hours: app_commands.Range[int, 1, 168] | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        changes = given(star_contracts=contracts, signing_pick_hours=signing_pick_hours)
        await self._apply(interaction, league, changes, reason)

    @app_commands.command(
        name="ruleset", description="The season sequence of pre- and post-games (before the first season)"
    )
    @app_commands.describe(
        ruleset="The season sequence of pre- and post-games (the league points become the ruleset's)",
        **LEAGUE_AND_REASON,
    )
    @app_commands.choices(ruleset=RULESET_CHOICES)
    @commissioner_only()
    async def ruleset(
        self,
        interaction: discord.Interaction,
        ruleset: str | None = None,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        await self._apply(interaction, league, given(ruleset=ruleset), reason)

    @app_commands.command(name="channel", description="Where the bot announces seasons, results and news")
    @app_commands.describe(channel="The announcements channel", league=LEAGUE_HELP, reason=REASON_HELP)
    @commissioner_only()
    async def channel(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel,
        league: LeagueOption | None = None,
        reason: Reason | None = None,
    ) -> None:
        await self._apply(interaction, league, {}, reason, channel=channel)


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(SettingsCog(league_bot))
