"""/advance: spend a player's SPP in the post-game sequence, with buttons for rolled choices."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import Catalog
from bot.catalog.models import CHARACTERISTICS
from bot.catalog.search import best_matches
from bot.i18n import _
from bot.rules.roster.advancement import ADVANCEMENT_KINDS, KIND_NAMES
from bot.services.inputs import one_of
from bot.services.records import PendingAdvancement
from bot.services.roster import advancement as advancement_service
from bot.services.roster.advancement import CHARACTERISTIC_NAMES, AdvanceOutcome
from bot.ui.autocomplete import Choices, choice
from bot.ui.buttons import GuardedButton
from bot.ui.context import actor_of, runtime_of
from bot.ui.options import LeagueOption, MyPlayerOption, choices

if TYPE_CHECKING:
    from bot.host import Host

CATEGORY_CHOICES = choices(
    {
        letter: f"{letter} {name}"
        for letter, name in (
            ("A", "Agility"),
            ("D", "Devious"),
            ("G", "General"),
            ("M", "Mutation"),
            ("P", "Passing"),
            ("S", "Strength"),
        )
    }
)


def choice_view(pending: PendingAdvancement | None, catalog: Catalog) -> discord.ui.View | None:
    """A button per rolled option, each with what it adds to the player's value."""
    if pending is None or not pending.options:
        return None
    values = catalog.advancement.value_increase
    view = discord.ui.View(timeout=None)
    for index, option in enumerate(pending.options):
        if pending.kind == "characteristic":
            characteristic = one_of(option, CHARACTERISTICS, _("the characteristic"))
            increase = values.characteristic[characteristic] // 1000
            label = f"+1 {CHARACTERISTIC_NAMES[characteristic]} (+{increase}k)"
        else:
            elite = values.elite_skill_extra if catalog.skills[option].elite else 0
            label = f"{option} (+{(values.primary_skill + elite) // 1000}k)"
        view.add_item(AdvanceChoiceButton(pending.id, index, label))
    return view


class AdvanceChoiceButton(GuardedButton, template=r"adv:(?P<pending>\d+):(?P<choice>\d+)"):
    """One option of a rolled advancement; the pending id and the option index live in the custom_id."""

    def __init__(self, pending_id: int, index: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or _("Take"))[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"adv:{pending_id}:{index}",
            )
        )
        self.pending_id, self.index = pending_id, index

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AdvanceChoiceButton:
        return cls(int(match["pending"]), int(match["choice"]))

    async def clicked(self, interaction: discord.Interaction) -> None:
        outcome = await advancement_service.choose(
            runtime_of(interaction), actor_of(interaction), self.pending_id, self.index
        )
        await interaction.response.edit_message(content=outcome.message, view=None)


class AdvanceCog(commands.Cog):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot

    @app_commands.command(
        name="advance", description="Spend a player's SPP on an advancement (in the post-game)"
    )
    @app_commands.describe(
        player="The player",
        advancement="What to buy (its SPP price depends on the player's advancements so far)",
        category="Random primary: the category to roll on",
        skill="Chosen skill: the skill (or a skill instead of a rolled characteristic)",
        league="Which league or tournament (only when the server runs several)",
    )
    @app_commands.choices(category=CATEGORY_CHOICES)
    async def advance(
        self,
        interaction: discord.Interaction,
        player: MyPlayerOption,
        advancement: str,
        category: str | None = None,
        skill: str | None = None,
        league: LeagueOption | None = None,
    ) -> None:
        outcome: AdvanceOutcome = await advancement_service.advance(
            runtime_of(interaction),
            actor_of(interaction),
            league,
            player,
            one_of(advancement, ADVANCEMENT_KINDS, _("the advancement")),
            category=category,
            skill=skill,
        )
        view = choice_view(outcome.pending, runtime_of(interaction).catalog)
        await interaction.response.send_message(outcome.message, view=view or discord.utils.MISSING)

    @advance.autocomplete("advancement")
    async def kind_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        namespace = interaction.namespace
        spp, options = await advancement_service.kind_options(
            runtime_of(interaction),
            actor_of(interaction),
            getattr(namespace, "league", None),
            str(namespace.player or ""),
        )
        names = {kind: _(name) for kind, name in KIND_NAMES.items()}
        if not options:
            return [choice(label, kind) for kind, label in names.items() if current.lower() in label.lower()]

        def label(option: advancement_service.KindOption) -> str:
            if option.affordable:
                return _("{advancement}: {cost} SPP", advancement=names[option.kind], cost=option.cost)
            return _(
                "{advancement}: {cost} SPP (has {spp})",
                advancement=names[option.kind],
                cost=option.cost,
                spp=spp,
            )

        return [choice(label(o), o.kind) for o in options if current.lower() in names[o.kind].lower()]

    @advance.autocomplete("skill")
    async def skill_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        namespace = interaction.namespace
        kind = str(getattr(namespace, "advancement", "") or "")
        which = {"chosen_primary": "primary", "chosen_secondary": "secondary"}.get(kind, "any")
        names = await advancement_service.skill_choices(
            runtime_of(interaction),
            actor_of(interaction),
            getattr(namespace, "league", None),
            str(namespace.player or ""),
            which,
        )
        catalog = runtime_of(interaction).catalog
        values = catalog.advancement.value_increase

        def label(name: str) -> str:
            skill = catalog.skills[name]
            base = values.secondary_skill if which == "secondary" else values.primary_skill
            elite = values.elite_skill_extra if skill.elite else 0
            shown = f"+{(base + elite) // 1000}k" if which != "any" else skill.category
            return (
                _("{skill} ({detail}, Elite)", skill=name, detail=shown)
                if skill.elite
                else f"{name} ({shown})"
            )

        return [choice(label(name), name) for name in best_matches(current, names)]


async def setup(league_bot: Host) -> None:
    league_bot.add_dynamic_items(AdvanceChoiceButton)
    await league_bot.add_cog(AdvanceCog(league_bot))
