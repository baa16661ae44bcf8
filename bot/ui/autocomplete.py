"""Autocomplete shared by several command groups: leagues, teams, my open fixtures, my players, my roster's
positions."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from operator import attrgetter
from typing import Any, ParamSpec, Protocol, TypeVar

import discord
from discord import app_commands

from bot.catalog import Catalog
from bot.catalog.models import Position
from bot.catalog.search import best_matches
from bot.errors import DomainError
from bot.i18n import _
from bot.rules import statuses
from bot.services.league import leagues
from bot.services.match import postgame_roster, results
from bot.services.records import Fixture
from bot.services.roster import team_lookup
from bot.services.roster.team_lookup import TeamChoice
from bot.services.tournament import tournaments
from bot.text import fit_pair, shorten
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import gp

Choices = list[app_commands.Choice[str]]
T = TypeVar("T")
P = ParamSpec("P")
C = TypeVar("C")


def answered(complete: Callable[P, Awaitable[list[C]]]) -> Callable[P, Coroutine[Any, Any, list[C]]]:
    """An autocomplete that answers a refusal (no event on the server yet, several and none chosen, no team
    of yours) with no choices: Discord shows "Loading options failed" for one that raises."""

    @functools.wraps(complete)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> list[C]:
        try:
            return await complete(*args, **kwargs)
        except DomainError:
            return []

    return guarded


CHOICE_NAME_LIMIT = 100  # Discord's limit for an autocomplete choice's name


def choice(name: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=shorten(name, CHOICE_NAME_LIMIT), value=value[:100])


def offer(
    current: str,
    items: Iterable[T],
    label: Callable[[T], str],
    value: Callable[[T], str],
    key: Callable[[T], str] | None = None,
) -> Choices:
    """The items that best match what the user typed (against `key`, by default the label), as choices."""
    return [choice(label(item), value(item)) for item in best_matches(current, items, key or label)]


def team_choice(catalog: Catalog, team: TeamChoice, status: str) -> app_commands.Choice[str]:
    """`Reavers (Human, approved)`: a team, its roster and its status."""
    roster = catalog.teams[team.roster].name if team.roster in catalog.teams else team.roster
    return choice(f"{team.name} ({roster}, {status})", f"t:{team.id}")


def position_choices(current: str, positions: Iterable[Position]) -> Choices:
    """The positions a roster hires, with how many it may have and their price."""
    return offer(
        current,
        positions,
        lambda p: f"{p.name} (0-{p.max}, {gp(p.cost)})",
        lambda p: p.id,
        attrgetter("name"),
    )


class Player(Protocol):
    """A player as autocomplete offers him."""

    @property
    def id(self) -> int: ...

    @property
    def number(self) -> int: ...

    @property
    def name(self) -> str: ...


def player_choices(current: str, players: Iterable[Player]) -> Choices:
    """A team's players by shirt number and name."""
    return offer(current, players, lambda p: f"#{p.number} {p.name}", lambda p: f"p:{p.id}")


def fixture_choice(head: str, home: str, away: str, tail: str, value: str) -> app_commands.Choice[str]:
    """`#12 R3 Home v Away (reported)`: long team names are shortened evenly, so both stay readable."""
    home, away = fit_pair(home, away, CHOICE_NAME_LIMIT - len(head) - len(tail) - len(" v "))
    return choice(f"{head}{home} v {away}{tail}", value)


def _league_option(interaction: discord.Interaction) -> str | None:
    value = getattr(interaction.namespace, "league", None)
    return str(value) if value else None


async def league_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    found = await leagues.list_leagues(runtime_of(interaction), actor_of(interaction).guild_id)
    return [
        choice(league.name, f"l:{league.id}") for league in best_matches(current, found, lambda lg: lg.name)
    ]


async def tournament_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    found = await tournaments.list_events(runtime_of(interaction), actor_of(interaction).guild_id)
    return [choice(event.name, f"l:{event.id}") for event in best_matches(current, found, lambda ev: ev.name)]


async def team_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    rt = runtime_of(interaction)
    found = await team_lookup.team_choices(rt, actor_of(interaction).guild_id, _league_option(interaction))
    return [
        team_choice(rt.catalog, t, statuses.team_status(t.status))
        for t in best_matches(current, found, lambda t: t.name)
    ]


async def my_player_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    found = await team_lookup.my_players(
        runtime_of(interaction), actor_of(interaction), _league_option(interaction)
    )
    return player_choices(current, found)


async def my_position_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    roster = await team_lookup.my_roster(
        runtime_of(interaction), actor_of(interaction), _league_option(interaction)
    )
    return [] if roster is None else position_choices(current, roster.positions)


async def roster_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    rosters = runtime_of(interaction).catalog.teams.values()
    return offer(
        current,
        rosters,
        lambda t: _("{roster} (tier {tier})", roster=t.name, tier=t.tier),
        lambda t: t.id,
        lambda t: t.name,
    )


async def regional_league_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    catalog = runtime_of(interaction).catalog
    roster = catalog.team(str(getattr(interaction.namespace, "roster", "") or ""))
    names = list(roster.leagues) if roster else list(catalog.leagues)
    return [choice(name, name) for name in best_matches(current, names)]


async def alignment_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    catalog = runtime_of(interaction).catalog
    roster = catalog.team(str(getattr(interaction.namespace, "roster", "") or ""))
    if roster is None or roster.favoured_of is None:
        return []
    return [
        choice(f"Favoured of {name}", name)
        for name in best_matches(current, list(roster.favoured_of.options))
    ]


async def hatred_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The keywords the chosen player may come to hate (Getting Even)."""
    player = str(getattr(interaction.namespace, "player", "") or "")
    if not player:
        return []
    options = await postgame_roster.hatred_options(
        runtime_of(interaction), actor_of(interaction), _league_option(interaction), player
    )
    return [choice(f"Hatred ({k})", k) for k in best_matches(current, options)]


async def fixture_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    found = await results.open_fixtures(runtime_of(interaction), actor_of(interaction))
    return [
        _fixture_choice(f)
        for f in best_matches(
            current, found, lambda f: f"{f.id} {f.home_name} {f.away_name}", keep_order=True
        )  # the service orders them: the open round's games first
    ]


def _fixture_choice(fx: Fixture) -> app_commands.Choice[str]:
    prefix = _("R{round}", round=fx.round_number) + " " if fx.round_number else ""
    state = "" if fx.status == "scheduled" else f" ({statuses.fixture_status(fx.status)})"
    return fixture_choice(f"#{fx.id} {prefix}", fx.home_name, fx.away_name, state, f"f:{fx.id}")
