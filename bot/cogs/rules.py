"""/rules: look up teams, player types, skills, star players, inducements and tables. Anyone can use it."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import Catalog
from bot.catalog.models import Inducement, Position, Skill, Star, Team
from bot.catalog.search import best_matches
from bot.errors import NotFound
from bot.i18n import N_, _
from bot.text import k
from bot.ui.autocomplete import Choices, offer
from bot.ui.catalog_views import (
    COLOUR,
    TableView,
    inducement_embeds,
    paginate_lines,
    position_embeds,
    position_label,
    skill_embeds,
    star_embeds,
    table_views,
    team_embeds,
)
from bot.ui.context import runtime_of
from bot.ui.limits import send_messages
from bot.ui.options import RosterOption
from bot.ui.pagination import RenderedPage, register_page_source, send_paginated

if TYPE_CHECKING:
    from bot.host import Host

T = TypeVar("T")
TABLE_SOURCE = "rules_table"
# What no match says, by what was looked up: {query} the text typed, {example} a name to try.
NO_MATCH = {
    "team": N_("No team matches `{query}`. Start typing and pick one from the list, e.g. {example}."),
    "position": N_(
        "No player type matches `{query}`. Start typing and pick one from the list, e.g. {example}."
    ),
    "skill": N_("No skill matches `{query}`. Start typing and pick one from the list, e.g. {example}."),
    "star": N_("No star player matches `{query}`. Start typing and pick one from the list, e.g. {example}."),
    "inducement": N_(
        "No inducement matches `{query}`. Start typing and pick one from the list, e.g. {example}."
    ),
    "table": N_("No table matches `{query}`. Start typing and pick one from the list, e.g. {example}."),
}


def _catalog(interaction: discord.Interaction) -> Catalog:
    return runtime_of(interaction).catalog


def _pick(query: str, items: list[T], label: Callable[[T], str], what: str, example: str) -> T:
    """Resolve what the user submitted: an exact id/name, else the single best match."""
    matches = best_matches(query, items, label)
    if not matches:
        raise NotFound(_(NO_MATCH[what], query=query[:50], example=example))
    return matches[0]


def find_team(catalog: Catalog, query: str) -> Team:
    return catalog.team(query) or _pick(
        query, list(catalog.teams.values()), lambda t: t.name, "team", "Human"
    )


def find_position(catalog: Catalog, query: str) -> tuple[Team, Position]:
    found = catalog.position(query)
    if found is not None:
        return found
    return _pick(
        query,
        list(catalog.positions.values()),
        lambda tp: f"{tp[1].name} {tp[0].name}",
        "position",
        "Gutter Runner",
    )


def find_skill(catalog: Catalog, query: str) -> Skill:
    return catalog.skill(query) or _pick(
        query, list(catalog.skills.values()), lambda s: s.name, "skill", "Block"
    )


def find_star(catalog: Catalog, query: str) -> Star:
    return catalog.star(query) or _pick(
        query, list(catalog.stars.values()), lambda s: s.name, "star", "Griff Oberwald"
    )


def find_inducement(catalog: Catalog, query: str) -> Inducement:
    return catalog.inducement(query) or _pick(
        query, list(catalog.inducements.values()), lambda i: i.name, "inducement", "Bribe"
    )


def find_table(catalog: Catalog, query: str) -> TableView:
    views = table_views(catalog)
    return views.get(query) or _pick(query, list(views.values()), lambda v: v.title, "table", "Weather")


async def render_table(interaction: discord.Interaction, key: str, page: int) -> RenderedPage:
    view = find_table(_catalog(interaction), key)
    pages = paginate_lines(view.lines(_catalog(interaction)))
    page = min(max(page, 0), len(pages) - 1)
    embed = discord.Embed(title=view.title, description="\n".join(pages[page]), colour=COLOUR)
    if len(pages) > 1:
        embed.set_footer(text=_("Page {page} of {pages}", page=page + 1, pages=len(pages)))
    return RenderedPage(embed=embed, page=page, page_count=len(pages), key=view.key)


register_page_source(TABLE_SOURCE, render_table)


def skill_label(skill: Skill) -> str:
    """'Block (General)', 'Loner (Trait)', 'Mighty Blow (Strength, Elite)'."""
    kind = _("Trait") if skill.is_trait else skill.category
    return (
        _("{skill} ({detail}, Elite)", skill=skill.name, detail=kind)
        if skill.elite
        else f"{skill.name} ({kind})"
    )


class RulesCog(
    commands.GroupCog,
    group_name="rules",
    group_description="Look up the BB2025 rules: teams, skills, star players, tables",
):
    def __init__(self, league_bot: Host) -> None:
        self.bot = league_bot
        super().__init__()

    @app_commands.command(
        name="team", description="A team roster: tier, re-roll cost, leagues and every player type"
    )
    @app_commands.describe(team="The team, e.g. Human, Skaven, Chaos Chosen")
    async def team(self, interaction: discord.Interaction, team: RosterOption) -> None:
        catalog = _catalog(interaction)
        await send_messages(interaction, embeds=team_embeds(catalog, find_team(catalog, team)))

    @app_commands.command(
        name="position", description="One player type: profile, skills with what they do, advance categories"
    )
    @app_commands.describe(position="The player type, e.g. Gutter Runner, Human Blitzer (type part of it)")
    async def position(self, interaction: discord.Interaction, position: str) -> None:
        catalog = _catalog(interaction)
        team, found = find_position(catalog, position)
        await send_messages(interaction, embeds=position_embeds(catalog, team, found))

    @position.autocomplete("position")
    async def position_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        positions = _catalog(interaction).positions.values()
        return offer(
            current,
            positions,
            lambda tp: position_label(*tp),
            lambda tp: tp[1].id,
            lambda tp: f"{tp[1].name} {tp[0].name}",
        )

    @app_commands.command(
        name="skill", description="A skill or trait: what it does, its category, Elite or not"
    )
    @app_commands.describe(skill="The skill or trait, e.g. Block, Dodge, Loner")
    async def skill(self, interaction: discord.Interaction, skill: str) -> None:
        catalog = _catalog(interaction)
        await send_messages(interaction, embeds=skill_embeds(catalog, find_skill(catalog, skill)))

    @skill.autocomplete("skill")
    async def skill_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        name = attrgetter("name")
        return offer(
            current,
            _catalog(interaction).skills.values(),
            skill_label,
            name,
            name,
        )

    @app_commands.command(
        name="star", description="A star player: cost, profile, who he plays for, Mega-Star, partner"
    )
    @app_commands.describe(star="The star player, e.g. Morg 'n' Thorg, Griff Oberwald")
    async def star(self, interaction: discord.Interaction, star: str) -> None:
        catalog = _catalog(interaction)
        await send_messages(interaction, embeds=star_embeds(catalog, find_star(catalog, star)))

    @star.autocomplete("star")
    async def star_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        catalog = _catalog(interaction)

        def label(star: Star) -> str:
            cost = k(catalog.star_cost(star))
            return (
                _("{star} ({cost} pair)", star=star.name, cost=cost) if star.pair else f"{star.name} ({cost})"
            )

        return offer(current, catalog.stars.values(), label, attrgetter("name"), attrgetter("name"))

    @app_commands.command(name="inducement", description="An inducement: cost, limit, who may buy it")
    @app_commands.describe(inducement="The inducement, e.g. Bribe, Wandering Apothecary")
    async def inducement(self, interaction: discord.Interaction, inducement: str) -> None:
        catalog = _catalog(interaction)
        await send_messages(
            interaction, embeds=inducement_embeds(catalog, find_inducement(catalog, inducement))
        )

    @inducement.autocomplete("inducement")
    async def inducement_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        return offer(
            current,
            _catalog(interaction).inducements.values(),
            lambda i: f"{i.name} ({k(i.cost) if i.cost is not None else _('varies')})",
            attrgetter("id"),
            attrgetter("name"),
        )

    @app_commands.command(
        name="table",
        description="Show a rules table: expensive mistakes, casualty, weather, kick-off, match events ...",
    )
    @app_commands.describe(
        table="The table, e.g. Expensive Mistakes, Casualty, Weather, Random General skills"
    )
    async def table(self, interaction: discord.Interaction, table: str) -> None:
        view = find_table(_catalog(interaction), table)
        await send_paginated(interaction, TABLE_SOURCE, view.key, ephemeral=False)

    @table.autocomplete("table")
    async def table_autocomplete(self, interaction: discord.Interaction, current: str) -> Choices:
        return offer(
            current, table_views(_catalog(interaction)).values(), attrgetter("title"), attrgetter("key")
        )


async def setup(league_bot: Host) -> None:
    await league_bot.add_cog(RulesCog(league_bot))
