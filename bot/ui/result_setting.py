"""The one body of /league result (a commissioner) and /event result (the event's organiser): set or correct
a result through the one service (services/match/results.py `set_result`, told who decides), answer with the
result (and, when it changed who won, how the fans followed it), post the post-game a first confirmation
ran, and announce it in the competition's channel when the command was used elsewhere. The answer is public:
it is worded in the competition's language."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from bot import i18n
from bot.catalog.search import best_matches
from bot.i18n import N_, _
from bot.rules.match.match_result import Side
from bot.services.league import leagues
from bot.services.match import results
from bot.services.match.results import Referee, SideInput
from bot.services.records import Fixture
from bot.ui.announce import announce
from bot.ui.autocomplete import Choices, fixture_choice
from bot.ui.context import actor_of, runtime_of
from bot.ui.formatting import plain
from bot.ui.limits import send_messages
from bot.ui.options import Completed
from bot.ui.result_views import follow_with_postgame, result_embeds

SHOOT_OUT: dict[str, Side] = {"home": "home", "away": "away"}  # the penalty_winner option's values
STATUS = {"reported": N_("reported"), "disputed": N_("DISPUTED"), "confirmed": N_("confirmed")}  # in brackets


def fixture_choices(current: str, found: Sequence[Fixture], *, keep_order: bool = False) -> Choices:
    """Fixtures to decide, as typed so far: `#12 Home v Away (DISPUTED)` (`keep_order`: as `found` orders
    them among equal matches)."""
    return [
        fixture_choice(f"#{f.id} ", f.home_name, f.away_name, _status(f.status), f"f:{f.id}")
        for f in best_matches(current, found, _searched, keep_order=keep_order)
    ]


def _status(status: str) -> str:
    """` (reported)` after a fixture's teams, nothing for one still to play."""
    return f" ({_(STATUS[status])})" if status in STATUS else ""


def _searched(fx: Fixture) -> str:
    return f"{fx.id} {fx.home_name} {fx.away_name} {fx.status}"


async def event_game_autocomplete(interaction: discord.Interaction, current: str) -> Choices:
    """The games of the event named in the command's `tournament` option (or the server's only one)."""
    value = getattr(interaction.namespace, "tournament", None)
    found = await results.event_games(
        runtime_of(interaction), actor_of(interaction).guild_id, str(value) if value else None
    )
    return fixture_choices(current, found, keep_order=True)  # disputed and held first


EventGame = app_commands.Transform[str, Completed(event_game_autocomplete)]  # a game of the event


async def set_result(
    client: discord.Client,
    interaction: discord.Interaction,
    fixture: str,
    sides: tuple[SideInput, SideInput],
    reason: str,
    *,
    extra_time: bool,
    penalty_winner: str | None,
    by: Referee,
) -> None:
    """Set the result as `by` decides it, and answer (see the module's docstring)."""
    rt, actor = runtime_of(interaction), actor_of(interaction)
    home, away = sides
    outcome = await results.set_result(
        rt,
        actor,
        fixture,
        home,
        away,
        reason,
        extra_time=extra_time,
        penalty_winner=SHOOT_OUT.get(penalty_winner or ""),
        by=by,
    )
    competition = await leagues.get_competition(rt, actor.guild_id, outcome.fixture.league_id)
    with i18n.using(competition.language):  # the channel sees it
        user, why = interaction.user.mention, plain(reason)
        if by.organiser:
            heading = _("Set by organiser {user}: {reason}", user=user, reason=why)
        else:
            heading = _("Set by commissioner {user}: {reason}", user=user, reason=why)
        embeds = result_embeds(outcome, heading=heading)
    fans = "\n".join(plain(line) for line in outcome.fans) or None
    await send_messages(interaction, fans, embeds=embeds)
    await follow_with_postgame(interaction, outcome.fixture, outcome.postgame)
    if competition.announce_channel_id not in (None, interaction.channel_id):
        await announce(client, competition, content=fans, embeds=embeds)
