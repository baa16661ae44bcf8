"""The command body /team and /roster share (and /league and /event for the review): a drafting command
(create or register, hire, fire, staff, submit, approve or reject, and the steps only one of them has) calls
its step of the one roster service (services/roster) and answers with what happened and the sheet after it,
to the caller alone. A `Desk` says how one competition's sheet is drawn: a league team's Team Draft List
(`TEAMS`) or an event roster (`ROSTERS`). The cogs keep their own names, options and descriptions:

    await drafting.step(TEAMS, interaction, teams.hire_players, league, position, count, name, number)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar

import discord

from bot.i18n import _, ngettext
from bot.services.roster.event_rosters import TournamentSheet
from bot.services.roster.team_lookup import TeamSheet
from bot.services.runtime import Actor, Runtime
from bot.services.tournament.tournament_entries import Reviewed
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.league_views import team_sheet_embeds
from bot.ui.limits import fields, pack_embeds, send_messages
from bot.ui.roster_views import roster_embeds

S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)
P = ParamSpec("P")


class Drafted(Protocol[S_co]):
    """What a drafting step returns: the sheet as it is now, and what happened."""

    @property
    def sheet(self) -> S_co: ...

    @property
    def message(self) -> str: ...


R = TypeVar("R", bound=Drafted[Any])


@dataclass(frozen=True)
class Desk(Generic[S]):
    """How one competition's sheet is drawn after a drafting step."""

    embeds: Callable[[S], list[discord.Embed]]


TEAMS: Desk[TeamSheet] = Desk(team_sheet_embeds)
ROSTERS: Desk[TournamentSheet] = Desk(roster_embeds)


async def reply(desk: Desk[Any], interaction: discord.Interaction, result: R, *, sheet: bool = True) -> R:
    """What the step did and (unless `sheet` is false) the sheet after it, to the caller alone."""
    embeds = desk.embeds(result.sheet) if sheet else []
    await send_messages(interaction, result.message, embeds, ephemeral=True)
    return result


async def step(
    desk: Desk[Any],
    interaction: discord.Interaction,
    service: Callable[Concatenate[Runtime, Actor, P], Awaitable[R]],
    *args: P.args,
    **kwargs: P.kwargs,
) -> R:
    """Run the caller's step (the service is given the runtime and the caller, then the options) and
    answer with its message and the sheet."""
    result = await service(runtime_of(interaction), actor_of(interaction), *args, **kwargs)
    return await reply(desk, interaction, result)


async def reply_reviewed(interaction: discord.Interaction, reviewed: Reviewed) -> None:
    """Every roster the organiser approved at once, and each one not approved with every rule it breaks, to
    the caller alone (as many embeds and messages as a large event takes), after the deferred answer."""
    approved, refused = reviewed.approved, reviewed.refused
    if refused:
        summary = ngettext(
            "{n} roster approved, {refused} not: each stays submitted until its coach fixes it (or you "
            "reject it with /event reject).",
            "{n} rosters approved, {refused} not: each stays submitted until its coach fixes it (or you "
            "reject it with /event reject).",
            len(approved),
            refused=len(refused),
        )
    else:
        summary = ngettext("All {n} roster approved.", "All {n} rosters approved.", len(approved))
    body = fields(_("Approved"), [plain(name) for name in approved], empty=_("None"))
    if refused:
        body += fields(_("Not approved"), [plain(why) for why in refused])
    embeds = pack_embeds(_("{event}: rosters reviewed", event=plain(reviewed.event.name)), body)
    await send_messages(interaction, summary, embeds, ephemeral=True, followup=True)
