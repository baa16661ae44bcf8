"""/allstar: All-Star games between two coaches (seed 004), their rosters drawn or drafted."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog.search import best_matches
from bot.i18n import N_, _, ngettext
from bot.services.league import allstar
from bot.services.league.allstar import RULES, AllStarGame
from bot.ui.autocomplete import Choices, choice
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.league_views import COLOUR
from bot.ui.limits import Field, fields, pack_embeds, send_messages
from bot.ui.options import choices

if TYPE_CHECKING:
    from bot.host import Host

METHODS = choices(
    {
        "random": "random: the bot draws from the hat for you in turn",
        "drafting": "drafting: roll-off, then you pick in turn",
    }
)
PAIR_CHOICES = choices(
    {
        "redraw": "draw again (the pair goes back)",
        "swap": "give back my latest single pick to take the pair",
    }
)
EXCLUDE_HELP = "Stars to leave out, comma separated (both coaches' lists are left out)"
PAIR_HELP = "Random method: a pair drawn when you have one place left"
MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)


LOG_SHOWN = 12  # the latest entries of the draft log; every roll is in /roll-history
STATES = {
    "proposed": N_("waiting for the opponent"),
    "drafting": N_("drafting"),
    "done": N_("rosters complete"),
    "cancelled": N_("called off"),
}
METHOD_NAMES = {"random": N_("random"), "drafting": N_("drafting")}


def allstar_embeds(game: AllStarGame) -> list[discord.Embed]:
    row = game.row
    log = game.log[-LOG_SHOWN:]
    earlier = len(game.log) - len(log)
    more = ngettext("({n} earlier entry: /roll-history)", "({n} earlier entries: /roll-history)", earlier)
    description = [*([more] if earlier else []), *log]
    body: list[Field] = []
    for index, coach in enumerate(game.coaches):
        roster = game.rosters[index]
        size = sum(u.size for u in roster)
        names = ", ".join(plain(u.name) for u in roster) or _("nobody yet")
        body += fields(_("Coach {number} ({size}/16)", number=index + 1, size=size), f"<@{coach}>: {names}")
    if row.excluded:
        body += fields(_("Left out"), ", ".join(plain(name) for name in row.excluded))
    if row.status == "done":
        body += fields(_("Rules"), _(RULES))  # RULES is marked N_ where it is written
    method = _(METHOD_NAMES[row.method]) if row.method in METHOD_NAMES else row.method
    return pack_embeds(
        _(
            "All-Star game #{id} ({method} method): {state}",
            id=row.id,
            method=method,
            state=_(STATES[row.status]),
        ),
        body,
        description=description or _("No star drawn yet."),
        colour=COLOUR,
    )


def _content(game: AllStarGame) -> str | None:
    if game.row.status == "proposed":
        return _(
            "<@{opponent}>: <@{coach}> challenges you; /allstar accept to play.",
            opponent=game.row.coach_b,
            coach=game.row.coach_a,
        )
    if game.on_turn is not None:
        return _("<@{coach}>: your pick (/allstar pick).", coach=game.on_turn)
    return None


async def available_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    units = await allstar.available(runtime_of(interaction), actor_of(interaction))
    return [
        choice(_("{name} (pair)", name=u.name) if u.is_pair else u.name, u.name)
        for u in best_matches(current, units, lambda u: u.name)
    ]


class AllStarCog(commands.GroupCog, group_name="allstar", group_description="All-Star games of star players"):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    async def _send(self, interaction: discord.Interaction, game: AllStarGame) -> None:
        await send_messages(interaction, _content(game), allstar_embeds(game), allowed_mentions=MENTIONS)

    @app_commands.command(name="challenge", description="Challenge a coach to an All-Star game")
    @app_commands.describe(
        opponent="The other coach",
        method="How the rosters are built",
        exclude=EXCLUDE_HELP,
        pair_choice=PAIR_HELP,
    )
    @app_commands.choices(method=METHODS, pair_choice=PAIR_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member,
        method: str,
        exclude: app_commands.Range[str, 0, 500] | None = None,
        pair_choice: str = "redraw",
    ) -> None:
        game = await allstar.challenge(
            runtime_of(interaction),
            actor_of(interaction),
            opponent.id,
            "random" if method == "random" else "drafting",
            exclude or "",
            "swap" if pair_choice == "swap" else "redraw",
        )
        await self._send(interaction, game)

    @app_commands.command(
        name="accept", description="Accept an All-Star challenge: the roll-off, then the rosters"
    )
    @app_commands.describe(exclude=EXCLUDE_HELP, pair_choice=PAIR_HELP)
    @app_commands.choices(pair_choice=PAIR_CHOICES)
    async def accept(
        self,
        interaction: discord.Interaction,
        exclude: app_commands.Range[str, 0, 500] | None = None,
        pair_choice: str = "redraw",
    ) -> None:
        game = await allstar.accept(
            runtime_of(interaction),
            actor_of(interaction),
            exclude or "",
            "swap" if pair_choice == "swap" else "redraw",
        )
        await self._send(interaction, game)

    @app_commands.command(name="pick", description="Drafting method: pick a star player on your turn")
    @app_commands.describe(star="A star (or pair) still available")
    @app_commands.autocomplete(star=available_autocomplete)
    async def pick(self, interaction: discord.Interaction, star: str) -> None:
        game = await allstar.pick(runtime_of(interaction), actor_of(interaction), star)
        await self._send(interaction, game)

    @app_commands.command(name="show", description="Your All-Star game: rosters so far and whose turn it is")
    async def show(self, interaction: discord.Interaction) -> None:
        game = await allstar.show(runtime_of(interaction), actor_of(interaction))
        await send_messages(interaction, embeds=allstar_embeds(game), ephemeral=True)

    @app_commands.command(name="cancel", description="Call off your proposed or running All-Star game")
    async def cancel(self, interaction: discord.Interaction) -> None:
        game = await allstar.cancel(runtime_of(interaction), actor_of(interaction))
        await send_messages(interaction, embeds=allstar_embeds(game))


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(AllStarCog(league_bot))
